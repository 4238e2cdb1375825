// A refund Asaas never answered (no answer, a 5xx, a 401 or a 429): it may have been made. Asaas's refund call
// takes no idempotency key, so the order keeps what was asked and when, written before the call and cleared once
// Asaas's answer or its list of the payment's `refunds` says what happened (lib/estorno_comum.js
// conferenciaDoIncerto); the next refund of the order reads Asaas first instead of asking again.
migrate(
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    // Reais asked (0: no refund of unknown outcome).
    pagamentos.fields.add(new NumberField({ name: 'estorno_incerto_valor', min: 0 }));
    // When it was asked (Asaas dates the refund it made from then on).
    pagamentos.fields.add(new DateField({ name: 'estorno_incerto_em' }));
    // The order's `valor_estornado` when it was asked: Asaas lists at least this plus the asked value once made.
    pagamentos.fields.add(new NumberField({ name: 'estorno_incerto_antes', min: 0 }));
    app.save(pagamentos);
  },
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.fields.removeByName('estorno_incerto_valor');
    pagamentos.fields.removeByName('estorno_incerto_em');
    pagamentos.fields.removeByName('estorno_incerto_antes');
    app.save(pagamentos);
  },
);
