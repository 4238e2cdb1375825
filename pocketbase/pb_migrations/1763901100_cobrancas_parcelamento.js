// Money after the charge: a charge in installments is several Asaas payments tied by Asaas's `installment`
// id, kept on the charge and its order; a paid charge the customer did not need is marked as a duplicate and
// refunded; one order per charge, whichever installment's event or answer writes it first.
migrate(
  (app) => {
    const cobrancas = app.findCollectionByNameOrId('cobrancas');
    // Asaas's `installment` id of a card charge in 2x or more ('' for one payment).
    cobrancas.fields.add(new TextField({ name: 'parcelamento', max: 64 }));
    // A paid charge that came when the customer already had an order (late Pix, two methods, a race).
    cobrancas.fields.add(new BoolField({ name: 'duplicada' }));
    // The automatic refund of a duplicate: SOLICITADO (Asaas accepted it) or FALHOU (staff must refund).
    cobrancas.fields.add(new TextField({ name: 'estorno', max: 20 }));
    cobrancas.addIndex('idx_cobrancas_parcelamento', false, 'parcelamento', "parcelamento != ''");
    app.save(cobrancas);

    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.fields.add(new RelationField({ name: 'cobranca', collectionId: cobrancas.id, maxSelect: 1 }));
    pagamentos.fields.add(new TextField({ name: 'parcelamento', max: 64 }));
    // One order per charge, whatever the installments.
    pagamentos.addIndex('idx_pagamentos_cobranca', true, 'cobranca', "cobranca != ''");
    app.save(pagamentos);
  },
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.removeIndex('idx_pagamentos_cobranca');
    pagamentos.fields.removeByName('cobranca');
    pagamentos.fields.removeByName('parcelamento');
    app.save(pagamentos);
    const cobrancas = app.findCollectionByNameOrId('cobrancas');
    cobrancas.removeIndex('idx_cobrancas_parcelamento');
    ['parcelamento', 'duplicada', 'estorno'].forEach((n) => cobrancas.fields.removeByName(n));
    app.save(cobrancas);
  },
);
