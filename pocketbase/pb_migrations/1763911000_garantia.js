// The guarantee (issue #29 item 4; lib/garantia.js): each attempt records the consulate window it belongs to and
// what it means for the guarantee (set by the server, never by staff); the relay records when the customer last
// handed over what staff asked (the relayed value itself is deleted minutes later); the order records when the
// guarantee's refund was claimed, so it is asked of Asaas once.
migrate(
  (app) => {
    const tentativas = app.findCollectionByNameOrId('tentativas_agendamento');
    // The start of the consulate's release window the attempt was made in ('' when none is known).
    tentativas.fields.add(new DateField({ name: 'janela' }));
    // conta (the window counts), correcao / documentos / codigo (the customer owed it: the window does not
    // count), fora (not ready to book, no known window, or the guarantee off).
    tentativas.fields.add(
      new SelectField({
        name: 'garantia',
        values: ['conta', 'correcao', 'documentos', 'codigo', 'fora'],
        maxSelect: 1,
      }),
    );
    // Staff's attempts never carry what the server sets.
    tentativas.createRule =
      tentativas.createRule +
      ' && @request.body.janela:isset = false && @request.body.garantia:isset = false';
    app.save(tentativas);

    const atendimentos = app.findCollectionByNameOrId('atendimentos');
    // When the customer last finished a relayed password or code (the 6th digit, or 'Enviar').
    atendimentos.fields.add(new DateField({ name: 'entregue_em' }));
    app.save(atendimentos);

    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    // When the guarantee's refund was claimed (set once, by raw SQL, before Asaas is asked).
    pagamentos.fields.add(new DateField({ name: 'garantia_estorno_em' }));
    app.save(pagamentos);
  },
  (app) => {
    const campos = {
      tentativas_agendamento: ['janela', 'garantia'],
      atendimentos: ['entregue_em'],
      pagamentos: ['garantia_estorno_em'],
    };
    Object.keys(campos).forEach((nome) => {
      const colecao = app.findCollectionByNameOrId(nome);
      campos[nome].forEach((campo) => colecao.fields.removeByName(campo));
      if (nome === 'tentativas_agendamento') {
        colecao.createRule = colecao.createRule.replace(
          ' && @request.body.janela:isset = false && @request.body.garantia:isset = false',
          '',
        );
      }
      app.save(colecao);
    });
  },
);
