// The published wait (issue #28, item 5; lib/espera_servidor.js over the shared rules of lib/espera.js).

// Every 10 minutes (lib/espera_servidor.js CACHE_MINUTOS): the published figures computed again and kept.
cronAdd('espera', '*/10 * * * *', () => require(`${__hooks}/lib/espera_servidor.js`).guardar($app));

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
