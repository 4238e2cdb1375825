// The staff list without PocketBase's join and DISTINCT (lib/lista_equipe.js, issue 30): the bookings' list rule
// names the staff by id, written from the accounts' admin flag.

// Written at first from the migration 1763915000_lista_equipe.js.

// In the save's own transaction: an account made staff, or no longer staff, lists accordingly from that moment.
onRecordCreate((e) => {
  e.next();
  const lista = require(`${__hooks}/lib/lista_equipe.js`);
  if (lista.tocaEquipe(e.record)) lista.atualizarRegra(e.app);
}, 'usuarios');

onRecordUpdate((e) => {
  e.next();
  const lista = require(`${__hooks}/lib/lista_equipe.js`);
  if (lista.tocaEquipe(e.record)) lista.atualizarRegra(e.app);
}, 'usuarios');

onRecordDelete((e) => {
  e.next();
  const lista = require(`${__hooks}/lib/lista_equipe.js`);
  if (lista.tocaEquipe(e.record)) lista.atualizarRegra(e.app);
}, 'usuarios');

// The staff list's total counted by the kit, from an index (lib/lista_equipe.js totalDaEquipe).
onRecordsListRequest((e) => {
  require(`${__hooks}/lib/lista_equipe.js`).totalDaEquipe(e);
  e.next();
}, 'agendamentos');

// Flags written around the API (a restored backup, a script) reach the rule within a minute.
cronAdd('lista_equipe', '* * * * *', () => require(`${__hooks}/lib/lista_equipe.js`).atualizarRegra($app));

// The list's CSV file, streamed page by page (lib/exportar_csv.js): staff only.
routerAdd(
  'GET',
  '/api/agendamentos/exportar.csv',
  (e) => require(`${__hooks}/lib/exportar_csv.js`).exportar(e),
  $apis.requireAuth('usuarios'),
);

// The list searched for text anywhere in the customer's key, from the full-text index (lib/lista_equipe.js
// listarPorTexto): staff only.
routerAdd(
  'GET',
  '/api/agendamentos/busca',
  (e) => require(`${__hooks}/lib/lista_equipe.js`).listarPorTexto(e),
  $apis.requireAuth('usuarios'),
);

// Where a page far from both ends starts, for a link to it (lib/lista_equipe.js marcoDaPagina): staff only.
routerAdd(
  'GET',
  '/api/agendamentos/marco',
  (e) => require(`${__hooks}/lib/lista_equipe.js`).marcoDaPagina(e),
  $apis.requireAuth('usuarios'),
);
