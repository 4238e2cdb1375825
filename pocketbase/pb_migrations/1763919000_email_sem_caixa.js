// One account per mailbox, whatever the capitals (docs/decisions.md). The e-mail's unique index compares without
// case (`COLLATE NOCASE`), and PocketBase then looks an address up the same way (FindAuthRecordByEmail): logging in
// as MARIA@… reaches maria@…'s account, an e-mail change to another account's address in other capitals is
// refused as taken, and two registrations of one address in other capitals cannot both be written, even at the
// same instant (lib/contas.js's check before the insert answers the usual case in the app's words).
// Accounts already registered twice in other capitals stop the migration, named, for the operator to merge.
const EMAIL = /\(`email`\)/;
const SEM_CAIXA = '(`email` COLLATE NOCASE)';

function indiceTrocado(app, de, para) {
  const usuarios = app.findCollectionByNameOrId('usuarios');
  usuarios.indexes = usuarios.indexes.map((i) => (/idx_email_/.test(i) ? i.replace(de, para) : i));
  app.save(usuarios);
}

migrate(
  (app) => {
    const repetidos = arrayOf(new DynamicModel({ email: '' }));
    app
      .db()
      .newQuery(
        "SELECT LOWER(email) AS email FROM usuarios WHERE email != '' GROUP BY LOWER(email) HAVING COUNT(*) > 1",
      )
      .all(repetidos);
    if (repetidos.length > 0) {
      throw new Error(
        'E-mails cadastrados em mais de uma conta (com maiúsculas diferentes): ' +
          repetidos.map((r) => r.email).join(', ') +
          '. Una as contas antes de atualizar.',
      );
    }
    indiceTrocado(app, EMAIL, SEM_CAIXA);
  },
  (app) => indiceTrocado(app, SEM_CAIXA, '(`email`)'),
);
