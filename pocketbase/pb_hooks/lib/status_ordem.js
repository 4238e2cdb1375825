// The status's place in the process on each booking (`status_ordem`: 1 for NOVO …, lib/paginas.js ordemDoStatus),
// kept by the server so the staff list sorts its status column in the process's order from an index
// (`(status_ordem, created, id)`, migration 1763927000; lib/paginas.js chavesDe) instead of alphabetically or by a
// CASE over every row. Set on every save of a booking (agendamentos.pb.js: staff, webhooks, jobs alike); refused in
// a staff request by name (agenda_comum.js COLUNAS_DO_SERVIDOR); customers write no booking.

/** Sets the booking's rank from its status (a model hook, before the row is written). */
function copiarParaAgendamento(registro) {
  const ordem = require(`${__hooks}/lib/paginas.js`).ordemDoStatus(
    registro.getString('status_agendamento'),
    require(`${__hooks}/lib/regras.json`),
  );
  if (registro.getInt('status_ordem') !== ordem) registro.set('status_ordem', ordem);
}

/**
 * Every booking's rank written again, in one statement (the migration's backfill; rows written around the hooks:
 * lib/manutencao.js recalcular). Raw SQL: `updated` kept, no history entry.
 */
function atualizarTodos(app) {
  const ordens = require(`${__hooks}/lib/paginas.js`).ordemDosStatus(require(`${__hooks}/lib/regras.json`));
  const params = { outro: ordens.length + 1 };
  const casos = ordens.map((status, i) => {
    params['s' + i] = status;
    params['o' + i] = i + 1;
    return 'WHEN {:s' + i + '} THEN {:o' + i + '}';
  });
  const ordem = 'CASE status_agendamento ' + casos.join(' ') + ' ELSE {:outro} END';
  app
    .db()
    .newQuery('UPDATE agendamentos SET status_ordem = ' + ordem + ' WHERE status_ordem IS NOT ' + ordem)
    .bind(params)
    .execute();
}

module.exports = { copiarParaAgendamento, atualizarTodos };
