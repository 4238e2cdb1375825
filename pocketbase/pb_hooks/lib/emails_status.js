// The e-mail a customer gets when staff move their booking to one of the five statuses: its words are
// lib/email_texto.js (which the app's preview renders too), its subjects regras.json; sent through lib/emails.js.

const emails = require(`${__hooks}/lib/emails.js`);
const texto = require(`${__hooks}/lib/email_texto.js`);

const R = require(`${__hooks}/lib/regras.json`);

/**
 * Sends the owner of `agendamento` the e-mail of its status (with each applicant's appointment, when given).
 * Returns { para, enviado, assunto } or null.
 */
function enviarStatus(app, agendamento, compromissos) {
  const usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  const campos = {};
  ['status_agendamento', 'data_agendamento', 'hora_agendamento', 'local_agendamento', 'nota_cliente'].forEach(
    (campo) => (campos[campo] = agendamento.getString(campo)),
  );
  const msg = texto.mensagemDoAgendamento(
    campos,
    usuario.getString('nome_completo'),
    app.settings().meta.appURL,
    compromissos,
    R,
  );
  if (!msg) return null;
  const para = usuario.email();
  return { para: para, assunto: msg.assunto, enviado: emails.enviar(app, para, msg.assunto, msg.paragrafos) };
}

/** The log line of a status e-mail that failed (`qual`: which e-mail, 'status' when unset). */
function falha(agendamento, err, qual) {
  console.error(
    'Falha no e-mail de ' + (qual || 'status') + ' do agendamento ' + agendamento.id + ': ' + err,
  );
}

/**
 * After a change of `agendamento` (its history entry `entrada`, null when no recorded field moved: the e-mail goes
 * all the same): the status e-mail sent by enviarStatus, recorded on the entry, a failure logged (`qual`: which
 * e-mail the log names, 'status' when unset).
 */
function enviarEAnotar(app, agendamento, entrada, compromissos, qual) {
  try {
    const envio = enviarStatus(app, agendamento, compromissos);
    if (envio && entrada) require(`${__hooks}/lib/historico.js`).anotarEmail(app, entrada, envio);
  } catch (err) {
    falha(agendamento, err, qual);
  }
}

/**
 * agenda_fluxo.js's ports of the status e-mail after a change of `agendamento` (with each applicant's appointment,
 * when given): sent by enviarStatus, recorded on the history entry (lib/historico.js anotarEmail), a failure logged.
 */
function portasDoAviso(app, agendamento, compromissos) {
  return {
    enviar: () => enviarStatus(app, agendamento, compromissos),
    anotar: (entrada, envio) => require(`${__hooks}/lib/historico.js`).anotarEmail(app, entrada, envio),
    falha: (err) => falha(agendamento, err),
  };
}

module.exports = { enviarStatus, enviarEAnotar, portasDoAviso };
