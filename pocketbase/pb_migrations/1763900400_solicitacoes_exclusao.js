// A customer's request to delete their account (LGPD art. 18, VI): recorded for staff, who act on it.
migrate(
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');
    app.save(
      new Collection({
        type: 'base',
        name: 'solicitacoes_exclusao',
        // The customer sees their own request; staff see every request.
        listRule: 'usuario = @request.auth.id || @request.auth.admin = true',
        viewRule: 'usuario = @request.auth.id || @request.auth.admin = true',
        // A customer asks only for their own account (the hook sets the status, whatever the body says).
        createRule: '@request.auth.id != "" && usuario = @request.auth.id',
        // Staff conclude a request in PocketBase's admin screen; nobody changes or withdraws it from a browser.
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'relation', name: 'usuario', required: true, collectionId: usuarios.id, maxSelect: 1 },
          {
            type: 'select',
            name: 'status',
            required: true,
            values: ['PENDENTE', 'AGUARDANDO_ATENDIMENTO', 'CONCLUIDA'],
            maxSelect: 1,
          },
          { type: 'text', name: 'motivo', max: 1000 },
          { type: 'autodate', name: 'created', onCreate: true },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        // One request per account.
        indexes: ['CREATE UNIQUE INDEX idx_solicitacoes_usuario ON solicitacoes_exclusao (usuario)'],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('solicitacoes_exclusao'));
  },
);
