// Money given back: what has been refunded of an order (the refunds Asaas accepted, staff's or a withdrawal's,
// and those its webhooks report), so a staff refund asks for no more than what remains; and when the order was
// paid, from which the customer's 7 days to withdraw (CDC art. 49) are counted.
migrate(
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    // Reais refunded so far (0: nothing; preco_servico: all of it).
    pagamentos.fields.add(new NumberField({ name: 'valor_estornado', min: 0 }));
    // When the order was written (its charge paid); rows from before this field count from `created`.
    pagamentos.fields.add(new DateField({ name: 'pago_em' }));
    app.save(pagamentos);
  },
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.fields.removeByName('valor_estornado');
    pagamentos.fields.removeByName('pago_em');
    app.save(pagamentos);
  },
);
