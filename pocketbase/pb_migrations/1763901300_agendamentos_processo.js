// The staff list finds who is ready at each consulate: each booking carries its case file's summary,
// `consulado` and `documentacao`, kept by the server (pb_hooks/processo.pb.js, lib/processo_resumo.js) and
// indexed, so "aprovada at Curitiba" is one indexed read of the bookings alone at 100,000 of them.
migrate(
  (app) => {
    const resumo = require(`${__hooks}/lib/processo_resumo.js`);
    const regras = require(`${__hooks}/lib/processo_regras.json`);
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    // Written only by the server: customers cannot update bookings, and staff's saves that send either are
    // refused (lib/agenda.js). A booking whose applicants are served by different consulates holds 'varios'.
    agendamentos.fields.add(
      new SelectField({
        name: 'consulado',
        values: Object.keys(regras.consulados).concat([resumo.VARIOS]),
        maxSelect: 1,
      }),
    );
    agendamentos.fields.add(
      new SelectField({ name: 'documentacao', values: resumo.DOCUMENTACAO, maxSelect: 1 }),
    );
    agendamentos.indexes.push(
      'CREATE INDEX idx_agendamentos_consulado ON agendamentos (consulado, documentacao, created)',
    );
    agendamentos.indexes.push(
      'CREATE INDEX idx_agendamentos_documentacao ON agendamentos (documentacao, created)',
    );
    // The consulate alone, newest first, without sorting its rows.
    agendamentos.indexes.push(
      'CREATE INDEX idx_agendamentos_consulado_created ON agendamentos (consulado, created)',
    );
    app.save(agendamentos);
    resumo.atualizarTodos(app);
  },
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.indexes = agendamentos.indexes.filter(
      (i) => i.indexOf('idx_agendamentos_consulado') < 0 && i.indexOf('idx_agendamentos_documentacao') < 0,
    );
    agendamentos.fields.removeByName('consulado');
    agendamentos.fields.removeByName('documentacao');
    app.save(agendamentos);
  },
);
