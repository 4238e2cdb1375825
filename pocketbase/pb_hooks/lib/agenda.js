// What staff may write on a booking, and what a saved change leaves behind: the history entry (same
// transaction) and the customer's status e-mail (after the commit).

const regras = require(`${__hooks}/lib/regras.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const comum = require(`${__hooks}/lib/agenda_comum.js`);
const registros = require(`${__hooks}/lib/registros.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';
const CONFLITO = regras.R.conflitoDeEdicao;

/**
 * The fields of the request checked with pt-BR messages (agenda_comum.js, then each text within the schema's
 * limit: comum.js errosDeTamanho; PocketBase's own would be English).
 */
function validarAlteracao(e) {
  const registro = e.record;
  const antes = registro.original();
  const valores = (r) => ({
    status_agendamento: r.getString('status_agendamento'),
    hora_agendamento: r.getString('hora_agendamento'),
    data_agendamento: r.getString('data_agendamento'),
  });
  const erros = registros.errosDeTamanho(
    registro,
    comum.errosDaAlteracao(
      Object.keys(e.requestInfo().body || {}),
      valores(antes),
      valores(registro),
      caso(e.app, registro.id),
    ),
  );
  const campos = Object.keys(erros);
  if (campos.length === 0) return;
  const validacao = {};
  campos.forEach(
    (campo) => (validacao[campo] = new ValidationError(erros[campo].code, erros[campo].message)),
  );
  throw new BadRequestError(VALIDACAO, validacao);
}

/**
 * The booking's case as agenda_comum.js errosDaAlteracao asks it, each part read only when asked: São Paulo's day,
 * whether its documents are approved, its applicants and their active appointments (lib/dia.js compromissosDe).
 */
function caso(app, agendamentoId) {
  return {
    hoje: regras.hojeSaoPaulo(),
    aprovado: () => casoAprovado(app, agendamentoId),
    requerentes: () =>
      app
        .findRecordsByFilter('requerentes', 'agendamento = {:a}', 'created', 0, 0, { a: agendamentoId })
        .map((r) => r.id),
    compromissos: () =>
      require(`${__hooks}/lib/dia.js`)
        .compromissosDe(app, agendamentoId)
        .map((c) => ({
          requerentes: c.getStringSlice('requerentes'),
          data: c.getString('data'),
          hora: c.getString('hora'),
        })),
  };
}

/**
 * ANALISE_OK is for a case whose every document of every applicant is approved. A booking without a case file
 * (no applicant: one from before the case file existed) keeps the editor's say.
 */
function casoAprovado(app, agendamentoId) {
  if (app.countRecords('requerentes', $dbx.hashExp({ agendamento: agendamentoId })) === 0) return true;
  return (
    require(`${__hooks}/lib/processo_resumo.js`).calcular(app, agendamentoId).documentacao === 'aprovada'
  );
}

/**
 * A staff save: refused with 409 when the booking changed since the editor read it (If-Match), saved with
 * its history entry in one transaction, then the status e-mail. The stored record is read again inside the
 * transaction, where writes are serialised, so two saves of the same copy cannot both pass.
 */
function salvar(e) {
  if (!e.hasSuperuserAuth()) validarAlteracao(e);
  const app = e.app;
  const versao = comum.versaoEsperada(e.requestInfo().headers['if_match']);
  let entrada = null;
  let antes = null;
  app.runInTransaction((tx) => {
    e.app = tx;
    antes = tx.findRecordById('agendamentos', e.record.id);
    if (versao !== '' && antes.getString('updated') !== versao) throw new ApiError(409, CONFLITO, {});
    notaDoStatus(antes, e.record);
    e.next();
    entrada = historico.registrarAlteracao(tx, antes, e.record, e.requestInfo().auth);
  });
  e.app = app;
  const status = e.record.getString('status_agendamento');
  if (entrada && status !== antes.getString('status_agendamento')) avisarCliente(app, e.record, entrada);
}

/** A note to the customer belongs to the status it was written for (processo_comum.js notaDoStatus). */
function notaDoStatus(antes, depois) {
  const nota = require(`${__hooks}/lib/processo_comum.js`).notaDoStatus(
    antes.getString('status_agendamento'),
    antes.getString('nota_cliente'),
    depois.getString('status_agendamento'),
    depois.getString('nota_cliente'),
  );
  depois.set('nota_cliente', nota);
}

/** The status e-mail, recorded on the history entry; a failure is logged and never undoes the save. */
function avisarCliente(app, agendamento, entrada) {
  try {
    const envio = require(`${__hooks}/lib/emails_status.js`).enviarStatus(app, agendamento);
    if (envio) historico.anotarEmail(app, entrada, envio);
  } catch (err) {
    console.error('Falha no e-mail de status do agendamento ' + agendamento.id + ': ' + err);
  }
}

module.exports = { validarAlteracao, salvar, CONFLITO };
