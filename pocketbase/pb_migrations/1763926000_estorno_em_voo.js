// A refund asked of Asaas whose answer has not come back yet (lib/estorno_comum.js emAndamento). Set with the mark of
// unknown outcome before the call, cleared when the call returns, whatever its answer: while it is set (and for no
// longer than the server waits for Asaas), another refund of the order is refused, since Asaas might not list the
// first one yet and both would be made.
migrate(
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.fields.add(new BoolField({ name: 'estorno_em_voo' }));
    app.save(pagamentos);
  },
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.fields.removeByName('estorno_em_voo');
    app.save(pagamentos);
  },
);
