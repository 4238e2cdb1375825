// After the slot (issue #28): each reminder sent to each applicant, once (the unique index holds it across
// restarts), with the applicant's answer; what staff record about an appointment (a no-show, a re-booking),
// which keeps the case from closing itself; and when the server closed a case (it does that once).
migrate(
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    const compromissos = app.findCollectionByNameOrId('compromissos');
    const requerentes = app.findCollectionByNameOrId('requerentes');
    const STAFF = '@request.auth.admin = true';

    // '' nothing; nao_compareceu (a no-show); remarcacao (a re-booking is under way). Staff write it.
    compromissos.fields.add(
      new SelectField({ name: 'ocorrencia', values: ['nao_compareceu', 'remarcacao'], maxSelect: 1 }),
    );
    app.save(compromissos);

    // When the server's daily job set FINALIZADO (it never does it twice: staff may reopen the case).
    agendamentos.fields.add(new DateField({ name: 'finalizado_auto_em' }));
    app.save(agendamentos);

    app.save(
      new Collection({
        type: 'base',
        name: 'lembretes',
        // The owner (tracking) and staff read; only the server writes (the cron, the answer's link).
        listRule: 'agendamento.usuario = @request.auth.id || ' + STAFF,
        viewRule: 'agendamento.usuario = @request.auth.id || ' + STAFF,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: 'relation',
            name: 'agendamento',
            required: true,
            collectionId: agendamentos.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          {
            type: 'relation',
            name: 'compromisso',
            required: true,
            collectionId: compromissos.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          {
            type: 'relation',
            name: 'requerente',
            required: true,
            collectionId: requerentes.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          // d7 and d1: 7 days and 1 day before the appointment (São Paulo days).
          { type: 'select', name: 'tipo', required: true, values: ['d7', 'd1'], maxSelect: 1 },
          { type: 'bool', name: 'enviado' },
          { type: 'select', name: 'resposta', values: ['vou_comparecer', 'preciso_remarcar'], maxSelect: 1 },
          { type: 'date', name: 'resposta_em' },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_lembretes_unico ON lembretes (compromisso, requerente, tipo)',
          'CREATE INDEX idx_lembretes_agendamento ON lembretes (agendamento)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('lembretes'));
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.fields.removeByName('finalizado_auto_em');
    app.save(agendamentos);
    const compromissos = app.findCollectionByNameOrId('compromissos');
    compromissos.fields.removeByName('ocorrencia');
    app.save(compromissos);
  },
);
