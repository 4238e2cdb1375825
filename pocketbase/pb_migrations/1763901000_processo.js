// The case file (issue #20): each applicant of an order (`requerentes`) and each checklist item's files
// (`documentos`), written by the booking's owner, reviewed by staff. The rules below are the security model;
// pb_hooks/processo.pb.js adds what a rule cannot say (counts, the checklist, the review's side effects).
migrate(
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    const usuarios = app.findCollectionByNameOrId('usuarios');
    // When the booking became FINALIZADO or CANCELADO (set by the server): the retention clock's start.
    agendamentos.fields.add(new DateField({ name: 'encerrado_em' }));
    // When the retention job deleted the case's files (empty while they are kept).
    agendamentos.fields.add(new DateField({ name: 'arquivos_excluidos_em' }));
    app.save(agendamentos);
    // Bookings closed before this step start their retention clock at their last change.
    app
      .db()
      .newQuery(
        "UPDATE agendamentos SET encerrado_em = updated WHERE status_agendamento IN ('FINALIZADO', 'CANCELADO')",
      )
      .execute();

    const DONO = 'agendamento.usuario = @request.auth.id';
    const STAFF = '@request.auth.admin = true';

    const requerentes = new Collection({
      type: 'base',
      name: 'requerentes',
      // The booking's owner and staff read the applicants; nobody else, visitors included.
      listRule: DONO + ' || ' + STAFF,
      viewRule: DONO + ' || ' + STAFF,
      // Only the booking's owner adds an applicant to it (how many: the hook, from the service bought).
      createRule: DONO,
      // The owner edits the draft; it stays on its booking. Staff read and copy, they do not rewrite it.
      updateRule: DONO + ' && @request.body.agendamento:isset = false',
      // The owner removes an applicant (their documents go with it); the hook keeps one with approved documents.
      deleteRule: DONO,
      fields: [
        {
          type: 'relation',
          name: 'agendamento',
          required: true,
          collectionId: agendamentos.id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        // Names and surnames as in the Italian civil records.
        { type: 'text', name: 'nome', max: 120 },
        { type: 'text', name: 'sobrenome', max: 120 },
        { type: 'select', name: 'sexo', values: ['F', 'M'], maxSelect: 1 },
        // yyyy-mm-dd.
        { type: 'text', name: 'data_nascimento', max: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' },
        { type: 'text', name: 'local_nascimento', max: 120 },
        { type: 'text', name: 'cpf', max: 14 },
        {
          type: 'select',
          name: 'estado_civil',
          values: ['solteiro', 'casado', 'divorciado', 'viuvo', 'uniao_estavel'],
          maxSelect: 1,
        },
        { type: 'number', name: 'altura_cm', min: 0, max: 250, onlyInt: true },
        { type: 'text', name: 'cor_olhos', max: 40 },
        { type: 'text', name: 'cep', max: 9 },
        { type: 'text', name: 'logradouro', max: 200 },
        { type: 'text', name: 'numero', max: 20 },
        { type: 'text', name: 'complemento', max: 100 },
        { type: 'text', name: 'cidade', max: 120 },
        { type: 'text', name: 'uf', max: 2, pattern: '^([A-Z]{2})?$' },
        // The AIRE comune, or aire_nao_sei when the applicant does not know it.
        { type: 'text', name: 'aire_comune', max: 120 },
        { type: 'bool', name: 'aire_nao_sei' },
        { type: 'text', name: 'passaporte_numero', max: 20 },
        { type: 'text', name: 'passaporte_validade', max: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' },
        // A minor's parents.
        { type: 'text', name: 'mae_nome', max: 200 },
        { type: 'text', name: 'pai_nome', max: 200 },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_requerentes_agendamento ON requerentes (agendamento, created)'],
    });
    app.save(requerentes);

    // The review fields a customer may never send (status, reasons, reviewer), nor move a document elsewhere.
    const SEM_REVISAO = ['status', 'motivo', 'motivo_texto', 'revisado_por', 'revisado_em', 'reenviado']
      .map((campo) => '@request.body.' + campo + ':isset = false')
      .join(' && ');

    app.save(
      new Collection({
        type: 'base',
        name: 'documentos',
        // The booking's owner and staff list, read and (with a file token) download; nobody else.
        listRule: DONO + ' || ' + STAFF,
        viewRule: DONO + ' || ' + STAFF,
        // The owner adds an item's files to one of their own applicants, without any review field.
        createRule: DONO + ' && requerente.agendamento = agendamento && ' + SEM_REVISAO,
        // The owner replaces files until the item is approved, without review fields and without moving it;
        // staff review (status, reason).
        updateRule:
          '(' +
          DONO +
          " && status != 'aprovado' && @request.body.agendamento:isset = false && " +
          '@request.body.requerente:isset = false && @request.body.item:isset = false && ' +
          SEM_REVISAO +
          ') || ' +
          STAFF,
        // Files go with their applicant (cascade) or the retention job; never from a browser.
        deleteRule: null,
        fields: [
          {
            type: 'relation',
            name: 'agendamento',
            required: true,
            collectionId: agendamentos.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          {
            type: 'relation',
            name: 'requerente',
            required: true,
            collectionId: requerentes.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          // The checklist item's id (processo_regras.json).
          { type: 'text', name: 'item', required: true, max: 40 },
          // Protected: served only with a file token of someone the view rule lets in. PocketBase checks the
          // sniffed type, so a program renamed .pdf is refused; the per-item count is the hook's.
          {
            type: 'file',
            name: 'arquivos',
            maxSelect: 3,
            maxSize: 10485760,
            mimeTypes: ['application/pdf', 'image/jpeg', 'image/png'],
            protected: true,
          },
          {
            type: 'select',
            name: 'status',
            values: ['pendente', 'em_analise', 'aprovado', 'recusado'],
            maxSelect: 1,
          },
          {
            type: 'select',
            name: 'motivo',
            values: ['ilegivel', 'vencido', 'nao_confere', 'pagina_faltando', 'outro'],
            maxSelect: 1,
          },
          { type: 'text', name: 'motivo_texto', max: 500 },
          { type: 'relation', name: 'revisado_por', collectionId: usuarios.id, maxSelect: 1 },
          { type: 'date', name: 'revisado_em' },
          // Sent again after a refusal (staff see it as resent).
          { type: 'bool', name: 'reenviado' },
          { type: 'autodate', name: 'created', onCreate: true },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          // One record per applicant and item; its files are the item's pages.
          'CREATE UNIQUE INDEX idx_documentos_item ON documentos (requerente, item)',
          'CREATE INDEX idx_documentos_agendamento ON documentos (agendamento, status)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('documentos'));
    app.delete(app.findCollectionByNameOrId('requerentes'));
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.fields.removeByName('encerrado_em');
    agendamentos.fields.removeByName('arquivos_excluidos_em');
    app.save(agendamentos);
  },
);
