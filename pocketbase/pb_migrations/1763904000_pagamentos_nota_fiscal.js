// The service invoice (NFS-e) of an order, issued through Asaas when the server's NFSE_ATIVA is on
// (pb_hooks/lib/notas.js): its Asaas id, where it stands, its number and PDF once the city authorized it, Asaas's
// description of an error, and a note for staff (a partial refund, a cancellation Asaas refused). Written by the
// server only; the order's rules apply (its customer reads it, staff read all).
migrate(
  (app) => {
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.fields.add(new TextField({ name: 'nota_id', max: 64 }));
    // '' (none), PENDENTE, ENVIANDO, DISPENSADA (refunded before it existed), or Asaas's status.
    pagamentos.fields.add(new TextField({ name: 'nota_status', max: 40 }));
    pagamentos.fields.add(new TextField({ name: 'nota_numero', max: 40 }));
    pagamentos.fields.add(new TextField({ name: 'nota_pdf', max: 1000 }));
    pagamentos.fields.add(new TextField({ name: 'nota_erro', max: 500 }));
    pagamentos.fields.add(new TextField({ name: 'nota_alerta', max: 500 }));
    // Attempts so far (a staff retry after an error is a new one): the invoice's externalReference is
    // "<order id>.<attempt>", so a late event of an earlier attempt's invoice changes nothing.
    pagamentos.fields.add(new NumberField({ name: 'nota_tentativas', min: 0, onlyInt: true }));
    pagamentos.addIndex('idx_pagamentos_nota_id', false, 'nota_id', '');
    pagamentos.addIndex('idx_pagamentos_nota_status', false, 'nota_status', '');
    app.save(pagamentos);
    // A copy on each booking, kept by the server (lib/notas.js), so the staff list filters the bookings alone
    // (staff may not list payments: 1763901200_pagamentos_lista.js).
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.fields.add(new TextField({ name: 'nota_status', max: 40 }));
    agendamentos.addIndex('idx_agendamentos_nota_status', false, 'nota_status, created', '');
    app.save(agendamentos);
  },
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.removeIndex('idx_agendamentos_nota_status');
    agendamentos.fields.removeByName('nota_status');
    app.save(agendamentos);
    const pagamentos = app.findCollectionByNameOrId('pagamentos');
    pagamentos.removeIndex('idx_pagamentos_nota_id');
    pagamentos.removeIndex('idx_pagamentos_nota_status');
    [
      'nota_id',
      'nota_status',
      'nota_numero',
      'nota_pdf',
      'nota_erro',
      'nota_alerta',
      'nota_tentativas',
    ].forEach((nome) => pagamentos.fields.removeByName(nome));
    app.save(pagamentos);
  },
);
