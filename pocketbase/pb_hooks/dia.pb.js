// Booking day (issue #27): the consulates' edits and their history, each applicant's Prenot@mi account, the
// day's handling of a booking, the relay (lib/retransmissao.js), the attempts and the appointments (lib/dia.js).

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/dia.js`).salvarConsulado(e);
}, 'consulados');

// The applicant's own Prenot@mi contacts (never the company's, nor another applicant's; the state is staff's) are
// checked by lib/dia.js validarPrenotami from processo.pb.js's requerentes hooks, after the case file's lock:
// PocketBase registers the hooks of different *.pb.js files in no fixed order (plugins/jsvm ranges over a map),
// so two files' hooks on one request would answer a body both refuse differently from one start to the next.

routerAdd(
  'POST',
  '/api/dia/requerentes/{id}/prenotami',
  (e) => require(`${__hooks}/lib/dia.js`).definirEstadoConta(e),
  $apis.requireAuth('usuarios'),
);

// "Assumir", "Soltar", "Pedir acesso" / "Pedir código" (staff) and "Estou pronto" (the owner).
routerAdd(
  'POST',
  '/api/dia/{id}/assumir',
  (e) => require(`${__hooks}/lib/dia.js`).assumir(e),
  $apis.requireAuth('usuarios'),
);
routerAdd(
  'POST',
  '/api/dia/{id}/soltar',
  (e) => require(`${__hooks}/lib/dia.js`).soltar(e),
  $apis.requireAuth('usuarios'),
);
routerAdd(
  'POST',
  '/api/dia/{id}/pedir',
  (e) => require(`${__hooks}/lib/dia.js`).pedir(e),
  $apis.requireAuth('usuarios'),
);
routerAdd(
  'POST',
  '/api/dia/{id}/pronto',
  (e) => require(`${__hooks}/lib/dia.js`).pronto(e),
  $apis.requireAuth('usuarios'),
);

// Who holds a case and who tried are hidden fields (migration 1763920000_equipe_oculta.js): staff read them.
onRecordEnrich(
  (e) => {
    require(`${__hooks}/lib/dia.js`).mostrarEquipe(e);
    e.next();
  },
  'atendimentos',
  'tentativas_agendamento',
);

// The relay: the server sets the lifetime and records when it was received (never the value).
onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/retransmissao.js`).criar(e);
}, 'retransmissoes');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/retransmissao.js`).gravar(e);
}, 'retransmissoes');

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/dia.js`).registrarTentativa(e);
}, 'tentativas_agendamento');

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/dia.js`).salvarCompromisso(e);
}, 'compromissos');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/dia.js`).salvarCompromisso(e);
}, 'compromissos');

// Every minute: expired relayed values deleted from the data files; the standby e-mails a set time before each
// window (PRONTIDAO_ANTECEDENCIA_MIN). Superusers can run it at once (POST /api/crons/dia_agendamento).
cronAdd('dia_agendamento', '* * * * *', () => {
  require(`${__hooks}/lib/retransmissao.js`).limpar($app);
  require(`${__hooks}/lib/dia.js`).avisarProntidao($app);
});
