// The staff list without PocketBase's join and DISTINCT (lib/lista_equipe.js, issue 30).

routerUse((e) => {
  const equipe = require(`${__hooks}/lib/lista_equipe.js`).preparar(e);
  if (!equipe) return e.next();
  try {
    return e.next();
  } finally {
    // Whatever happened (a bad filter's 400 included), the rest of the request sees the staff member.
    e.auth = equipe;
  }
});

onRecordsListRequest((e) => {
  require(`${__hooks}/lib/lista_equipe.js`).devolver(e);
  e.next();
}, 'agendamentos');

// The list's CSV file, streamed page by page (lib/exportar_csv.js): staff only.
routerAdd(
  'GET',
  '/api/agendamentos/exportar.csv',
  (e) => require(`${__hooks}/lib/exportar_csv.js`).exportar(e),
  $apis.requireAuth('usuarios'),
);
