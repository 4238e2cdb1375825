// A booking's life in the back office (issue #11): the note staff write to the customer, and the history of
// every change (who, when, from what to what, the e-mail it sent), written by the server's hooks only.
migrate(
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    // What staff tell the customer (for ANALISE_ERRO: what is wrong); e-mailed with the status, read by the owner.
    agendamentos.fields.add(new TextField({ name: 'nota_cliente', max: 2000 }));
    app.save(agendamentos);

    app.save(
      new Collection({
        type: 'base',
        name: 'historico_agendamentos',
        // Staff read the history of any booking (the booking page); customers never see who did what.
        listRule: '@request.auth.admin = true',
        viewRule: '@request.auth.admin = true',
        // Written by the server's hooks only, in the transaction of the change it records: nobody can forge,
        // skip, edit or erase an entry from a browser.
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
          // Who saved (empty when the server itself did, e.g. the NOVO booking of a payment).
          { type: 'relation', name: 'autor', collectionId: usuarios.id, maxSelect: 1 },
          // The author's name as it was then ('Sistema' for the server).
          { type: 'text', name: 'autor_nome', max: 120 },
          // [{campo, de, para}], the stored values as text.
          { type: 'json', name: 'alteracoes', maxSize: 65536 },
          // The status e-mail this change sent: to whom, whether it went (ENVIADO / FALHOU, '' = none), subject.
          { type: 'text', name: 'email_para', max: 255 },
          { type: 'text', name: 'email_status', max: 20 },
          { type: 'text', name: 'email_assunto', max: 200 },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: ['CREATE INDEX idx_historico_agendamento ON historico_agendamentos (agendamento, created)'],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('historico_agendamentos'));
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.fields.removeByName('nota_cliente');
    app.save(agendamentos);
  },
);
