// The e-mail a customer gets when staff move their booking to one of the five statuses: its words are
// lib/email_texto.js (which the app's preview renders too), its subjects regras.json; sent through lib/emails.js.

const emails = require(`${__hooks}/lib/emails.js`);
const texto = require(`${__hooks}/lib/email_texto.js`);

const R = require(`${__hooks}/lib/regras.json`);

/** The e-mail for a status: { assunto, paragrafos } (HTML), or null (lib/email_texto.js, which the app shares). */
function mensagem(status, dados) {
  return texto.mensagemStatus(status, dados, R);
}

/**
 * Sends the owner of `agendamento` the e-mail of its status (with each applicant's appointment, when given).
 * Returns { para, enviado, assunto } or null.
 */
function enviarStatus(app, agendamento, compromissos) {
  const usuario = app.findRecordById('usuarios', agendamento.getString('usuario'));
  const msg = mensagem(agendamento.getString('status_agendamento'), {
    nome: usuario.getString('nome_completo'),
    data: agendamento.getString('data_agendamento'),
    hora: agendamento.getString('hora_agendamento'),
    local: agendamento.getString('local_agendamento'),
    nota: agendamento.getString('nota_cliente'),
    appUrl: app.settings().meta.appURL,
    compromissos: compromissos || [],
  });
  if (!msg) return null;
  const para = usuario.email();
  return { para: para, assunto: msg.assunto, enviado: emails.enviar(app, para, msg.assunto, msg.paragrafos) };
}

module.exports = { mensagem, enviarStatus };
