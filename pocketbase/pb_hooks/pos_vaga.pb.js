// After the slot (issue #28, lib/pos_vaga.js): reminders that ask for an answer, the answer's link, the
// calendar file, and cases that close themselves the day after their last appointment.

// Hourly (a restart or a failed send loses no day; `lembretes` keeps each reminder to once). Superusers can run
// it at once (POST /api/crons/pos_vaga) or for a given São Paulo day (POST /api/pos-vaga/rodar {hoje}).
// POS_VAGA_AUTOMATICO=0 (the test servers) leaves it to POST /api/pos-vaga/rodar.
cronAdd('pos_vaga', '20 * * * *', () => {
  if ($os.getenv('POS_VAGA_AUTOMATICO') === '0') return;
  require(`${__hooks}/lib/pos_vaga.js`).rodar($app);
});

routerAdd(
  'POST',
  '/api/pos-vaga/rodar',
  (e) => require(`${__hooks}/lib/pos_vaga.js`).rodarRota(e),
  $apis.requireSuperuserAuth(),
);

routerAdd('GET', '/api/lembretes/responder', (e) =>
  require(`${__hooks}/lib/pos_vaga.js`).responder(e, false),
);
routerAdd('POST', '/api/lembretes/responder', (e) =>
  require(`${__hooks}/lib/pos_vaga.js`).responder(e, true),
);

routerAdd(
  'GET',
  '/api/agendamentos/{id}/calendario.ics',
  (e) => require(`${__hooks}/lib/pos_vaga.js`).servirCalendario(e),
  $apis.requireAuth('usuarios'),
);

// Confirmation and Flex (lib/remarcar.js): "Já confirmei" (the owner), staff's list of who has not confirmed,
// the owner's Flex request and the consulate's own cancellation (staff): both take the case back to the ready list.
routerAdd(
  'POST',
  '/api/compromissos/{id}/confirmado',
  (e) => require(`${__hooks}/lib/remarcar.js`).confirmar(e),
  $apis.requireAuth('usuarios'),
);
routerAdd(
  'GET',
  '/api/confirmacoes/pendentes',
  (e) => require(`${__hooks}/lib/remarcar.js`).pendentes(e),
  $apis.requireAuth('usuarios'),
);
routerAdd(
  'POST',
  '/api/agendamentos/{id}/flex',
  (e) => require(`${__hooks}/lib/remarcar.js`).pedirFlex(e),
  $apis.requireAuth('usuarios'),
);
routerAdd(
  'POST',
  '/api/agendamentos/{id}/cancelamento-consulado',
  (e) => require(`${__hooks}/lib/remarcar.js`).cancelamentoConsulado(e),
  $apis.requireAuth('usuarios'),
);
