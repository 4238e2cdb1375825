// The staff search for text anywhere in a customer's key (issue 30): a name, or part of a number or an e-mail.
// `busca LIKE '%…%'` cannot seek an index, so at a million bookings each such search read every booking (735 ms
// p50 for a name). SQLite's full-text index with the trigram tokenizer finds a piece of text of 3 or more
// characters from the index instead. It holds each booking's `busca` and `created` (the search box also finds a
// creation date typed as text), and SQLite's own triggers keep it: every write to a booking reaches it, through
// the API, a hook's SQL (lib/busca.js) or a script, so it cannot go stale.
//
// A full-text table's rows are numbered; PocketBase's ids are text, and a table's hidden row numbers may change on
// VACUUM. `_busca_chaves` gives each booking id a number of its own, and the index's rows use it.
// Read by GET /api/agendamentos/busca (lib/lista_equipe.js listarPorTexto, lib/busca_texto.js).

const CRIAR = [
  'CREATE TABLE IF NOT EXISTS _busca_chaves (n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)',
  "CREATE VIRTUAL TABLE IF NOT EXISTS _busca_texto USING fts5(busca, criado, tokenize = 'trigram')",
  `CREATE TRIGGER IF NOT EXISTS _busca_ao_criar AFTER INSERT ON agendamentos BEGIN
     INSERT INTO _busca_chaves (id) VALUES (NEW.id);
     INSERT INTO _busca_texto (rowid, busca, criado) VALUES (last_insert_rowid(), NEW.busca, NEW.created);
   END`,
  `CREATE TRIGGER IF NOT EXISTS _busca_ao_mudar AFTER UPDATE OF busca, created ON agendamentos
   WHEN OLD.busca IS NOT NEW.busca OR OLD.created IS NOT NEW.created BEGIN
     UPDATE _busca_texto SET busca = NEW.busca, criado = NEW.created
       WHERE rowid = (SELECT n FROM _busca_chaves WHERE id = NEW.id);
   END`,
  `CREATE TRIGGER IF NOT EXISTS _busca_ao_apagar AFTER DELETE ON agendamentos BEGIN
     DELETE FROM _busca_texto WHERE rowid = (SELECT n FROM _busca_chaves WHERE id = OLD.id);
     DELETE FROM _busca_chaves WHERE id = OLD.id;
   END`,
  // The bookings already there.
  'INSERT INTO _busca_chaves (id) SELECT id FROM agendamentos ORDER BY created, id',
  'INSERT INTO _busca_texto (rowid, busca, criado) SELECT k.n, a.busca, a.created FROM _busca_chaves k JOIN agendamentos a ON a.id = k.id',
];

const APAGAR = [
  'DROP TRIGGER IF EXISTS _busca_ao_criar',
  'DROP TRIGGER IF EXISTS _busca_ao_mudar',
  'DROP TRIGGER IF EXISTS _busca_ao_apagar',
  'DROP TABLE IF EXISTS _busca_texto',
  'DROP TABLE IF EXISTS _busca_chaves',
];

migrate(
  (app) => {
    for (const sql of CRIAR) app.db().newQuery(sql).execute();
  },
  (app) => {
    for (const sql of APAGAR) app.db().newQuery(sql).execute();
  },
);
