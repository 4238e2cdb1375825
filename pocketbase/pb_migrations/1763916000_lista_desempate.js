// Every sort of the staff list ends with `id` for ties (pb_hooks/lib/paginas.js: each row has one place, so a page
// can be read from the row beside it). The indexes the list reads in order hold `id` after their columns, so
// SQLite walks them in the sort's own order instead of sorting each run of equal values itself, which made it
// read every row an offset skips (one status at an offset of 5,000 among 100,000 bookings: 41 ms sorted by
// SQLite, 4.5 ms from the index; docs/backend.md, Scale).
const COLUNAS = {
  idx_agendamentos_created: ['created, usuario, busca', 'created, id, usuario, busca'],
  idx_agendamentos_updated: ['updated', 'updated, id'],
  idx_agendamentos_status: ['status_agendamento, created', 'status_agendamento, created, id'],
  idx_agendamentos_data: ['data_agendamento, created', 'data_agendamento, created, id'],
  idx_agendamentos_hora: ['hora_agendamento, created', 'hora_agendamento, created, id'],
  idx_agendamentos_local: ['local_agendamento, created', 'local_agendamento, created, id'],
  idx_agendamentos_consulado: ['consulado, documentacao, created', 'consulado, documentacao, created, id'],
  idx_agendamentos_documentacao: ['documentacao, created', 'documentacao, created, id'],
  idx_agendamentos_consulado_created: ['consulado, created', 'consulado, created, id'],
  idx_agendamentos_nota_status: ['nota_status, created', 'nota_status, created, id'],
};

/** Rewrites each of the indexes above with its columns `antes` (0) or `depois` (1). */
function reescrever(app, qual) {
  const agendamentos = app.findCollectionByNameOrId('agendamentos');
  const nomes = Object.keys(COLUNAS);
  const outros = agendamentos.indexes.filter((i) => !nomes.some((nome) => new RegExp(nome + '\\b').test(i)));
  agendamentos.indexes = outros.concat(
    nomes.map((nome) => 'CREATE INDEX ' + nome + ' ON agendamentos (' + COLUNAS[nome][qual] + ')'),
  );
  app.save(agendamentos);
}

migrate(
  (app) => reescrever(app, 1),
  (app) => reescrever(app, 0),
);
