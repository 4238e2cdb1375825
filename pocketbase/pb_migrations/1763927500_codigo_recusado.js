// When staff record that the code the customer handed over was wrong or expired ('codigo_errado'), the booking's
// handling records when (lib/dia_comum.js tentativaNoAtendimento): the customer's standby page, which reads only its
// own handling live, says at once that the code did not work, until staff ask again (estadoDoPedido). A date, never
// the code.
migrate(
  (app) => {
    const atendimentos = app.findCollectionByNameOrId('atendimentos');
    atendimentos.fields.add(new DateField({ name: 'recusado_em' }));
    app.save(atendimentos);
  },
  (app) => {
    const atendimentos = app.findCollectionByNameOrId('atendimentos');
    atendimentos.fields.removeByName('recusado_em');
    app.save(atendimentos);
  },
);
