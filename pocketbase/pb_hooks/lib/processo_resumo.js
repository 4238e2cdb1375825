// Each booking's summary of its case file for the staff list: `consulado` (which consulate serves its
// applicants) and `documentacao` (pendente, em_analise, recusada, aprovada), copied on the booking so the list
// filters one indexed table. One SQL expression per field, used by the hooks (one booking, after each change of
// an applicant or a document), by a booking's own saves, and by the migration's backfill (every booking). Its
// JavaScript twin, for the double, is processo_comum.js resumoDaLista; tests/server/resumo-propriedade.test.ts
// holds the two equal on random case files. A stored UF is two capitals or '' (the schema's pattern), which the
// CASE below matches as processo_comum.js consuladoDaUf does.

const REGRAS = require(`${__hooks}/lib/processo_regras.json`);

/** What a booking whose applicants live under two or more consulates shows (and is filtered by). */
const VARIOS = REGRAS.varios.id;
const DOCUMENTACAO = Object.keys(REGRAS.documentacao);

function aspas(texto) {
  return "'" + String(texto).replace(/'/g, "''") + "'";
}

/** `CASE r.uf WHEN 'SP' THEN 'sao_paulo' ... END`: an applicant's consulate, NULL for an unknown UF. */
function consuladoDoRequerente() {
  const casos = [];
  Object.keys(REGRAS.consulados).forEach((id) => {
    REGRAS.consulados[id].ufs.forEach((uf) => casos.push('WHEN ' + aspas(uf) + ' THEN ' + aspas(id)));
  });
  return 'CASE r.uf ' + casos.join(' ') + ' END';
}

/**
 * The consulate of the booking `alvo` (its id column): the one all its applicants share; VARIOS when they are
 * served by different ones; '' before any applicant has a known UF.
 */
function sqlConsulado(alvo) {
  const c = consuladoDoRequerente();
  return (
    '(SELECT CASE WHEN COUNT(DISTINCT ' +
    c +
    ") = 0 THEN '' WHEN COUNT(DISTINCT " +
    c +
    ') = 1 THEN MAX(' +
    c +
    ') ELSE ' +
    aspas(VARIOS) +
    ' END FROM requerentes r WHERE r.agendamento = ' +
    alvo +
    ')'
  );
}

/**
 * The documentation state of the booking `alvo`: recusada while any document is refused, else em_analise while
 * any is under review, else aprovada when it has documents and all are approved, else pendente (nothing sent
 * yet, or a replacement not sent yet).
 */
function sqlDocumentacao(alvo) {
  const existe = (condicao) =>
    'EXISTS (SELECT 1 FROM documentos d WHERE d.agendamento = ' + alvo + condicao + ')';
  return (
    '(CASE WHEN ' +
    existe(" AND d.status = 'recusado'") +
    " THEN 'recusada' WHEN " +
    existe(" AND d.status = 'em_analise'") +
    " THEN 'em_analise' WHEN " +
    existe('') +
    ' AND NOT ' +
    existe(" AND d.status != 'aprovado'") +
    " THEN 'aprovada' ELSE 'pendente' END)"
  );
}

const ATUALIZAR =
  'UPDATE agendamentos SET consulado = ' +
  sqlConsulado('agendamentos.id') +
  ', documentacao = ' +
  sqlDocumentacao('agendamentos.id');

/**
 * The summary of one booking written again (raw SQL: no history entry, `updated` kept, so an editor's copy of
 * the booking does not turn stale because a document was reviewed).
 */
function atualizar(app, agendamentoId) {
  app
    .db()
    .newQuery(ATUALIZAR + ' WHERE id = {:id}')
    .bind({ id: agendamentoId })
    .execute();
}

/** Every booking's summary written again (the migration's backfill). */
function atualizarTodos(app) {
  app.db().newQuery(ATUALIZAR).execute();
}

/** The summary as it stands, for a booking being saved (its own record would otherwise write its old copy). */
function calcular(app, agendamentoId) {
  const linha = new DynamicModel({ consulado: '', documentacao: '' });
  app
    .db()
    .newQuery(
      'SELECT ' + sqlConsulado('{:id}') + ' AS consulado, ' + sqlDocumentacao('{:id}') + ' AS documentacao',
    )
    .bind({ id: agendamentoId })
    .one(linha);
  return { consulado: linha.consulado, documentacao: linha.documentacao };
}

/** Sets the summary on a booking about to be saved: pendente and no consulate for a new one. */
function copiarParaAgendamento(app, agendamento) {
  const resumo = agendamento.isNew()
    ? { consulado: '', documentacao: 'pendente' }
    : calcular(app, agendamento.id);
  agendamento.set('consulado', resumo.consulado);
  agendamento.set('documentacao', resumo.documentacao);
}

/** A model hook of an applicant or a document: the save or removal, then its booking's summary. */
function aoMudar(e) {
  e.next();
  atualizar(e.app, e.record.getString('agendamento'));
}

module.exports = {
  VARIOS,
  aoMudar,
  DOCUMENTACAO,
  atualizar,
  atualizarTodos,
  calcular,
  copiarParaAgendamento,
};
