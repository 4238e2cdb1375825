// Reading where a purchase stands (the customer's payments or live charge) first settles a charge of unknown
// outcome with Asaas (lib/pedidos.js conciliar): the next look, on any device, shows what really happened.

routerUse((e) => {
  const leitura =
    e.request.method === 'GET' &&
    /^\/api\/collections\/(pagamentos|cobrancas)\/records\/?$/.test(e.request.url.path);
  if (leitura && e.auth && e.auth.collection().name === 'usuarios') {
    try {
      require(`${__hooks}/lib/pedidos.js`).conciliarAtiva(e.app, e.auth.id);
    } catch (err) {
      // The read itself must not fail: the charge stays unknown until the next look.
      console.error('Conciliação da cobrança falhou: ' + err);
    }
  }
  return e.next();
});
