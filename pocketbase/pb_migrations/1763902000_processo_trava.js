// What was checked stays checked (issue #25): an applicant sent for review carries `enviado_em` (set by the
// server at 'Enviar para análise'; after it, a change is a recorded correction), staff may correct applicants
// too (the hook records it), and each account's uploads are counted (`envios_arquivo`) to rate them.
migrate(
  (app) => {
    const DONO = 'agendamento.usuario = @request.auth.id';
    const STAFF = '@request.auth.admin = true';
    const requerentes = app.findCollectionByNameOrId('requerentes');
    requerentes.fields.add(new DateField({ name: 'enviado_em' }));
    // Neither the booking nor the sending mark come from a browser; the owner or staff write the data (the
    // hook decides when: a draft, a correction, or nothing after approval).
    const semSistema = '@request.body.agendamento:isset = false && @request.body.enviado_em:isset = false';
    requerentes.createRule = DONO + ' && @request.body.enviado_em:isset = false';
    requerentes.updateRule = '(' + DONO + ' || ' + STAFF + ') && ' + semSistema;
    app.save(requerentes);
    // Applicants whose documents were already sent count as sent.
    app
      .db()
      .newQuery(
        'UPDATE requerentes SET enviado_em = updated WHERE EXISTS (SELECT 1 FROM documentos d WHERE ' +
          "d.requerente = requerentes.id AND d.status IN ('em_analise', 'aprovado', 'recusado'))",
      )
      .execute();

    app.save(
      new Collection({
        type: 'base',
        name: 'envios_arquivo',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'text', name: 'usuario', required: true, max: 40 },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: ['CREATE INDEX idx_envios_arquivo ON envios_arquivo (usuario, created)'],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('envios_arquivo'));
    const DONO = 'agendamento.usuario = @request.auth.id';
    const requerentes = app.findCollectionByNameOrId('requerentes');
    requerentes.fields.removeByName('enviado_em');
    requerentes.createRule = DONO;
    requerentes.updateRule = DONO + ' && @request.body.agendamento:isset = false';
    app.save(requerentes);
  },
);
