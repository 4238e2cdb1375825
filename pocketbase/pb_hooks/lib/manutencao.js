// The copies the server keeps beside their sources, written again from them by the kit's own code: each account's
// search column and each booking's copies of it (lib/busca.js), each booking's case summary
// (lib/processo_resumo.js), its order's invoice state (lib/notas.js), its status's place (lib/status_ordem.js) and the
// staff list's rule (lib/lista_equipe.js).
// The hooks keep them as records change; superusers run this after rows were written past the hooks: the demo's
// seed (scripts/backend/seed.mjs), a restored backup, a fix made in the database.

/** Every copy written again, in one transaction; returns how many accounts and bookings it went over. */
function recalcular(app) {
  const busca = require(`${__hooks}/lib/busca.js`);
  app.runInTransaction((tx) => {
    busca.reescreverUsuarios(tx);
    busca.copiarChavesATodos(tx);
    require(`${__hooks}/lib/processo_resumo.js`).atualizarTodos(tx);
    require(`${__hooks}/lib/notas.js`).copiarTodasAosAgendamentos(tx);
    require(`${__hooks}/lib/status_ordem.js`).atualizarTodos(tx);
  });
  require(`${__hooks}/lib/lista_equipe.js`).atualizarRegra(app);
  return { usuarios: app.countRecords('usuarios'), agendamentos: app.countRecords('agendamentos') };
}

module.exports = { recalcular };
