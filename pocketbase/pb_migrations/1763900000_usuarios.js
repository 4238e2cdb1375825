// Customers and staff. Registration is open; everything a customer could use to raise their own rights
// (admin, verified) or to change who they are after paying (CPF, e-mail, name) is closed to them.
migrate(
  (app) => {
    // PocketBase's starter `users` collection is open for sign-up and unused here: one auth collection only.
    try {
      app.delete(app.findCollectionByNameOrId('users'));
    } catch (_) {
      /* already gone */
    }

    const usuarios = new Collection({
      type: 'auth',
      name: 'usuarios',
      // A customer reads only their own account; staff read every customer (the bookings list expands them).
      listRule: 'id = @request.auth.id || @request.auth.admin = true',
      viewRule: 'id = @request.auth.id || @request.auth.admin = true',
      // Anyone may register, but never as staff nor as already verified.
      createRule: '@request.body.admin:isset = false && @request.body.verified:isset = false',
      // Only the account's owner, and only their phone and password (the hook says which field was refused).
      updateRule:
        'id = @request.auth.id && @request.body.admin:isset = false && @request.body.verified:isset = false && ' +
        '@request.body.email:isset = false && @request.body.cpf:isset = false && @request.body.nome_completo:isset = false',
      // Accounts are never deleted from the browser: a deletion request is recorded for staff (LGPD).
      deleteRule: null,
      // Unverified accounts may authenticate so that the app can tell them to verify (seed §4).
      authRule: '',
      manageRule: null,
      fields: [
        { type: 'text', name: 'nome_completo', required: true, max: 120 },
        { type: 'text', name: 'cpf', required: true, max: 14 },
        { type: 'text', name: 'celular', required: true, max: 20 },
        // The staff flag: set only by a superuser (PocketBase's admin screen).
        { type: 'bool', name: 'admin' },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_usuarios_nome ON usuarios (nome_completo)'],
      passwordAuth: { enabled: true, identityFields: ['email'] },
    });
    app.save(usuarios);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('usuarios'));
  },
);
