// The Asaas proxy at the seed's paths. Signed-in customers only; the decisions live in lib/proxy.js. Nothing is
// charged while the server's configuration is incomplete (lib/arranque.js).

routerAdd(
  'POST',
  '/payments/asaas/customer',
  (e) => require(`${__hooks}/lib/proxy.js`).criarCliente(e),
  $apis.requireAuth('usuarios'),
  (e) => require(`${__hooks}/lib/arranque.js`).exigir(e),
);

routerAdd(
  'POST',
  '/payments/asaas/installment',
  (e) => require(`${__hooks}/lib/proxy.js`).cobrarCartao(e),
  $apis.requireAuth('usuarios'),
  (e) => require(`${__hooks}/lib/arranque.js`).exigir(e),
);

routerAdd(
  'POST',
  '/payments/asaas/pix',
  (e) => require(`${__hooks}/lib/proxy.js`).cobrarPix(e),
  $apis.requireAuth('usuarios'),
  (e) => require(`${__hooks}/lib/arranque.js`).exigir(e),
);

routerAdd(
  'GET',
  '/payments/asaas/pix/{id}',
  (e) => require(`${__hooks}/lib/proxy.js`).qrCodePix(e),
  $apis.requireAuth('usuarios'),
);

// Money given back (lib/estornos.js): the customer's withdrawal within 7 days, and a staff refund.
routerAdd(
  'POST',
  '/payments/desistencia',
  (e) => require(`${__hooks}/lib/estornos.js`).desistir(e),
  $apis.requireAuth('usuarios'),
  (e) => require(`${__hooks}/lib/arranque.js`).exigir(e),
);

routerAdd(
  'POST',
  '/payments/estorno',
  (e) => require(`${__hooks}/lib/estornos.js`).estornar(e),
  $apis.requireAuth('usuarios'),
  (e) => require(`${__hooks}/lib/arranque.js`).exigir(e),
);

// An order's service invoice that ended in error, sent to Asaas again by staff (lib/notas.js).
routerAdd(
  'POST',
  '/payments/nota-fiscal',
  (e) => require(`${__hooks}/lib/notas.js`).tentarDeNovo(e),
  $apis.requireAuth('usuarios'),
);
