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

/**
 * GET /api/conta/exportar: the account, payments, charges, bookings, their history, the case file
 * (applicants and the list of documents), the booking day (handling, attempts, appointments, reminders) and the
 * deletion request, as conta_comum.js exportacao puts them.
 */
function exportar(e) {
  const usuario = e.auth;
  const doUsuario = (colecao) =>
    e.app.findRecordsByFilter(colecao, 'usuario = {:u}', '', 0, 0, { u: usuario.id }).map(publico);
  const agendamentos = doUsuario('agendamentos');
  const doCaso = (colecao) =>
    agendamentos.flatMap((a) =>
      e.app.findRecordsByFilter(colecao, 'agendamento = {:a}', '', 0, 0, { a: a.id }).map(publico),
    );
  const dados = {
    geradoEm: new Date().toISOString(),
    conta: publico(usuario),
    pagamentos: doUsuario('pagamentos'),
    cobrancas: doUsuario('cobrancas'),
    agendamentos: agendamentos,
    historico: doCaso('historico_agendamentos'),
    requerentes: doCaso('requerentes'),
    documentos: doCaso('documentos'),
    atendimentos: doCaso('atendimentos'),
    tentativas: doCaso('tentativas_agendamento'),
    compromissos: doCaso('compromissos'),
    lembretes: doCaso('lembretes'),
    solicitacoes_exclusao: doUsuario('solicitacoes_exclusao'),
  };
  return e.json(200, comum.exportacao(dados, require(`${__hooks}/lib/historico.js`).SISTEMA));
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
