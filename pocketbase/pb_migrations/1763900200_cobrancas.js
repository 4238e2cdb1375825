// The proxy's own books: the charges it made, each user's Asaas customer, the webhook events it handled and
// the card attempts it counted. None holds card data.
migrate(
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');

    const cobrancas = new Collection({
      type: 'base',
      name: 'cobrancas',
      // The customer reads their own charges (so any device knows whether a payment is under way); staff too.
      listRule: 'usuario = @request.auth.id || @request.auth.admin = true',
      viewRule: 'usuario = @request.auth.id || @request.auth.admin = true',
      // Only the proxy writes them.
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { type: 'relation', name: 'usuario', required: true, collectionId: usuarios.id, maxSelect: 1 },
        // The browser's attempt id, sent to Asaas as externalReference: one attempt, one charge.
        { type: 'text', name: 'tentativa', required: true, max: 64 },
        { type: 'text', name: 'asaas_id', max: 64 },
        { type: 'select', name: 'metodo', required: true, values: ['cartao_credito', 'pix'], maxSelect: 1 },
        {
          type: 'select',
          name: 'tipo_servico',
          required: true,
          values: ['individual', 'familiar'],
          maxSelect: 1,
        },
        { type: 'bool', name: 'flex' },
        { type: 'number', name: 'valor', required: true, min: 0 },
        { type: 'number', name: 'parcelas', required: true, min: 1, max: 12, onlyInt: true },
        // ENVIANDO (sent, no answer yet), INDETERMINADA (timeout/5xx: may have gone through), RECUSADA, or
        // the Asaas status (PENDING, AWAITING_RISK_ANALYSIS, CONFIRMED, RECEIVED, REFUNDED...).
        { type: 'text', name: 'status', required: true, max: 40 },
        // True while this charge stands in the way of another: sent, in analysis, unknown or paid.
        { type: 'bool', name: 'ativa' },
        // Why Asaas refused it, as Asaas said it (shown to the customer).
        { type: 'text', name: 'motivo', max: 500 },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_cobrancas_tentativa ON cobrancas (tentativa)',
        "CREATE UNIQUE INDEX idx_cobrancas_asaas ON cobrancas (asaas_id) WHERE asaas_id != ''",
        // At most one live charge per customer: two tabs paying at once cannot both reach Asaas.
        'CREATE UNIQUE INDEX idx_cobrancas_ativa ON cobrancas (usuario) WHERE ativa = TRUE',
        'CREATE INDEX idx_cobrancas_usuario ON cobrancas (usuario, created)',
      ],
    });
    app.save(cobrancas);

    app.save(
      new Collection({
        type: 'base',
        name: 'asaas_clientes',
        // Server only: one Asaas customer per user, reused for every charge.
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'relation', name: 'usuario', required: true, collectionId: usuarios.id, maxSelect: 1 },
          { type: 'text', name: 'asaas_id', required: true, max: 64 },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_asaas_clientes_usuario ON asaas_clientes (usuario)',
          'CREATE UNIQUE INDEX idx_asaas_clientes_asaas ON asaas_clientes (asaas_id)',
        ],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'asaas_eventos',
        // Server only: each webhook event handled once (Asaas may deliver one event more than once).
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'text', name: 'evento_id', required: true, max: 100 },
          { type: 'text', name: 'evento', required: true, max: 60 },
          { type: 'text', name: 'asaas_id', max: 64 },
          // What the server did with it (pedido gravado, ignorado: cobrança desconhecida, ...).
          { type: 'text', name: 'resultado', max: 200 },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: ['CREATE UNIQUE INDEX idx_asaas_eventos_evento ON asaas_eventos (evento_id)'],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'tentativas_cartao',
        // Server only: card attempts per customer and per IP, for the rate limit.
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'relation', name: 'usuario', required: true, collectionId: usuarios.id, maxSelect: 1 },
          { type: 'text', name: 'ip', max: 64 },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: [
          'CREATE INDEX idx_tentativas_usuario ON tentativas_cartao (usuario, created)',
          'CREATE INDEX idx_tentativas_ip ON tentativas_cartao (ip, created)',
        ],
      }),
    );
  },
  (app) => {
    ['tentativas_cartao', 'asaas_eventos', 'asaas_clientes', 'cobrancas'].forEach((name) =>
      app.delete(app.findCollectionByNameOrId(name)),
    );
  },
);
