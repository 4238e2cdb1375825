// A charge's state machine, written once for both runtimes like comum.js: PocketBase's JSVM loads this file with
// require() (CommonJS, requiring nothing: the rules data, regras.json, is passed in as `R`), and the demo backend
// imports it through scripts/build/kit-module.ts. It decides; lib/pedidos.js (and the demo double) read and write the
// records. Plain ES2015, no PocketBase calls. A charge here is a plain object: { status, asaas_id, parcelamento, duplicada }.

/** Money came in, but less than the price: never an order; staff look at it. */
const VALOR_DIVERGENTE = 'VALOR_DIVERGENTE';

function centavos(reais) {
  return Math.round(Number(reais) * 100);
}

const pago = (status, R) => R.asaas.pago.indexOf(status) >= 0;
const posPagamento = (status, R) => R.asaas.posPagamento.indexOf(status) >= 0;

/** Paid, or after the money (refunds, chargebacks): the charge has its order. */
function foiPaga(status, R) {
  return pago(status, R) || posPagamento(status, R);
}

/** The refunds Asaas lists that count (a cancelled one gave nothing back). */
function estornosValidos(pagamentoAsaas) {
  const estornos = Array.isArray(pagamentoAsaas.refunds) ? pagamentoAsaas.refunds : [];
  return estornos.filter((r) => r && r.status !== 'CANCELLED');
}

/**
 * What a payment read from Asaas (GET /payments/{id}) means for a charge of `valorParcela` reais an installment
 * (comum.parcelamento): its status, DELETED when Asaas removed it, VALOR_DIVERGENTE when it is paid with less,
 * PARTIALLY_REFUNDED when it is paid and lists a refund (Asaas keeps a partly refunded payment paid).
 */
function statusDoAsaas(valorParcela, pagamentoAsaas, R) {
  if (pagamentoAsaas.deleted) return 'DELETED';
  const status = String(pagamentoAsaas.status || '');
  if (!pago(status, R)) return status;
  if (centavos(pagamentoAsaas.value) < centavos(valorParcela)) return VALOR_DIVERGENTE;
  return estornosValidos(pagamentoAsaas).length ? 'PARTIALLY_REFUNDED' : status;
}

/**
 * What moving a charge to `status` does, or null when it must stay as it is (a refund is final; a late or
 * out-of-order event cannot undo a payment):
 * - `ativa`: the charge still blocks a new one (false once it ended: declined, deleted, refunded…);
 * - `duplicada`: the charge is a duplicate refunded on its own: only its status is recorded, nothing else;
 * - `pedido`: a paid status: the order (payment row and NOVO booking) is written unless it exists, or, when the
 *   customer already has another order, the charge becomes a duplicate (the caller knows which);
 * - `pagamento`: the payment row takes the status (a paid status changed, or any after the money);
 * - `posPagamento`: a refund or chargeback reaches the booking (history, staff, a full refund closes it);
 * - `estornoTotal`: the payment row's `valor_estornado` becomes its price;
 * - `alertarDivergente`: staff are told of a payment below the price, once.
 */
function transicao(cobranca, status, R) {
  const atual = cobranca.status;
  if (atual === 'REFUNDED' && status !== 'REFUNDED') return null;
  if (cobranca.duplicada) return { duplicada: true };
  if (foiPaga(atual, R) && !foiPaga(status, R)) return null;
  const depois = posPagamento(status, R);
  return {
    duplicada: false,
    ativa: R.asaas.encerradas.indexOf(status) < 0,
    pedido: pago(status, R),
    novoPedido: pago(status, R) && !foiPaga(atual, R),
    pagamento: depois || (pago(status, R) && atual !== status),
    posPagamento: depois,
    estornoTotal: status === 'REFUNDED',
    alertarDivergente: status === VALOR_DIVERGENTE && atual !== status,
  };
}

/**
 * The status a charge takes for a payment event: what Asaas reports for its payment (`doAsaas`, statusDoAsaas;
 * PENDING when it says nothing), whatever the event says; an event that ends an unpaid card charge (R.asaas.recusas)
 * gives its own status unless Asaas reports the payment paid.
 */
function statusDoEvento(evento, doAsaas, R) {
  const status = doAsaas || 'PENDING';
  const recusa = Object.prototype.hasOwnProperty.call(R.asaas.recusas, evento) ? R.asaas.recusas[evento] : '';
  return recusa && !pago(status, R) ? recusa : status;
}

/** The history note, on the order's booking, of a duplicate charge (`reais`: comum.js reais). */
function notaDaDuplicada(asaasId, valor, reais) {
  return (
    'Pagamento duplicado ' + asaasId + ' (' + reais(valor) + '): estorno automático solicitado ao Asaas.'
  );
}

/** Whether an order's Asaas status after the money reaches its service invoice (estorno_comum.notaAposEstorno). */
function chegaANota(statusAsaas) {
  return statusAsaas === 'REFUNDED' || statusAsaas === 'PARTIALLY_REFUNDED';
}

/** The order a paid charge writes: its payment row (without `pago_em`, the writer's clock) and its NOVO booking. */
function novoPedido(cobranca, nfse) {
  return {
    pagamento: {
      usuario: cobranca.usuario,
      cobranca: cobranca.id,
      tipo_servico: cobranca.tipo_servico,
      preco_servico: cobranca.valor,
      flex: cobranca.flex,
      metodo_pagamento: cobranca.metodo,
      numero_parcelas: cobranca.parcelas,
      asaas_id_pagamento: cobranca.asaas_id,
      parcelamento: cobranca.parcelamento || '',
      status_asaas: cobranca.status,
      // Its service invoice, when NFS-e is on: due now, sent once the order is written (lib/notas.js enviar).
      nota_status: nfse ? 'PENDENTE' : '',
    },
    agendamento: {
      usuario: cobranca.usuario,
      status_agendamento: 'NOVO',
      data_agendamento: '',
      hora_agendamento: '',
      local_agendamento: '',
    },
    depois: nfse ? ['recibo', 'enviarNota'] : ['recibo'],
  };
}

/**
 * The whole of moving a charge to `status`, for lib/pedidos.js aplicarStatus and the demo double to apply to their
 * records, or null when it stays as it is (transicao). `cobranca`: the charge's fields as they are ({ id, status,
 * duplicada, usuario, tipo_servico, valor, flex, metodo, parcelas, asaas_id, parcelamento }). `contexto`:
 * - `pedido`: the charge's order ({ status_asaas, preco_servico }) or null;
 * - `agendamento`: that order's booking ({ status_agendamento }) or null;
 * - `outro`: with no order, what the customer has besides: 'pedido' (another open order), 'cobranca' (another live
 *   charge) or null: a paid charge then becomes a duplicate;
 * - `motivo`: the reason to record (undefined keeps the charge's); `nfse`: whether service invoices are on;
 * - `reais`: comum.js reais, for the notes.
 * The plan: `cobranca`, the fields the charge takes; `duplicada`: { nota } when it becomes a duplicate (the note on
 * the other order's booking; null for another charge); `pedido`: the order to write unless it exists
 * (novoPedido: its fields, and `depois`, what follows once it is written: 'recibo', 'enviarNota'); `pagamento`: the
 * fields the order takes; `posPagamento`: { nota, cancelar, aposEstorno } a refund or chargeback does to the booking
 * (the history note, whether it becomes CANCELADO, whether the invoice hears of it); `depois`: what runs after the
 * commit whatever happens: 'estornarDuplicada', 'alertarDivergente', 'alertarPosPagamento' (staff told of `nota`).
 */
function plano(cobranca, status, contexto, R) {
  const passo = transicao(cobranca, status, R);
  if (!passo) return null;
  const feito = {
    cobranca: { status: status },
    duplicada: null,
    pedido: null,
    pagamento: null,
    posPagamento: null,
    depois: [],
  };
  // A duplicate refunded on its own is never an order: its status is only recorded.
  if (passo.duplicada) return feito;
  const pedido = contexto.pedido;
  if (passo.novoPedido && !pedido && contexto.outro) {
    feito.cobranca = { status: status, ativa: false, duplicada: true };
    const nota =
      contexto.outro === 'pedido' ? notaDaDuplicada(cobranca.asaas_id, cobranca.valor, contexto.reais) : null;
    feito.duplicada = { nota: nota };
    feito.depois.push('estornarDuplicada');
    return feito;
  }
  feito.cobranca.ativa = passo.ativa;
  if (contexto.motivo !== undefined) feito.cobranca.motivo = String(contexto.motivo).slice(0, 500);
  if (passo.alertarDivergente) feito.depois.push('alertarDivergente');
  if (passo.pedido && !pedido) {
    feito.pedido = novoPedido(Object.assign({}, cobranca, { status: status }), contexto.nfse);
  }
  if (!passo.pagamento || !pedido || pedido.status_asaas === status) return feito;
  feito.pagamento = { status_asaas: status };
  if (passo.estornoTotal) feito.pagamento.valor_estornado = pedido.preco_servico;
  const agendamento = contexto.agendamento;
  if (!passo.posPagamento || !agendamento) return feito;
  feito.posPagamento = {
    nota: R.textosPosPagamento[status] || status,
    cancelar: status === 'REFUNDED' && agendamento.status_agendamento !== 'CANCELADO',
    aposEstorno: chegaANota(status),
  };
  feito.depois.push('alertarPosPagamento');
  return feito;
}

/**
 * The order's `valor_estornado` after the refunds Asaas lists on a payment (made by this server or in Asaas's own
 * panel), or null when it stays: a charge in installments has them spread over its payments (the server follows
 * its own refunds and the final REFUNDED there), and the sum never goes down nor past the price.
 */
function valorEstornadoListado(cobranca, pagamentoAsaas, preco, jaEstornado) {
  if (cobranca.parcelamento) return null;
  const listados = estornosValidos(pagamentoAsaas);
  if (!listados.length) return null;
  const soma = listados.reduce((total, r) => total + centavos(r.value || 0), 0);
  if (soma <= centavos(jaEstornado)) return null;
  return Math.min(soma, centavos(preco)) / 100;
}

/**
 * Whether a charge is settled with Asaas before it is read or retried: its outcome is unknown (INDETERMINADA: a
 * timeout or a 5xx), or it is ENVIANDO longer than `espera` seconds (a server that stopped mid-call left it so).
 * `idadeS`: seconds since the charge was last touched.
 */
function precisaConciliar(status, idadeS, espera) {
  return status === 'INDETERMINADA' || (status === 'ENVIANDO' && idadeS > espera);
}

/**
 * Among the payments Asaas lists for a charge's attempt id (`lista`, one per installment), the one that stands for
 * the charge ({ asaas_id, parcelamento }): the one it already knows, else one of its installments (of its own
 * installment plan when it knows it; a paid one first, then the first by number), or null.
 */
function pagamentoDaCobranca(cobranca, lista, R) {
  const validos = [];
  for (let i = 0; i < lista.length; i++) if (lista[i] && lista[i].id) validos.push(lista[i]);
  const conhecido = validos.filter((p) => String(p.id) === cobranca.asaas_id)[0];
  if (conhecido) return conhecido;
  const parcelamento = cobranca.parcelamento || '';
  const daCobranca = validos
    .filter((p) => !parcelamento || String(p.installment || '') === parcelamento)
    .sort((a, b) => Number(a.installmentNumber || 1) - Number(b.installmentNumber || 1));
  return daCobranca.filter((p) => pago(String(p.status), R))[0] || daCobranca[0] || null;
}

/**
 * What settling a charge (`cobranca`: { asaas_id, parcelamento }, touched `idadeS` seconds ago) with what Asaas lists
 * for its attempt does: { pagamento } whose status it takes (pagamentoDaCobranca); { naoCriada: true } when Asaas
 * still knows nothing of the attempt `espera` seconds after the call (no charge was made: it ends, if its status is
 * still the one read before asking); or null: it stays as it is.
 */
function desfechoDaConciliacao(cobranca, lista, idadeS, espera, R) {
  const pagamento = pagamentoDaCobranca(cobranca, lista, R);
  if (pagamento) return { pagamento: pagamento };
  return idadeS > espera ? { naoCriada: true } : null;
}

/**
 * The ids a payment Asaas reports (`pagamento`: { id, installment }) teaches its charge (`cobranca`: { asaas_id,
 * parcelamento }): those the charge does not hold yet, as fields to set. A charge in installments keeps the id of
 * its first payment.
 */
function idsDoPagamento(cobranca, pagamento) {
  const ids = {};
  if (!cobranca.asaas_id && pagamento.id) ids.asaas_id = String(pagamento.id);
  if (!cobranca.parcelamento && pagamento.installment) ids.parcelamento = String(pagamento.installment);
  return ids;
}

/** A string of digits of `min` to `max` length (a mask's separators allowed), or null. */
function digitos(valor, min, max) {
  if (typeof valor !== 'string' && typeof valor !== 'number') return null;
  const texto = String(valor);
  if (texto.length > 40 || !/^[\d.\-/() ]*$/.test(texto)) return null;
  const d = texto.replace(/\D/g, '');
  return d.length >= min && d.length <= max ? d : null;
}

const nomeLimpo = (texto) =>
  String(texto || '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The card fields Asaas needs from a card charge's request, as strings, each checked and capped before anything
 * leaves for Asaas: { cartao, titular }, or { erro: { campo, mensagem } } with the browser's own message
 * (`M`: mensagens.json; `cpfValido`: comum.cpfValido). The server never keeps them.
 */
function dadosDoCartao(body, M, cpfValido) {
  const erro = (campo, mensagem) => ({ erro: { campo: campo, mensagem: mensagem } });
  const c = body.creditCard || {};
  const h = body.creditCardHolderInfo || {};
  const nome = typeof c.holderName === 'string' ? nomeLimpo(c.holderName) : '';
  if (!nome) return erro('creditCard.holderName', M.titularObrigatorio);
  if (nome.length > 100) return erro('creditCard.holderName', M.titularLongo);
  if (!/^(?:\p{L}\p{M}*| )+$/u.test(nome)) return erro('creditCard.holderName', M.titularLetras);
  const cartao = {
    holderName: nome,
    number: digitos(c.number, 13, 19),
    expiryMonth: digitos(c.expiryMonth, 2, 2),
    expiryYear: digitos(c.expiryYear, 4, 4),
    ccv: digitos(c.ccv, 3, 4),
  };
  if (!cartao.number) return erro('creditCard.number', M.numeroCartaoInvalido);
  if (!cartao.expiryMonth || !cartao.expiryYear) return erro('creditCard.expiry', M.validadeInvalida);
  if (!cartao.ccv) return erro('creditCard.ccv', M.cvvInvalido);
  const email = typeof h.email === 'string' ? h.email.trim() : '';
  const titular = {
    name: nomeLimpo(h.name),
    email: email,
    cpfCnpj: digitos(h.cpfCnpj, 11, 14),
    postalCode: digitos(h.postalCode, 8, 8),
    addressNumber: typeof h.addressNumber === 'string' ? h.addressNumber.trim() : '',
    phone: digitos(h.phone, 10, 11),
  };
  if (!titular.name || titular.name.length > 120 || !/^(?:\p{L}\p{M}*|[ '’-])+$/u.test(titular.name)) {
    return erro('creditCardHolderInfo.name', M.nomeInvalido);
  }
  if (email.length > 254 || !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email)) {
    return erro('creditCardHolderInfo.email', 'Email inválido');
  }
  if (!titular.cpfCnpj || (titular.cpfCnpj.length === 11 && !cpfValido(titular.cpfCnpj))) {
    return erro('creditCardHolderInfo.cpfCnpj', M.cpfInvalido);
  }
  if (!titular.postalCode) return erro('creditCardHolderInfo.postalCode', 'CEP inválido');
  if (!titular.addressNumber)
    return erro('creditCardHolderInfo.addressNumber', 'Número do endereço obrigatório');
  if (titular.addressNumber.length > 10) {
    return erro('creditCardHolderInfo.addressNumber', 'Número do endereço muito longo');
  }
  if (!/^[\p{L}\d /-]*$/u.test(titular.addressNumber)) {
    return erro('creditCardHolderInfo.addressNumber', 'Número do endereço inválido');
  }
  if (!titular.phone) return erro('creditCardHolderInfo.phone', M.celularInvalido);
  return { cartao: cartao, titular: titular };
}

/**
 * An order's service invoice that ended in error, sent again by staff: due once more (PENDENTE), one attempt more,
 * no id nor error of the last one. `tentativas`: the attempts made so far.
 */
function reenvioDaNota(tentativas) {
  return {
    nota_status: 'PENDENTE',
    nota_tentativas: (Number(tentativas) || 0) + 1,
    nota_id: '',
    nota_erro: '',
  };
}

/**
 * The reconciliation's timing when the server's environment leaves it unset: after how many seconds Asaas not
 * knowing an attempt means it never made the charge (ASAAS_CONCILIAR_APOS_S), and how often Asaas may be asked
 * about one charge (ASAAS_CONSULTA_INTERVALO_MS). The demo double runs with these.
 */
const PADROES = { conciliarAposS: 600, consultaIntervaloMs: 2000 };

module.exports = {
  PADROES,
  reenvioDaNota,
  VALOR_DIVERGENTE,
  foiPaga,
  statusDoAsaas,
  transicao,
  statusDoEvento,
  plano,
  estornosValidos,
  valorEstornadoListado,
  precisaConciliar,
  pagamentoDaCobranca,
  desfechoDaConciliacao,
  idsDoPagamento,
  dadosDoCartao,
};
