// Defences against a hostile client (pb_hooks/lib/seguranca.js): the failed logins that lock an account, the
// account e-mails sent per address, one account per CPF, CPF and phone stored as digits, and account e-mails
// that never open with text a user chose.
migrate(
  (app) => {
    const soServidor = {
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
    };
    app.save(
      new Collection(
        Object.assign({}, soServidor, {
          type: 'base',
          name: 'falhas_login',
          fields: [
            // The e-mail typed at login, lower case (an address with no account is counted too).
            { type: 'text', name: 'identidade', required: true, max: 255 },
            { type: 'text', name: 'ip', max: 64 },
            { type: 'autodate', name: 'created', onCreate: true },
          ],
          indexes: ['CREATE INDEX idx_falhas_login ON falhas_login (identidade, created)'],
        }),
      ),
    );
    app.save(
      new Collection(
        Object.assign({}, soServidor, {
          type: 'base',
          name: 'envios_email',
          fields: [
            { type: 'text', name: 'para', required: true, max: 255 },
            { type: 'text', name: 'tipo', required: true, max: 30 },
            { type: 'autodate', name: 'created', onCreate: true },
          ],
          indexes: ['CREATE INDEX idx_envios_email ON envios_email (para, created)'],
        }),
      ),
    );

    // CPF and phone as digits only; then one account per CPF (a duplicate stops the migration: staff decide).
    app
      .db()
      .newQuery("UPDATE usuarios SET cpf = REPLACE(REPLACE(REPLACE(cpf, '.', ''), '-', ''), ' ', '')")
      .execute();
    app
      .db()
      .newQuery(
        "UPDATE usuarios SET celular = REPLACE(REPLACE(REPLACE(REPLACE(celular, '(', ''), ')', ''), '-', ''), ' ', '')",
      )
      .execute();
    const usuarios = app.findCollectionByNameOrId('usuarios');
    usuarios.fields.getByName('cpf').max = 11;
    usuarios.fields.getByName('celular').max = 11;
    usuarios.addIndex('idx_usuarios_cpf', true, 'cpf', '');

    // A name is chosen by whoever registers, and these mails can reach an address its owner never confirmed.
    const sem = (corpo) => corpo.replace('<p>Olá, {RECORD:nome_completo}.</p>', '<p>Olá.</p>');
    usuarios.verificationTemplate.body = sem(usuarios.verificationTemplate.body);
    usuarios.resetPasswordTemplate.body = sem(usuarios.resetPasswordTemplate.body);
    usuarios.confirmEmailChangeTemplate.body = sem(usuarios.confirmEmailChangeTemplate.body);
    usuarios.authAlert.emailTemplate.body = sem(usuarios.authAlert.emailTemplate.body);
    app.save(usuarios);
  },
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');
    usuarios.removeIndex('idx_usuarios_cpf');
    usuarios.fields.getByName('cpf').max = 14;
    usuarios.fields.getByName('celular').max = 20;
    app.save(usuarios);
    app.delete(app.findCollectionByNameOrId('envios_email'));
    app.delete(app.findCollectionByNameOrId('falhas_login'));
  },
);
