// A charge's moves and the order they write, in their order of steps, written once: a charge taking an Asaas status
// (the order written when it is paid, a second paid charge marked a duplicate and refunded, a refund or chargeback
// taken to the order and its booking), the refunds Asaas lists counted, and Asaas's webhook (each event once, checked
// with Asaas, recorded with its effects). cobranca_comum.js and webhook_comum.js decide each step; records are read
// and written by the caller's "ports" (plain functions): lib/pedidos.js and lib/webhook.js give PocketBase's records
// and transactions, which the demo double runs too (src/mocks/jsvm). CommonJS requiring only
// other rules modules (scripts/build/kit-module.ts serves it to the app).
//
// The ports (pedido_fluxo.d.ts); a charge is cobranca_comum's plain fields (CobrancaDoPlano), an order
// { id, status_asaas, preco_servico, valor_estornado }, a booking { id, status_agendamento }:
//   pedidoDa(cobranca): the charge's order, or null; outro(cobranca): what else the customer has, { tipo: 'pedido'
//     (an open order from another charge) or 'cobranca' (another live charge), id }, or null;
//   agendamentoDo(pedidoId): the order's booking, or null; nfse(): whether service invoices are on;
//   salvarCobranca(cobranca, campos): the charge saved with the ids `cobranca` holds (a payment may have taught
//     them) and `campos`; gravarPedido(cobranca, novo): the order cobranca_comum novoPedido describes written once
//     per charge, { pedido, criado } (criado false: another caller wrote it first); salvarPedido(id, campos);
//   nota(agendamentoId, campo, texto): a history note by the server; cancelar(agendamento): the booking CANCELADO,
//     its change in the history; aposEstorno(pedidoId): the invoice hears of a refund (notas aposEstorno);
//   depois(acoes, ids): cobranca_comum's AcaoDepois run after the commit, on { cobranca, pagamento, nota }.
// The webhook's also: autorizado() (the request holds the webhook's token), recebido(eventoId), asaas(metodo,
//   caminho) (Asaas's answer { status, json }), acharCobranca(busca) (the charge whose fields are `busca`, or null),
//   registrar(registro, efeito) (in one transaction, the event's record and `efeito(ports of that transaction)`, the
//   result recorded; null when the same event was recorded meanwhile), and optionally fatura(evento) (an INVOICE_*
//   event: { asaasId, efeito }, or throws when Asaas does not answer).

const maquina = require(`${__hooks}/lib/cobranca_comum.js`);
const webhookComum = require(`${__hooks}/lib/webhook_comum.js`);
const comum = require(`${__hooks}/lib/comum.js`);
const R = require(`${__hooks}/lib/regras.json`);

/** What cobranca_comum plano decides a move on, as read now. */
function contexto(portas, pedido, outro, motivo) {
  const agendamento = pedido ? portas.agendamentoDo(pedido.id) : null;
  return {
    pedido: pedido,
    agendamento: agendamento,
    outro: outro ? outro.tipo : null,
    motivo: motivo,
    nfse: portas.nfse(),
    reais: comum.reais,
  };
}

/**
 * A refund or chargeback reaches the order's booking (`efeito`: plano's posPagamento): its history says so, a full
 * refund closes it (CANCELADO; the customer may buy again) and the service invoice hears of it.
 */
function posPagamento(portas, pedido, efeito) {
  const agendamento = portas.agendamentoDo(pedido.id);
  if (!agendamento) return;
  portas.nota(agendamento.id, 'pagamento', efeito.nota);
  if (efeito.cancelar) portas.cancelar(agendamento);
  // Cancelled when all was given back, flagged when part was.
  if (efeito.aposEstorno) portas.aposEstorno(pedido.id);
}

/**
 * Moves a charge (`cobranca`: its fields as they are, with any ids a payment taught it) to `status`, as
 * cobranca_comum plano decides: the charge saved first; a duplicate noted on the other order's booking; the order
 * written when it is paid (written meanwhile by another caller, the move is decided again on it as it is); the
 * order's status and the booking after a refund or chargeback; what follows (receipt, invoice, the duplicate's
 * refund, staff's alerts) left for after the commit. Returns the charge's fields after (unchanged: no move).
 */
function aplicarStatus(portas, cobranca, status, motivo) {
  let pedido = portas.pedidoDa(cobranca);
  const outro = pedido ? null : portas.outro(cobranca);
  let plano = maquina.plano(cobranca, status, contexto(portas, pedido, outro, motivo), R);
  if (!plano) return cobranca;
  portas.salvarCobranca(cobranca, plano.cobranca);
  if (plano.duplicada && plano.duplicada.nota) {
    const agendamento = portas.agendamentoDo(outro.id);
    if (agendamento) portas.nota(agendamento.id, 'pagamento_duplicado', plano.duplicada.nota);
  }
  const depois = Object.assign({}, cobranca, plano.cobranca);
  if (plano.pedido) {
    const gravado = portas.gravarPedido(cobranca, plano.pedido);
    pedido = gravado.pedido;
    if (gravado.criado) portas.depois(plano.pedido.depois, { cobranca: cobranca.id, pagamento: pedido.id });
    // Another caller wrote it first: what this status does to it is decided on it as it is.
    else plano = maquina.plano(cobranca, status, contexto(portas, pedido, null, motivo), R);
  }
  if (plano.pagamento) {
    portas.salvarPedido(pedido.id, plano.pagamento);
    if (plano.posPagamento) posPagamento(portas, pedido, plano.posPagamento);
  }
  const nota = plano.posPagamento ? plano.posPagamento.nota : '';
  portas.depois(plano.depois, { cobranca: cobranca.id, pagamento: pedido ? pedido.id : '', nota: nota });
  return depois;
}

/** What a payment read from Asaas (GET /payments/{id}) means for the charge (cobranca_comum.statusDoAsaas). */
function statusDoAsaas(cobranca, pagamentoAsaas) {
  return maquina.statusDoAsaas(
    comum.parcelamento(cobranca.valor, cobranca.parcelas).valor,
    pagamentoAsaas,
    R,
  );
}

/**
 * Keeps the order's `valor_estornado` up with the refunds Asaas lists on a payment (made by this server or in
 * Asaas's own panel): cobranca_comum.valorEstornadoListado.
 */
function anotarEstornos(portas, cobranca, pagamentoAsaas) {
  const pedido = portas.pedidoDa(cobranca);
  if (!pedido) return;
  const valor = maquina.valorEstornadoListado(
    { parcelamento: cobranca.parcelamento },
    pagamentoAsaas,
    pedido.preco_servico,
    pedido.valor_estornado || 0,
  );
  if (valor !== null) portas.salvarPedido(pedido.id, { valor_estornado: valor });
}

/**
 * The charge a payment belongs to (webhook_comum.buscasDoPagamento says where to look), with the ids the payment
 * teaches it (cobranca_comum.idsDoPagamento; saved with the charge's move), or null.
 */
function cobrancaDoPagamento(portas, pagamento) {
  const buscas = webhookComum.buscasDoPagamento(pagamento);
  for (let i = 0; i < buscas.length; i++) {
    const cobranca = portas.acharCobranca(buscas[i]);
    if (cobranca) return Object.assign({}, cobranca, maquina.idsDoPagamento(cobranca, pagamento));
  }
  return null;
}

/**
 * What a payment event does to the charge it belongs to (inside the event's transaction), `verificado` being the
 * payment as Asaas reports it (null: Asaas does not know it). Returns the result recorded for the event.
 */
function aplicarPagamento(portas, evento, verificado) {
  const cobranca = verificado ? cobrancaDoPagamento(portas, verificado) : null;
  const ignorado = webhookComum.ignorado(evento, Boolean(verificado), Boolean(cobranca), R);
  if (ignorado) return ignorado;
  const status = maquina.statusDoEvento(evento, statusDoAsaas(cobranca, verificado), R);
  const depois = aplicarStatus(portas, cobranca, status, undefined);
  anotarEstornos(portas, depois, verificado);
  return webhookComum.resultado(depois);
}

/** The same event again: answered 200 (Asaas stops delivering it), nothing done. */
const REPETIDO = { resposta: { recebido: true, repetido: true } };

/**
 * POST /payments/asaas/webhook (`evento`: its body): only with the token; each event id handled once (Asaas delivers
 * again until it gets a 200, and may deliver twice). A payment event's payment is read from Asaas first (only events
 * that may change a charge), and the charge takes the status Asaas reports, whatever the event says; without an
 * answer from Asaas nothing is recorded (503: Asaas delivers it again). INVOICE_* events go to `fatura` when given.
 * The event is recorded with its result and effects in one transaction. Returns { erro } or { resposta }.
 */
function receber(portas, evento) {
  if (!portas.autorizado()) return { erro: { http: 401, message: R.pagamento.tokenInvalido } };
  if (!evento.id || !evento.event) return { erro: { http: 400, message: webhookComum.SEM_ID } };
  const id = String(evento.id);
  const tipo = String(evento.event);
  if (portas.recebido(id)) return REPETIDO;
  let acao = null;
  if (tipo.indexOf('INVOICE_') === 0 && portas.fatura) {
    acao = portas.fatura(evento);
  } else {
    const pagamento = evento.payment || {};
    const asaasId = String(pagamento.id || '');
    let verificado = null;
    if (asaasId && webhookComum.contaEvento(tipo, R)) {
      const leitura = webhookComum.leituraDoAsaas(
        portas.asaas('GET', '/payments/' + encodeURIComponent(asaasId)),
      );
      if (leitura.indisponivel) return { erro: { http: 503, message: webhookComum.INDISPONIVEL } };
      verificado = leitura.achado;
    }
    acao = { asaasId: asaasId, efeito: (tx) => aplicarPagamento(tx, tipo, verificado) };
  }
  const registro = { evento_id: id, evento: tipo, asaas_id: acao.asaasId };
  const resultado = portas.registrar(registro, acao.efeito);
  // The same event delivered twice at once: the other delivery recorded it.
  if (resultado === null) return REPETIDO;
  return { resposta: { recebido: true, resultado: resultado } };
}

module.exports = { aplicarStatus, anotarEstornos, statusDoAsaas, receber };
