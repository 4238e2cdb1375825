// Reading where a purchase stands (the customer's payments or live charge) first settles a charge of unknown
// outcome with Asaas (lib/pedidos.js conciliar): the next look, on any device, shows what really happened.
// A list hook, not a router middleware: a middleware would wrap every request, realtime streams included, and
// hold one of the JS VMs for each open stream's whole life.

onRecordsListRequest(
  (e) => {
    require(`${__hooks}/lib/pedidos.js`).conciliarNaLeitura(e);
    e.next();
  },
  'pagamentos',
  'cobrancas',
);
