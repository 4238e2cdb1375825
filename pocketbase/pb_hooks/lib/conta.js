// What the export holds and how a deletion request is recorded (decided by lib/conta_comum.js, which the demo
// double asks too).

const comum = require(`${__hooks}/lib/conta_comum.js`);
const registros = require(`${__hooks}/lib/registros.js`);

function publico(registro) {
  const dados = registro.publicExport();
  delete dados.tokenKey;
  delete dados.password;
  return dados;
}

/** A history entry as its customer sees it: staff act as 'Equipe', never as a named member of staff. */
function entradaDoCliente(entrada) {
  return comum.entradaDoCliente(publico(entrada), require(`${__hooks}/lib/historico.js`).SISTEMA);
}

function doUsuario(app, colecao, usuarioId) {
  return app.findRecordsByFilter(colecao, 'usuario = {:u}', '-created', 0, 0, { u: usuarioId }).map(publico);
}

/** The case file of the customer's bookings: applicants (their data) and documents (the list). */
function processo(app, agendamentos) {
  const de = (colecao) =>
    agendamentos.flatMap((a) =>
      app.findRecordsByFilter(colecao, 'agendamento = {:a}', 'created', 0, 0, { a: a.id }),
    );
  return {
    requerentes: de('requerentes').map(publico),
    documentos: de('documentos').map((d) => comum.documentoListado(publico(d))),
  };
}

/**
 * GET /api/conta/exportar: the account, payments, charges, bookings, their history, the case file
 * (applicants and the list of documents) and the deletion request.
 */
function exportar(e) {
  const usuario = e.auth;
  const agendamentos = doUsuario(e.app, 'agendamentos', usuario.id);
  let historico = [];
  try {
    historico = agendamentos.flatMap((a) =>
      e.app
        .findRecordsByFilter('historico_agendamentos', 'agendamento = {:a}', '-created', 0, 0, { a: a.id })
        .map(entradaDoCliente),
    );
  } catch (_) {
    historico = []; // no history collection in this kit yet
  }
  const caso = processo(e.app, agendamentos);
  return e.json(200, {
    gerado_em: new Date().toISOString(),
    conta: publico(usuario),
    pagamentos: doUsuario(e.app, 'pagamentos', usuario.id),
    cobrancas: doUsuario(e.app, 'cobrancas', usuario.id),
    agendamentos: agendamentos,
    historico: historico,
    requerentes: caso.requerentes,
    documentos: caso.documentos,
    solicitacoes_exclusao: doUsuario(e.app, 'solicitacoes_exclusao', usuario.id),
  });
}

/**
 * The status and the id are the server's, the reason within the schema's limit (in pt-BR): an account with a
 * booking in progress is kept until the booking ends.
 */
function prepararExclusao(e) {
  const erros = registros.errosDeTamanho(e.record, comum.errosDaExclusao(e.requestInfo().body || {}));
  const campos = Object.keys(erros);
  if (campos.length > 0) {
    const dados = {};
    campos.forEach((campo) => (dados[campo] = new ValidationError(erros[campo].code, erros[campo].message)));
    throw new BadRequestError('An error occurred while validating the submitted data.', dados);
  }
  const agendamentos = e.app.findRecordsByFilter('agendamentos', 'usuario = {:u}', '', 0, 0, {
    u: e.record.getString('usuario'),
  });
  e.record.set('status', comum.statusDaExclusao(agendamentos.map((a) => a.getString('status_agendamento'))));
}

module.exports = { exportar, prepararExclusao };
