// The guarantee (issue #29 item 4; lib/garantia.js): whether it is on (public, for the terms page and tracking),
// and the refund of the cases whose windows ran out. Every 10 minutes; superusers run it at once with
// POST /api/crons/garantia (in the background) or POST /api/garantia/rodar (answers when done: {estornados}, the
// tests use it). Nothing happens while GARANTIA_ATIVA is off.

routerAdd('GET', '/api/garantia', (e) => require(`${__hooks}/lib/garantia.js`).configRota(e));

cronAdd('garantia', '*/10 * * * *', () => {
  require(`${__hooks}/lib/garantia.js`).rodar($app);
});

routerAdd(
  'POST',
  '/api/garantia/rodar',
  (e) => e.json(200, require(`${__hooks}/lib/garantia.js`).rodar(e.app)),
  $apis.requireSuperuserAuth(),
);
