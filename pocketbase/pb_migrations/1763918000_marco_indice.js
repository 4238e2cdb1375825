// The staff list's marker for a far page (GET /api/agendamentos/marco, lib/lista_equipe.js marcoDaPagina) walks an
// index past up to half the list to find the row before the page. Newest first, the only index in that order,
// `(created, id, usuario, busca)`, holds each customer's search key (the text search's walk reads it instead of
// the rows), so half a million of its entries weigh about 60 MB: the middle page's marker at a million bookings
// took 120 ms, against 37 ms for the status order's narrow index. `(created, id)` holds only the sort's keys.
// It is partial (`created != ''`, which every booking meets) so that only a query naming that term reads it: the
// marker's for a list newest or oldest first (lib/paginas.js consultaDoMarco). Whole, SQLite chose it for
// PocketBase's own lists too, and a filter on `busca` then read every booking's row instead of the wide index's
// key (at a million: 0.9 s → 5.9 s).
const NOME = 'idx_agendamentos_marco';
const INDICE = 'CREATE INDEX ' + NOME + " ON agendamentos (created, id) WHERE created != ''";

migrate(
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.indexes = agendamentos.indexes
      .filter((i) => !new RegExp(NOME + '\\b').test(i))
      .concat(INDICE);
    app.save(agendamentos);
  },
  (app) => {
    const agendamentos = app.findCollectionByNameOrId('agendamentos');
    agendamentos.indexes = agendamentos.indexes.filter((i) => !new RegExp(NOME + '\\b').test(i));
    app.save(agendamentos);
  },
);
