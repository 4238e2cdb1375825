// The staff search (issue #11): one column per account with its name without accents, e-mail, CPF and phone
// digits, so staff find a customer by whatever they say on the phone. Kept by the server (pb_hooks).
migrate(
  (app) => {
    const busca = require(`${__hooks}/lib/busca.js`);
    const usuarios = app.findCollectionByNameOrId('usuarios');
    // Written only by the server (usuarios.pb.js) and left out of every API answer; staff filter on it with
    // `usuario.busca ~ {:q}`. No index: a contains-search (LIKE '%q%') cannot seek one, and SQLite's plan for
    // the filter walks the bookings and reads each one's account by id (measured: an index went unused).
    usuarios.fields.add(new TextField({ name: 'busca', max: busca.MAX_BUSCA }));
    app.save(usuarios);
    // Accounts made before this step get their column now (the hooks keep it from here on).
    busca.reescreverUsuarios(app);
  },
  (app) => {
    const usuarios = app.findCollectionByNameOrId('usuarios');
    usuarios.fields.removeByName('busca');
    app.save(usuarios);
  },
);
