// The staff search reads one table: each booking carries a copy of its customer's search column
// (usuarios.busca), kept by the server (pb_hooks/agendamentos.pb.js and usuarios.pb.js). Filtering through
// the relation (`usuario.busca ~ ...`) made PocketBase join the accounts and count DISTINCT rows: 300-650 ms
// at 100,000 bookings; the copy is filtered as `busca ~ ...` on the bookings alone (docs/backend.md, Scale).
migrate(
  (app) => {
    const busca = require(`${__hooks}/lib/busca.js`);
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    // Written only by the server (refused from clients), answered to whoever may see the booking.
    agendamentos.fields.add(new TextField({ name: 'busca', max: busca.MAX_BUSCA }));
    app.save(agendamentos);
    busca.copiarTodosAosAgendamentos(app);
  },
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.fields.removeByName('busca');
    app.save(agendamentos);
  },
);
