// The history of a booking (`historico_agendamentos`): who changed which fields, from what to what, and the
// status e-mail the change sent. Written by the server in the transaction of the change it records.

const CAMPOS = require(`${__hooks}/lib/regras.json`).camposHistorico;
/** The author's name of what the server itself wrote (regras.json, which the double reads too). */
const SISTEMA = require(`${__hooks}/lib/regras.json`).autorSistema;

/** [{campo, de, para}] for the recorded fields that differ, as the stored text (historico_comum.js, the double's too). */
function alteracoes(antes, depois) {
  return require(`${__hooks}/lib/historico_comum.js`).alteracoes(CAMPOS, antes, depois, (registro, campo) =>
    registro.getString(campo),
  );
}

/** Who saved: a staff member (usuarios), a superuser (admin screen, no relation) or the server itself. */
function autoria(auth) {
  const quem = !auth
    ? null
    : auth.collection().name === 'usuarios'
      ? { id: auth.id, nome: auth.getString('nome_completo') }
      : { superusuario: auth.email() };
  return require(`${__hooks}/lib/historico_comum.js`).autoria(quem, SISTEMA);
}

function registrar(app, agendamentoId, lista, auth) {
  const entrada = new Record(app.findCollectionByNameOrId('historico_agendamentos'));
  const quem = autoria(auth);
  entrada.set('agendamento', agendamentoId);
  entrada.set('autor', quem.autor);
  entrada.set('autor_nome', quem.autor_nome);
  entrada.set('alteracoes', lista);
  entrada.set('email_status', '');
  app.save(entrada);
  return entrada;
}

/** The entry for a saved change, or null when no recorded field changed. */
function registrarAlteracao(app, antes, depois, auth) {
  const lista = alteracoes(antes, depois);
  return lista.length > 0 ? registrar(app, depois.id, lista, auth) : null;
}

/** The entry for a booking the server created (its first status). */
function registrarCriacao(app, agendamento) {
  return registrar(
    app,
    agendamento.id,
    [{ campo: 'status_agendamento', de: '', para: agendamento.getString('status_agendamento') }],
    null,
  );
}

/**
 * An entry about money (a duplicate payment, a refund, a withdrawal): one line, `texto`, under `campo`, by
 * `auth` (the staff member) or the server.
 */
function registrarNota(app, agendamentoId, campo, texto, auth) {
  return registrar(app, agendamentoId, [{ campo: campo, de: '', para: texto }], auth || null);
}

/** A change the server itself made to a booking (e.g. CANCELADO after a refund): `campo` from `de` to `para`. */
function registrarMudanca(app, agendamentoId, campo, de, para) {
  return registrar(app, agendamentoId, [{ campo: campo, de: de, para: para }], null);
}

/** Records on the entry the e-mail its change sent ({para, enviado, assunto}). */
function anotarEmail(app, entrada, envio) {
  const campos = require(`${__hooks}/lib/historico_comum.js`).camposDoEmail(envio);
  entrada.load(campos);
  app.save(entrada);
}

module.exports = {
  CAMPOS,
  SISTEMA,
  alteracoes,
  autoria,
  registrar,
  registrarAlteracao,
  registrarCriacao,
  registrarNota,
  registrarMudanca,
  anotarEmail,
};
