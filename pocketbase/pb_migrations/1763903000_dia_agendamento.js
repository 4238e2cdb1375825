// Booking day (issue #27): the consulates as data staff keep current (with the history of each edit), each
// applicant's own Prenot@mi account, the day's handling of a booking (who holds it, standby, what is asked of
// the customer), the relay of the password or code (10 minutes, the holder only), the attempts and the
// appointments. The rules below are the security model; pb_hooks/dia.pb.js adds what a rule cannot say.
migrate(
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    const requerentes = app.findCollectionByNameOrId('requerentes');
    const STAFF = '@request.auth.admin = true';
    const DONO = 'agendamento.usuario = @request.auth.id';
    // The booking a record belongs to (deleted with it).
    const doAgendamento = () => ({
      type: 'relation',
      name: 'agendamento',
      required: true,
      collectionId: agendamentos.id,
      maxSelect: 1,
      cascadeDelete: true,
    });

    // ------------------------------------------------------------------ the consulates
    const consulados = new Collection({
      type: 'base',
      name: 'consulados',
      // Public facts (channel, windows, office): anyone signed in reads them; staff edit; nobody adds or removes
      // one of the seven from a browser.
      listRule: "@request.auth.id != ''",
      viewRule: "@request.auth.id != ''",
      createRule: null,
      updateRule: STAFF,
      deleteRule: null,
      fields: [
        // The consulate's id in processo_regras.json (sao_paulo, ...).
        { type: 'text', name: 'codigo', required: true, max: 40, pattern: '^[a-z_]+$' },
        { type: 'text', name: 'nome', required: true, max: 80 },
        {
          type: 'select',
          name: 'canal',
          values: ['prenotami', 'email', 'outro', 'desconhecido'],
          maxSelect: 1,
        },
        // The release windows: [{dia: 0-6 (0 = Sunday), hora: 'HH:mm', servico}], local time in `fuso`.
        { type: 'json', name: 'janelas', maxSize: 4000 },
        // conhecidas, desconhecidas (nothing found: never invented), nao_se_aplica (booked by e-mail).
        {
          type: 'select',
          name: 'janelas_estado',
          values: ['conhecidas', 'desconhecidas', 'nao_se_aplica'],
          maxSelect: 1,
        },
        { type: 'text', name: 'fuso', max: 60 },
        // individual: one appointment per applicant (minors too); familia: one for the family, the others as
        // companions; menores_com_responsavel: minors go with a parent's booking (notes); desconhecido.
        {
          type: 'select',
          name: 'modo_familia',
          values: ['individual', 'familia', 'menores_com_responsavel', 'desconhecido'],
          maxSelect: 1,
        },
        // Whether the applicant must confirm in the portal, and when: sim, nao, desconhecido + the text.
        { type: 'select', name: 'confirmacao', values: ['sim', 'nao', 'desconhecido'], maxSelect: 1 },
        { type: 'text', name: 'confirmacao_quando', max: 200 },
        // The office's address ('' = not known).
        { type: 'text', name: 'endereco', max: 300 },
        { type: 'text', name: 'observacoes', max: 2000 },
        // The source page(s) and the day they were last checked (yyyy-mm-dd).
        { type: 'text', name: 'fonte', max: 1000 },
        { type: 'text', name: 'verificado_em', max: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_consulados_codigo ON consulados (codigo)'],
    });
    app.save(consulados);

    app.save(
      new Collection({
        type: 'base',
        name: 'historico_consulados',
        // Each edit of a consulate: who, when, from what to what. Written by the server in the edit's transaction.
        listRule: STAFF,
        viewRule: STAFF,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            type: 'relation',
            name: 'consulado',
            required: true,
            collectionId: consulados.id,
            maxSelect: 1,
            cascadeDelete: true,
          },
          { type: 'relation', name: 'autor', collectionId: usuarios.id, maxSelect: 1 },
          { type: 'text', name: 'autor_nome', max: 120 },
          { type: 'json', name: 'alteracoes', maxSize: 65536 },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: ['CREATE INDEX idx_historico_consulados ON historico_consulados (consulado, created)'],
      }),
    );

    // What was known on the day booking-operations.md was compiled (its sources); unknown stays unknown. The
    // same file seeds the demo backend.
    const DADOS = require(`${__hooks}/lib/consulados.json`);
    DADOS.consulados.forEach((dados) => {
      const registro = new Record(consulados);
      Object.keys(dados).forEach((k) => registro.set(k, dados[k]));
      registro.set('fuso', DADOS.fuso);
      registro.set('verificado_em', DADOS.verificadoEm);
      app.save(registro);
    });

    // ------------------------------------------------------------------ each applicant's Prenot@mi account
    // The applicant's own e-mail and mobile (never the company's nor another applicant's: the hook), and the
    // account's state that staff keep. The account's password is never stored.
    requerentes.fields.add(new TextField({ name: 'prenotami_email', max: 200 }));
    requerentes.fields.add(new TextField({ name: 'prenotami_celular', max: 20 }));
    requerentes.fields.add(
      new SelectField({
        name: 'prenotami_estado',
        values: ['a_criar', 'criada', 'verificada', 'bloqueada'],
        maxSelect: 1,
      }),
    );
    app.save(requerentes);

    // ------------------------------------------------------------------ the day's handling of a booking
    const atendimentos = new Collection({
      type: 'base',
      name: 'atendimentos',
      // The owner (their standby page) and staff (who holds it) read it; only the server's routes write it.
      listRule: DONO + ' || ' + STAFF,
      viewRule: DONO + ' || ' + STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        doAgendamento(),
        { type: 'relation', name: 'consulado', collectionId: consulados.id, maxSelect: 1 },
        // The window this standby is for.
        { type: 'date', name: 'janela' },
        // The staff member holding the case ("Assumir"), and their name for the others.
        { type: 'relation', name: 'responsavel', collectionId: usuarios.id, maxSelect: 1 },
        { type: 'text', name: 'responsavel_nome', max: 120 },
        { type: 'bool', name: 'pronto' },
        { type: 'date', name: 'pronto_em' },
        // What staff ask for now: '' nothing, senha (the Prenot@mi password) or codigo (the 6 digits).
        { type: 'select', name: 'pedido', values: ['senha', 'codigo'], maxSelect: 1 },
        { type: 'date', name: 'pedido_em' },
        // When the standby e-mail for `janela` went.
        { type: 'date', name: 'aviso_em' },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_atendimentos_agendamento ON atendimentos (agendamento)'],
    });
    app.save(atendimentos);

    // ------------------------------------------------------------------ the relay
    // Only the booking's owner writes, only while staff ask and the value is alive; only the staff member
    // holding the case reads (list, view, filter, expand and realtime all go through these rules), and never
    // once it has expired. The hook sets `expira_em`; the cron deletes it (overwritten first) and checkpoints.
    const VIVO = 'expira_em > @now';
    const retransmissoes = new Collection({
      type: 'base',
      name: 'retransmissoes',
      listRule: STAFF + ' && atendimento.responsavel = @request.auth.id && ' + VIVO,
      viewRule: STAFF + ' && atendimento.responsavel = @request.auth.id && ' + VIVO,
      createRule:
        DONO +
        " && atendimento.agendamento = agendamento && atendimento.pedido != '' && " +
        '@request.body.expira_em:isset = false && @request.body.enviado_em:isset = false',
      updateRule:
        DONO +
        ' && ' +
        VIVO +
        ' && @request.body.agendamento:isset = false && @request.body.atendimento:isset = false && ' +
        '@request.body.tipo:isset = false && @request.body.expira_em:isset = false && ' +
        '@request.body.enviado_em:isset = false',
      deleteRule: null,
      fields: [
        doAgendamento(),
        {
          type: 'relation',
          name: 'atendimento',
          required: true,
          collectionId: atendimentos.id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { type: 'select', name: 'tipo', required: true, values: ['senha', 'codigo'], maxSelect: 1 },
        { type: 'text', name: 'valor', max: 100 },
        { type: 'date', name: 'expira_em' },
        // When the customer finished it (the 6th digit, or 'Enviar' for the password): the history's time.
        { type: 'date', name: 'enviado_em' },
        { type: 'autodate', name: 'created', onCreate: true },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_retransmissoes_expira ON retransmissoes (expira_em)'],
    });
    app.save(retransmissoes);

    // ------------------------------------------------------------------ attempts and appointments
    app.save(
      new Collection({
        type: 'base',
        name: 'tentativas_agendamento',
        // The owner reads their booking's attempts (tracking); staff record them; nobody edits or removes one.
        listRule: DONO + ' || ' + STAFF,
        viewRule: DONO + ' || ' + STAFF,
        createRule: STAFF + ' && @request.body.autor:isset = false && @request.body.autor_nome:isset = false',
        updateRule: null,
        deleteRule: null,
        fields: [
          doAgendamento(),
          {
            type: 'select',
            name: 'resultado',
            required: true,
            values: ['sem_vagas', 'codigo_nao_chegou', 'portal_fora', 'agendado', 'outro'],
            maxSelect: 1,
          },
          { type: 'text', name: 'nota', max: 300 },
          { type: 'relation', name: 'autor', collectionId: usuarios.id, maxSelect: 1 },
          { type: 'text', name: 'autor_nome', max: 120 },
          { type: 'autodate', name: 'created', onCreate: true },
        ],
        indexes: ['CREATE INDEX idx_tentativas_agendamento ON tentativas_agendamento (agendamento, created)'],
      }),
    );

    app.save(
      new Collection({
        type: 'base',
        name: 'compromissos',
        // Each applicant's appointment (or the family's): the owner reads it and downloads its confirmation
        // (a protected file, with a file token); only staff write.
        listRule: DONO + ' || ' + STAFF,
        viewRule: DONO + ' || ' + STAFF,
        createRule: STAFF,
        updateRule: STAFF + ' && @request.body.agendamento:isset = false',
        deleteRule: STAFF,
        fields: [
          doAgendamento(),
          // The applicants this appointment serves (one, or the family where the consulate books it together).
          {
            type: 'relation',
            name: 'requerentes',
            required: true,
            collectionId: requerentes.id,
            maxSelect: 6,
            cascadeDelete: false,
          },
          { type: 'text', name: 'data', required: true, max: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          { type: 'text', name: 'hora', required: true, max: 5, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
          { type: 'relation', name: 'consulado', collectionId: consulados.id, maxSelect: 1 },
          { type: 'text', name: 'local', max: 300 },
          { type: 'text', name: 'codigo_portal', max: 60 },
          {
            type: 'file',
            name: 'comprovante',
            maxSelect: 1,
            maxSize: 5242880,
            mimeTypes: ['application/pdf', 'image/jpeg', 'image/png'],
            protected: true,
          },
          { type: 'autodate', name: 'created', onCreate: true },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: ['CREATE INDEX idx_compromissos_agendamento ON compromissos (agendamento, data, hora)'],
      }),
    );
  },
  (app) => {
    [
      'compromissos',
      'tentativas_agendamento',
      'retransmissoes',
      'atendimentos',
      'historico_consulados',
      'consulados',
    ].forEach((nome) => app.delete(app.findCollectionByNameOrId(nome)));
    const requerentes = app.findCollectionByNameOrId('requerentes');
    ['prenotami_email', 'prenotami_celular', 'prenotami_estado'].forEach((c) =>
      requerentes.fields.removeByName(c),
    );
    app.save(requerentes);
  },
);
