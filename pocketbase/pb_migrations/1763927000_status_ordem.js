// The staff list sorts its status column in the process's order (NOVO, ANALISE_ERRO, ANALISE_OK, AGENDADO,
// FINALIZADO, then CANCELADO), not alphabetically: each booking carries its status's place, `status_ordem`, kept by
// the server (lib/status_ordem.js) and indexed with the ties every sort ends with (lib/paginas.js chavesDe), so a
// page of that sort at a million bookings is an index walk, as the other columns' are.
migrate(
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    // Written only by the server: customers cannot write bookings, and staff's saves that send it are refused
    // (agenda_comum.js COLUNAS_DO_SERVIDOR).
    agendamentos.fields.add(new NumberField({ name: 'status_ordem', onlyInt: true }));
    agendamentos.indexes.push(
      'CREATE INDEX idx_agendamentos_status_ordem ON agendamentos (status_ordem, created, id)',
    );
    app.save(agendamentos);
    require(`${__hooks}/lib/status_ordem.js`).atualizarTodos(app);
  },
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.indexes = agendamentos.indexes.filter((i) => i.indexOf('idx_agendamentos_status_ordem') < 0);
    agendamentos.fields.removeByName('status_ordem');
    app.save(agendamentos);
  },
);
