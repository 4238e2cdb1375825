// The staff search finds a CPF, a phone or an e-mail from an index (issue 30): each booking carries its
// customer's CPF digits, phone digits and e-mail (lower case, '@' as '＠') in columns of its own, each indexed with
// `created` after it for the list's order. The list's `busca ~ "key"` for such a key is sent as an equality or a
// range on them (lib/comum.js filtroBuscaIndexada, run by the app and the demo double). Kept by the server like
// `busca` (lib/busca.js; no client writes them). Visible like `busca`, so the list may filter on them: a customer
// reads only their own bookings, which hold only their own keys.
const CAMPOS = ['busca_cpf', 'busca_email', 'busca_celular'];

migrate(
  (app) => {
    const busca = require(`${__hooks}/lib/busca.js`);
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    for (const nome of CAMPOS) {
      agendamentos.fields.add(new TextField({ name: nome, max: 320 }));
      agendamentos.indexes.push(`CREATE INDEX idx_agendamentos_${nome} ON agendamentos (${nome}, created)`);
    }
    app.save(agendamentos);
    busca.copiarChavesATodos(app);
  },
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    for (const nome of CAMPOS) {
      agendamentos.fields.removeByName(nome);
      agendamentos.indexes = agendamentos.indexes.filter((i) => !i.includes(`idx_agendamentos_${nome} `));
    }
    app.save(agendamentos);
  },
);
