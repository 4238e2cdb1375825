// The search column holds '@' as '＠' (pb_hooks/lib/busca.js ARROBA), so a search for an e-mail at a domain
// starting with 'request.' or 'collection.' is a filter PocketBase takes from staff. Columns written before
// this step are rewritten, with their bookings' copies (raw SQL: no history, `updated` kept).
migrate(
  (app) => {
    const busca = require(`${__hooks}/lib/busca.js`);
    app.findAllRecords('usuarios').forEach((u) => {
      app
        .db()
        .newQuery('UPDATE usuarios SET busca = {:busca} WHERE id = {:id}')
        .bind({ id: u.id, busca: busca.doUsuario(u) })
        .execute();
    });
    app
      .db()
      .newQuery(
        "UPDATE agendamentos SET busca = COALESCE((SELECT busca FROM usuarios WHERE usuarios.id = agendamentos.usuario), '')",
      )
      .execute();
  },
  () => {
    /* a column with '＠' is still searched by the app of this version only; nothing to undo in the data */
  },
);
