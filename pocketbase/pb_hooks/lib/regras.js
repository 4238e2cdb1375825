// The business decisions the server enforces, in one place: prices, installments, statuses, time zone,
// and the pt-BR messages a customer can read. The figures, status sets and messages are data the app, the demo
// backend and the tests import too (regras.json); the rules that are code are shared the same way (comum.js).

const R = require(`${__hooks}/lib/regras.json`);
const comum = require(`${__hooks}/lib/comum.js`);

const PRECOS = R.precos;
const TAXA_FLEX = R.taxaFlex;
const MAX_PARCELAS = R.maxParcelas;
const STATUS_AGENDAMENTO = R.statusAgendamento;

// Asaas statuses that mean the money is there; the ones that mean "wait"; the ones that end a charge; the
// ones that come after the money (refunds, chargebacks).
const ASAAS_PAGO = R.asaas.pago;
const ASAAS_EM_ANALISE = R.asaas.emAnalise;
const ASAAS_ENCERRADAS = R.asaas.encerradas;
const ASAAS_POS_PAGAMENTO = R.asaas.posPagamento;

// Card attempts that may reach Asaas (card testing with stolen cards is the abuse this stops).
const LIMITE_CLIENTE = R.limiteCartao.cliente;
const LIMITE_IP = R.limiteCartao.ip;

// The field messages the browser shows too (src imports the same file).
const CAMPOS = require(`${__hooks}/lib/mensagens.json`);

const MSG = R.pagamento;

const centavos = comum.centavos;

/** The order's total in reais: the service's price plus the Flex fee when chosen. */
function precoTotal(tipoServico, flex) {
  return PRECOS[tipoServico] + (flex ? TAXA_FLEX : 0);
}

/** Each installment's value in reais (Asaas's split: comum.parcelamento). */
function valorParcela(total, parcelas) {
  return comum.parcelamento(total, parcelas).valor;
}

/** The calendar day in America/Sao_Paulo (lib/prazo.js, which the app shares). */
function hojeSaoPaulo(agoraMs) {
  return require(`${__hooks}/lib/prazo.js`).diaSaoPaulo(agoraMs);
}

const soDigitos = comum.digitos;

const cpfValido = comum.cpfValido;

/** A Brazilian mobile, as the browser checks it (comum.celularValido: '+' and '.' make it invalid). */
const celularValido = comum.celularValido;

/** The name as stored (comum.normalizarNome). */
const normalizarNome = comum.normalizarNome;

/** The pt-BR message for a name the browser would not send, or '' when it is fine (comum.erroNome). */
function erroNome(texto) {
  return comum.erroNome(texto, CAMPOS);
}

function nomeValido(texto) {
  return erroNome(texto) === '';
}

/** The order part of a card or Pix request checked against the server's prices (comum.validarPedido). */
function validarPedido(body, metodo) {
  return comum.validarPedido(body, metodo, R);
}

function pago(statusAsaas) {
  return ASAAS_PAGO.indexOf(statusAsaas) >= 0;
}

function emAnalise(statusAsaas) {
  return ASAAS_EM_ANALISE.indexOf(statusAsaas) >= 0;
}

module.exports = {
  R,
  PRECOS,
  TAXA_FLEX,
  MAX_PARCELAS,
  STATUS_AGENDAMENTO,
  ASAAS_ENCERRADAS,
  ASAAS_POS_PAGAMENTO,
  LIMITE_CLIENTE,
  LIMITE_IP,
  MSG,
  centavos,
  precoTotal,
  valorParcela,
  hojeSaoPaulo,
  soDigitos,
  CAMPOS,
  cpfValido,
  celularValido,
  normalizarNome,
  erroNome,
  nomeValido,
  validarPedido,
  pago,
  emAnalise,
};
