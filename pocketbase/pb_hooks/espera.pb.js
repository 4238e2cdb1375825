// The published wait (issue #28, item 5; lib/espera_servidor.js over the shared rules of lib/espera.js).

routerAdd('GET', '/api/espera', (e) => require(`${__hooks}/lib/espera_servidor.js`).servirPublico(e));

routerAdd(
  'GET',
  '/api/espera/equipe',
  (e) => require(`${__hooks}/lib/espera_servidor.js`).servirEquipe(e),
  $apis.requireAuth('usuarios'),
);

routerAdd(
  'POST',
  '/api/espera/recalcular',
  (e) => require(`${__hooks}/lib/espera_servidor.js`).recalcular(e),
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'GET',
  '/api/agendamentos/{id}/espera',
  (e) => require(`${__hooks}/lib/espera_servidor.js`).servirDoCliente(e),
  $apis.requireAuth('usuarios'),
);
