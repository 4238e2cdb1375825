// The bookings' list rule names the staff by id (pb_hooks/lib/lista_equipe.js, issue 30): PocketBase resolves ids
// as plain values, so a staff list no longer joins the account and selects DISTINCT rows. Written here from the
// admin flags as they stand; the hooks keep it so on every change of a flag.
migrate(
  (app) => {
    require(`${__hooks}/lib/lista_equipe.js`).atualizarRegra(app);
  },
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.listRule = 'usuario = @request.auth.id || @request.auth.admin = true';
    app.save(agendamentos);
  },
);
