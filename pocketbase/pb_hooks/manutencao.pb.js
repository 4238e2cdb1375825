// Superusers write the server's kept copies again from their sources (lib/manutencao.js): after rows were written
// past the hooks (the demo's seed, a restored backup, a fix in the database).
routerAdd(
  'POST',
  '/api/manutencao/recalcular',
  (e) => e.json(200, require(`${__hooks}/lib/manutencao.js`).recalcular(e.app)),
  $apis.requireSuperuserAuth(),
);
