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
 * deletion request, as conta_comum.js exportacaoDe reads and puts them.
 */
function exportar(e) {
  const usuario = e.auth;
  const ler = (colecao, filtro, params) =>
    e.app.findRecordsByFilter(colecao, filtro, '', 0, 0, params).map(publico);
  const exportacao = comum.exportacaoDe(
    new Date().toISOString(),
    publico(usuario),
    (colecao) => ler(colecao, 'usuario = {:u}', { u: usuario.id }),
    (colecao, agendamentos) => agendamentos.flatMap((a) => ler(colecao, 'agendamento = {:a}', { a: a.id })),
    require(`${__hooks}/lib/historico.js`).SISTEMA,
  );
  return e.json(200, exportacao);
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
