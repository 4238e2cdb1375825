// What a customer bought and the booking it pays for. The server writes both, once, for a charge it made
// and saw confirmed (pb_hooks/lib/pedidos.js): nobody creates them from a browser.
migrate(
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');

    const pagamentos = new Collection({
      type: 'base',
      name: 'pagamentos',
      // The buyer reads their own payments (header, checkout, tracking); staff read all of them.
      listRule: 'usuario = @request.auth.id || @request.auth.admin = true',
      viewRule: 'usuario = @request.auth.id || @request.auth.admin = true',
      // Written by the server only: a browser could invent a payment id and get a booking for free.
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { type: 'relation', name: 'usuario', required: true, collectionId: usuarios.id, maxSelect: 1 },
        {
          type: 'select',
          name: 'tipo_servico',
          required: true,
          values: ['individual', 'familiar'],
          maxSelect: 1,
        },
        // The total charged in reais: the service's price plus the Flex fee when chosen.
        { type: 'number', name: 'preco_servico', required: true, min: 0 },
        { type: 'bool', name: 'flex' },
        {
          type: 'select',
          name: 'metodo_pagamento',
          required: true,
          values: ['cartao_credito', 'pix'],
          maxSelect: 1,
        },
        { type: 'number', name: 'numero_parcelas', required: true, min: 1, max: 12, onlyInt: true },
        { type: 'text', name: 'asaas_id_pagamento', required: true, max: 64 },
        // The charge's last Asaas status (CONFIRMED, RECEIVED, REFUNDED, CHARGEBACK_REQUESTED...).
        { type: 'text', name: 'status_asaas', max: 40 },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: [
        // One charge, one row, whoever writes it twice.
        'CREATE UNIQUE INDEX idx_pagamentos_asaas ON pagamentos (asaas_id_pagamento)',
        'CREATE INDEX idx_pagamentos_usuario ON pagamentos (usuario, created)',
      ],
    });
    app.save(pagamentos);

    const agendamentos = new Collection({
      type: 'base',
      name: 'agendamentos',
      // The customer reads their own booking (tracking); staff read all of them (the list and the editor).
      listRule: 'usuario = @request.auth.id || @request.auth.admin = true',
      viewRule: 'usuario = @request.auth.id || @request.auth.admin = true',
      // Created by the server with its payment; a customer could otherwise book without paying.
      createRule: null,
      // Only staff set date, time, place and status; a customer cannot mark their own booking AGENDADO.
      updateRule: '@request.auth.admin = true',
      // Nothing deletes a booking: its history stays.
      deleteRule: null,
      fields: [
        { type: 'relation', name: 'usuario', required: true, collectionId: usuarios.id, maxSelect: 1 },
        { type: 'relation', name: 'pagamento', collectionId: pagamentos.id, maxSelect: 1 },
        // The appointment's calendar day, stored as midnight UTC of that day; empty until booked.
        { type: 'date', name: 'data_agendamento' },
        { type: 'text', name: 'hora_agendamento', max: 5, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
        // Text, not a select: an older value (say 'CANCELADO') is kept as it is; the hook allows staff the
        // five statuses of the process or the value already stored.
        { type: 'text', name: 'status_agendamento', max: 30 },
        { type: 'text', name: 'local_agendamento', max: 200 },
        { type: 'text', name: 'formulario', max: 5000 },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE UNIQUE INDEX idx_agendamentos_pagamento ON agendamentos (pagamento) WHERE pagamento != ''",
        'CREATE INDEX idx_agendamentos_usuario ON agendamentos (usuario)',
        'CREATE INDEX idx_agendamentos_created ON agendamentos (created)',
        'CREATE INDEX idx_agendamentos_updated ON agendamentos (updated)',
        'CREATE INDEX idx_agendamentos_status ON agendamentos (status_agendamento, created)',
        'CREATE INDEX idx_agendamentos_data ON agendamentos (data_agendamento, created)',
        'CREATE INDEX idx_agendamentos_hora ON agendamentos (hora_agendamento, created)',
        'CREATE INDEX idx_agendamentos_local ON agendamentos (local_agendamento, created)',
      ],
    });
    app.save(agendamentos);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('agendamentos'));
    app.delete(app.findCollectionByNameOrId('pagamentos'));
  },
);
