// The staff list reads newest first from the index on `created`, which also holds what every staff read tests
// row by row: the list rule's `usuario` and the search column `busca`. SQLite then answers a rare search (a
// CPF, part of an e-mail) and a far page (page 2,000) from the index alone, without fetching each of the
// 100,000 rows it walks past (docs/backend.md, Scale).
const COBRE = 'CREATE INDEX idx_agendamentos_created ON agendamentos (created, usuario, busca)';
const SIMPLES = 'CREATE INDEX idx_agendamentos_created ON agendamentos (created)';

function trocar(app, de, para) {
  const agendamentos = app.findCollectionByNameOrId('agendamentos');
  agendamentos.indexes = agendamentos.indexes.filter((i) => i !== de).concat([para]);
  app.save(agendamentos);
}

migrate(
  (app) => trocar(app, SIMPLES, COBRE),
  (app) => trocar(app, COBRE, SIMPLES),
);
