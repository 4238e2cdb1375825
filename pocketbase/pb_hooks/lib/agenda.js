// What staff may write on a booking, and what a saved change leaves behind: the history entry (same
// transaction) and the customer's status e-mail (after the commit).

const regras = require(`${__hooks}/lib/regras.js`);
const historico = require(`${__hooks}/lib/historico.js`);

const VALIDACAO = 'An error occurred while validating the submitted data.';
const CONFLITO = regras.R.conflitoDeEdicao;
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const ANALISE_OK_CEDO = require(`${__hooks}/lib/processo_regras.json`).mensagens.analiseOkCedo;
/** Columns the server keeps on each booking (the search copy, the case summary); never from a request. */
const COLUNAS_DO_SERVIDOR = [
  'busca',
  'busca_cpf',
  'busca_email',
  'busca_celular',
  'consulado',
  'documentacao',
  'flex_usado_em',
  'flex_motivo',
];

function erro(code, message) {
  return new ValidationError(code, message);
}

/**
 * The fields of the request checked with pt-BR messages (PocketBase's own would be English). The text limits
 * are the schema's (migrations).
 */
function validarAlteracao(e) {
  const body = e.requestInfo().body || {};
  const registro = e.record;
  const erros = {};
  COLUNAS_DO_SERVIDOR.forEach((campo) => {
    if (body[campo] !== undefined) erros[campo] = erro('validation_forbidden', 'Campo não permitido.');
  });
  const novo = registro.getString('status_agendamento');
  const mudou = novo !== registro.original().getString('status_agendamento');
  if (mudou && regras.STATUS_AGENDAMENTO.indexOf(novo) < 0) {
    erros.status_agendamento = erro('validation_invalid_status', 'Status inválido.');
  } else if (mudou && novo === 'ANALISE_OK' && !casoAprovado(e.app, registro.id)) {
    erros.status_agendamento = erro('validation_case_not_approved', ANALISE_OK_CEDO);
  }
  const hora = registro.getString('hora_agendamento');
  if (body.hora_agendamento !== undefined && hora !== '' && !HORA.test(hora)) {
    erros.hora_agendamento = erro(
      'validation_invalid_hora',
      'Hora inválida: use o formato HH:mm, como 09:30.',
    );
  }
  // No check of the date here: in a record request PocketBase has already read the body's date into its date
  // type, so an unreadable date and a JSON null (seed §7's 'no date') look the same, an empty date, and are
  // stored as such. The editor refuses an unreadable date before sending it.
  ['local_agendamento', 'nota_cliente', 'formulario', 'status_agendamento'].forEach((campo) => {
    const max = registro.collection().fields.getByName(campo).max;
    if (body[campo] !== undefined && registro.getString(campo).length > max && !erros[campo]) {
      erros[campo] = erro('validation_max_text_constraint', 'Use no máximo ' + max + ' caracteres.');
    }
  });
  if (Object.keys(erros).length > 0) throw new BadRequestError(VALIDACAO, erros);
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

/** The `updated` the editor's copy was read at (If-Match header), or '' when the request sends none. */
function versaoEsperada(e) {
  return String(e.requestInfo().headers['if_match'] || '')
    .trim()
    .replace(/^"(.*)"$/, '$1');
}

/**
 * A staff save: refused with 409 when the booking changed since the editor read it (If-Match), saved with
 * its history entry in one transaction, then the status e-mail. The stored record is read again inside the
 * transaction, where writes are serialised, so two saves of the same copy cannot both pass.
 */
function salvar(e) {
  if (!e.hasSuperuserAuth()) validarAlteracao(e);
  const app = e.app;
  const versao = versaoEsperada(e);
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
