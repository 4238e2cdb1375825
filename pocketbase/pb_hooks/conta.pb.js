// The customer's own data (LGPD art. 18): everything the server holds about them, and the deletion request.

routerAdd(
  'GET',
  '/api/conta/exportar',
  (e) => require(`${__hooks}/lib/conta.js`).exportar(e),
  $apis.requireAuth('usuarios'),
);

onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/conta.js`).prepararExclusao(e);
  e.next();
}, 'solicitacoes_exclusao');
