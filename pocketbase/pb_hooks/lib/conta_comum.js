// The customer's own data (LGPD), decided once: what the export shows of the case file and of the history, and
// what a deletion request may send and becomes. lib/conta.js reads the records into plain objects and asks this
// module; the demo double (src/mocks/conta.ts) asks it too. CommonJS requiring only dia_comum.js, comum.js and the
// messages (scripts/build/kit-module.ts).

const diaComum = require(`${__hooks}/lib/dia_comum.js`);
const { erroInvisivel } = require(`${__hooks}/lib/comum.js`);
const mensagens = require(`${__hooks}/lib/mensagens.json`);

/** A document as the export lists it: which item, its state and file names; never its contents, nor who reviewed. */
const CAMPOS_DO_DOCUMENTO = [
  'id',
  'agendamento',
  'requerente',
  'item',
  'status',
  'motivo',
  'motivo_texto',
  'arquivos',
  'created',
  'updated',
];

function documentoListado(documento) {
  const listado = {};
  CAMPOS_DO_DOCUMENTO.forEach((campo) => (listado[campo] = documento[campo]));
  return listado;
}

/** A history entry as its customer sees it: staff act as 'Equipe', never as a named member of staff. */
function entradaDoCliente(entrada, sistema) {
  const vista = {};
  Object.keys(entrada).forEach((campo) => {
    if (campo !== 'autor') vista[campo] = entrada[campo];
  });
  vista.autor_nome = entrada.autor_nome === sistema ? sistema : 'Equipe';
  return vista;
}

// By `created`, ties in the order given (the database's).
const porCriacao = (sinal) => (lista) =>
  lista.slice().sort((a, b) => sinal * String(a.created || '').localeCompare(String(b.created || '')));
const maisRecentes = porCriacao(-1);
const maisAntigos = porCriacao(1);

/**
 * The export (GET /api/conta/exportar) from the customer's records as plain objects (no password or token key):
 * `dados` { geradoEm, conta, pagamentos, cobrancas, agendamentos, solicitacoes_exclusao: the customer's own;
 * historico, requerentes, documentos, atendimentos, tentativas, compromissos, lembretes: their bookings' }. Each
 * list of their own newest first; the rest booking by booking in that order, the history and the attempts newest
 * first, the case file and the booking day as they happened; staff shown as 'Equipe' or not at all
 * (entradaDoCliente, dia_comum.js semEquipe) and documents as a list (documentoListado). What the customer relayed
 * to staff is not exported: it is deleted as soon as it is used, and within minutes anyway.
 */
function exportacao(dados, sistema) {
  const agendamentos = maisRecentes(dados.agendamentos);
  const porAgendamento = (lista, ordem) =>
    agendamentos.reduce((todos, a) => todos.concat(ordem(lista.filter((x) => x.agendamento === a.id))), []);
  return {
    gerado_em: dados.geradoEm,
    conta: dados.conta,
    pagamentos: maisRecentes(dados.pagamentos),
    cobrancas: maisRecentes(dados.cobrancas),
    agendamentos: agendamentos,
    historico: porAgendamento(dados.historico, maisRecentes).map((h) => entradaDoCliente(h, sistema)),
    requerentes: porAgendamento(dados.requerentes, maisAntigos),
    documentos: porAgendamento(dados.documentos, maisAntigos).map(documentoListado),
    atendimentos: porAgendamento(dados.atendimentos, maisAntigos).map((a) =>
      diaComum.semEquipe('atendimentos', a),
    ),
    tentativas: porAgendamento(dados.tentativas, maisRecentes).map((t) =>
      diaComum.semEquipe('tentativas_agendamento', t),
    ),
    compromissos: porAgendamento(dados.compromissos, maisAntigos),
    lembretes: porAgendamento(dados.lembretes, maisAntigos),
    solicitacoes_exclusao: maisRecentes(dados.solicitacoes_exclusao),
  };
}

/** The collections the export reads: the customer's own, and their bookings' (by the export's name for each). */
const DO_USUARIO = ['pagamentos', 'cobrancas', 'agendamentos', 'solicitacoes_exclusao'];
const DO_CASO = {
  historico: 'historico_agendamentos',
  requerentes: 'requerentes',
  documentos: 'documentos',
  atendimentos: 'atendimentos',
  tentativas: 'tentativas_agendamento',
  compromissos: 'compromissos',
  lembretes: 'lembretes',
};

/**
 * The export as each runtime reads it: `conta` the account as a plain object, `doUsuario(colecao)` the customer's
 * own records of a collection and `doCaso(colecao, agendamentos)` those of their bookings, as plain objects.
 */
function exportacaoDe(geradoEm, conta, doUsuario, doCaso, sistema) {
  const dados = { geradoEm: geradoEm, conta: conta };
  DO_USUARIO.forEach((colecao) => (dados[colecao] = doUsuario(colecao)));
  Object.keys(DO_CASO).forEach((nome) => (dados[nome] = doCaso(DO_CASO[nome], dados.agendamentos)));
  return exportacao(dados, sistema);
}

/**
 * A deletion request's field errors ({ campo: { code, message } }): its id is the server's; its reason holds no
 * control or invisible characters (comum.erroInvisivel; line breaks are fine).
 */
function errosDaExclusao(body) {
  const erros = {};
  if (body.id !== undefined) erros.id = { code: 'validation_forbidden', message: 'Campo não permitido.' };
  const invisivel = erroInvisivel(body.motivo, true, mensagens);
  if (invisivel) erros.motivo = { code: 'validation_invisible_chars', message: invisivel };
  return erros;
}

/** A deletion request's status: an account with a booking not yet FINALIZADO is kept until the booking ends. */
function statusDaExclusao(statusDosAgendamentos) {
  return statusDosAgendamentos.some((s) => s !== 'FINALIZADO') ? 'AGUARDANDO_ATENDIMENTO' : 'PENDENTE';
}

module.exports = {
  CAMPOS_DO_DOCUMENTO,
  documentoListado,
  entradaDoCliente,
  exportacao,
  exportacaoDe,
  errosDaExclusao,
  statusDaExclusao,
};
