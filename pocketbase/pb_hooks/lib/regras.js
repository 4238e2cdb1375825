// The business decisions the server enforces, in one place: prices, installments, statuses, time zone,
// and the pt-BR messages a customer can read. Plain functions, no PocketBase calls (easy to read and test).

const PRECOS = { individual: 699, familiar: 999 };
const TAXA_FLEX = 199;
const MAX_PARCELAS = 6;
const STATUS_AGENDAMENTO = ['NOVO', 'ANALISE_ERRO', 'ANALISE_OK', 'AGENDADO', 'FINALIZADO'];

// Asaas statuses that mean the money is there; the ones that mean "wait"; the ones that end a charge.
const ASAAS_PAGO = ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'];
const ASAAS_EM_ANALISE = ['PENDING', 'AWAITING_RISK_ANALYSIS'];

// Card attempts that may reach Asaas (card testing with stolen cards is the abuse this stops).
const LIMITE_CLIENTE = { tentativas: 5, janelaMin: 10 };
const LIMITE_IP = { tentativas: 20, janelaMin: 10 };

// The field messages the browser shows too (src imports the same file).
const CAMPOS = require(`${__hooks}/lib/mensagens.json`);

const MSG = {
  naoVerificado: 'Confirme o seu e-mail antes de pagar.',
  servicoInvalido: 'Serviço inválido.',
  parcelasInvalidas: 'Escolha de 1 a 6 parcelas.',
  valorDivergente:
    'O valor enviado não corresponde ao preço do serviço. Recarregue a página e tente novamente.',
  flexInvalido: 'Informe se o Flex foi escolhido.',
  clienteDeOutro: 'Este cadastro de pagamento não é seu.',
  pedidoExiste: 'Você já tem um pedido em andamento. Acompanhe-o na página de andamento.',
  cobrancaEmCurso:
    'Já existe um pagamento seu em processamento. Aguarde a confirmação antes de tentar de novo.',
  tentativaRepetida: 'Esta tentativa de pagamento já foi enviada.',
  limite: 'Muitas tentativas de pagamento em pouco tempo. Aguarde alguns minutos e tente novamente.',
  recusado: 'Pagamento recusado pela operadora do cartão.',
  indeterminado:
    'Não conseguimos confirmar o pagamento com a operadora. Não pague de novo: verificamos e avisamos você.',
  naoCriada: 'A operadora não registrou esta cobrança: nada foi cobrado. Você pode pagar de novo.',
  indisponivel: 'O serviço de pagamento está indisponível no momento. Tente novamente em alguns minutos.',
  ocupado:
    'O serviço de pagamento está sobrecarregado no momento: nada foi cobrado. Tente novamente em alguns minutos.',
  cartaoInvalido: 'Dados do cartão incompletos.',
  naoEncontrado: 'Pagamento não encontrado.',
  tokenInvalido: 'Token do webhook inválido.',
};

function centavos(reais) {
  return Math.round(Number(reais) * 100);
}

/** The order's total in reais: the service's price plus the Flex fee when chosen. */
function precoTotal(tipoServico, flex) {
  return PRECOS[tipoServico] + (flex ? TAXA_FLEX : 0);
}

/** Asaas's split: total / count cut to whole centavos (the last installment takes the rest). */
function valorParcela(total, parcelas) {
  return Math.floor(centavos(total) / parcelas) / 100;
}

/** The calendar day in America/Sao_Paulo (UTC-3 all year since daylight saving ended in 2019). */
function hojeSaoPaulo(agoraMs) {
  const ms = (agoraMs === undefined ? Date.now() : agoraMs) - 3 * 3600 * 1000;
  return new Date(ms).toISOString().slice(0, 10);
}

function soDigitos(texto) {
  return String(texto || '').replace(/\D/g, '');
}

/** Digits with the mask's separators at most: markup, letters or other symbols make a CPF or phone invalid. */
function soMascara(texto, separadores) {
  return typeof texto === 'string' && texto.length <= 20 && separadores.test(texto);
}

function cpfValido(texto) {
  if (!soMascara(texto, /^[\d.\- ]*$/)) return false;
  const d = soDigitos(texto);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  for (let t = 9; t < 11; t++) {
    let soma = 0;
    for (let i = 0; i < t; i++) soma += Number(d[i]) * (t + 1 - i);
    const digito = ((soma * 10) % 11) % 10;
    if (digito !== Number(d[t])) return false;
  }
  return true;
}

/** A Brazilian mobile, as the browser checks it: DDD 11-99 without a 0, then the ninth digit 9. */
function celularValido(texto) {
  return soMascara(texto, /^[\d()\- ]*$/) && /^[1-9][1-9]9\d{8}$/.test(soDigitos(texto));
}

/** The name as stored: Unicode NFC, any whitespace (line breaks, tabs) one space, trimmed. */
function normalizarNome(texto) {
  return String(texto || '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The pt-BR message for a name the browser would not send, or '' when it is fine: letters (accents
 * included), spaces, apostrophes and hyphens; at least 10 letters; at most 120 characters.
 */
function erroNome(texto) {
  const nome = normalizarNome(texto);
  if (nome === '') return CAMPOS.nomeObrigatorio;
  if (nome.length > 120) return CAMPOS.nomeLongo;
  if (!/^(?:\p{L}\p{M}*|[ '’-])+$/u.test(nome)) return CAMPOS.nomeInvalido;
  if ((nome.match(/\p{L}/gu) || []).length < 10) return CAMPOS.sobrenome;
  return '';
}

function nomeValido(texto) {
  return erroNome(texto) === '';
}

/**
 * Checks the order part of a card or Pix request against the server's prices. Returns
 * { total, parcelas, valor } or { erro: {campo, mensagem} }.
 */
function validarPedido(body, metodo) {
  const tipo = body.tipo_servico;
  if (!Object.prototype.hasOwnProperty.call(PRECOS, tipo)) {
    return { erro: { campo: 'tipo_servico', mensagem: MSG.servicoInvalido } };
  }
  if (typeof body.flex !== 'boolean') return { erro: { campo: 'flex', mensagem: MSG.flexInvalido } };
  const total = precoTotal(tipo, body.flex);
  if (metodo === 'pix') {
    if (centavos(body.value) !== centavos(total)) {
      return { erro: { campo: 'value', mensagem: MSG.valorDivergente } };
    }
    return { total: total, parcelas: 1, valor: total };
  }
  const parcelas = body.installmentCount;
  if (typeof parcelas !== 'number' || parcelas % 1 !== 0 || parcelas < 1 || parcelas > MAX_PARCELAS) {
    return { erro: { campo: 'installmentCount', mensagem: MSG.parcelasInvalidas } };
  }
  if (typeof body.totalValue !== 'number' || centavos(body.totalValue) !== centavos(total)) {
    return { erro: { campo: 'totalValue', mensagem: MSG.valorDivergente } };
  }
  const valor = valorParcela(total, parcelas);
  if (typeof body.value !== 'number' || centavos(body.value) !== centavos(valor)) {
    return { erro: { campo: 'value', mensagem: MSG.valorDivergente } };
  }
  return { total: total, parcelas: parcelas, valor: valor };
}

function pago(statusAsaas) {
  return ASAAS_PAGO.indexOf(statusAsaas) >= 0;
}

function emAnalise(statusAsaas) {
  return ASAAS_EM_ANALISE.indexOf(statusAsaas) >= 0;
}

module.exports = {
  PRECOS,
  TAXA_FLEX,
  MAX_PARCELAS,
  STATUS_AGENDAMENTO,
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
