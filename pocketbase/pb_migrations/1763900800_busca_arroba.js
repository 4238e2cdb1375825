// The search column holds '@' as '＠' (pb_hooks/lib/busca.js ARROBA), so a search for an e-mail at a domain
// starting with 'request.' or 'collection.' is a filter PocketBase takes from staff. Columns written before
// this step are rewritten, with their bookings' copies (raw SQL: no history, `updated` kept).
migrate(
  (app) => {
    const busca = require(`${__hooks}/lib/busca.js`);
    busca.reescreverUsuarios(app);
    busca.copiarTodosAosAgendamentos(app);
  },
  () => {
    /* a column with '＠' is still searched by the app of this version only; nothing to undo in the data */
  },
);
