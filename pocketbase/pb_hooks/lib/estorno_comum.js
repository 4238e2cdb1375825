// Money given back, decided once: what remains of an order, what a staff refund may ask, what Asaas is asked,
// what the history says, and what a refund does to the order's service invoice. lib/estornos.js and lib/notas.js
// read the records into plain values and ask this module; the demo double runs those files too (src/mocks/jsvm).
// CommonJS requiring only other rules modules (scripts/build/kit-module.ts serves it to the app).

const { FUSO_MS } = require(`${__hooks}/lib/prazo.js`);
const { estornosValidos } = require(`${__hooks}/lib/cobranca_comum.js`);

const centavos = (reais) => Math.round(Number(reais) * 100);

/** Reais of an order ({ preco_servico, valor_estornado }) not yet refunded. */
function restante(pedido) {
  return (centavos(pedido.preco_servico) - centavos(pedido.valor_estornado || 0)) / 100;
}

/** Once the appointment is booked (or the order cancelled), a withdrawal goes to staff instead of Asaas. */
const JA_AGENDADO = ['AGENDADO', 'FINALIZADO', 'CANCELADO'];

/** What a customer's withdrawal does, by the booking's status: 'encaminhada' to staff, or 'estornar' at once. */
function desistencia(statusDoAgendamento) {
  return JA_AGENDADO.indexOf(statusDoAgendamento) >= 0 ? 'encaminhada' : 'estornar';
}

/** The reason a staff refund gives (its `motivo`, trimmed, at most 500 characters); '' when there is none. */
function motivo(body) {
  return typeof body.motivo === 'string' ? body.motivo.trim().slice(0, 500) : '';
}

/**
 * A staff refund request ({ motivo, valor }) with a reason, for an order ({ status_asaas, preco_servico,
 * valor_estornado }): { erro: { message, campo?, code? } } or { motivo, valor (null: all that remains), parcial,
 * resta }. `M` is regras.json's `estorno` texts; `reais` writes an amount (comum.js reais).
 */
function pedidoDaEquipe(body, pedido, M, reais) {
  const resta = restante(pedido);
  if (pedido.status_asaas === 'REFUNDED' || resta <= 0) return { erro: { message: M.jaEstornado } };
  const integral = body.valor === undefined || body.valor === null || body.valor === '';
  const valor = integral ? null : Number(body.valor);
  const parcial = centavos(pedido.valor_estornado || 0) > 0;
  // No more than what remains after earlier refunds.
  if (!integral && !(centavos(valor) > 0 && centavos(valor) <= centavos(resta))) {
    const message = parcial ? M.valorRestante.replace('{restante}', reais(resta)) : M.valor;
    return { erro: { message: message, campo: 'valor', code: 'validation_invalid_value' } };
  }
  return { motivo: motivo(body), valor: valor, parcial: parcial, resta: resta };
}

/**
 * Why a customer may not withdraw, or null: `pedido` is their open order ({ preco_servico, valor_estornado,
 * ultimoDia: the last São Paulo day to withdraw, YYYY-MM-DD }) or null, `hoje` São Paulo's day; `M` regras.json's
 * `estorno` texts. Returns { http, message }: no paid order (404), past the 7 days, or nothing left to refund (400).
 */
function recusaDaDesistencia(pedido, hoje, M) {
  if (!pedido) return { http: 404, message: M.semPedido };
  if (hoje > pedido.ultimoDia) return { http: 400, message: M.prazo };
  if (restante(pedido) <= 0) return { http: 400, message: M.jaEstornado };
  return null;
}

/**
 * What Asaas's answer to a refund (`resposta`: { status, json }; status 0 when none came) means: null when Asaas took
 * it (200); else the refusal to answer, { http, message } and, for the browser's field, { campo, code }. A 4xx but a
 * 401 (a wrong key) and a 429 (its rate limit) is Asaas refusing this refund (more than is left, a payment it cannot
 * refund): 400 in its words (its first error: `primeiroErro`, proxy_comum.primeiroErro). Anything else (no answer, a
 * 5xx, a wrong key, its rate limit) may pass later: 503. `M`: regras.json's `estorno` texts.
 */
function leituraDaResposta(resposta, M, primeiroErro) {
  const status = resposta.status;
  if (status === 200) return null;
  if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
    const erro = primeiroErro(resposta.json);
    const message = erro.description || M.falhou;
    return { http: 400, message: message, campo: 'asaas', code: erro.code || 'estorno_recusado' };
  }
  return { http: 503, message: M.falhou };
}

/** The history note of a staff refund asked of Asaas (`reais`: comum.js reais). */
function notaDaEquipe(pedido, reais) {
  const o =
    pedido.valor !== null
      ? 'Estorno parcial de ' + reais(pedido.valor)
      : pedido.parcial
        ? 'Estorno do restante (' + reais(pedido.resta) + ')'
        : 'Estorno integral';
  return o + ' solicitado ao Asaas. Motivo: ' + pedido.motivo;
}

/** The Asaas ids of an order: its charge's, or for an order older than the link its own. */
const idsDe = (cobranca, pedido) =>
  cobranca || { asaas_id: pedido.asaas_id_pagamento, parcelamento: pedido.parcelamento };

/**
 * What Asaas is asked (path under /v3, body) to refund `valor` reais of an order, or all that remains (`valor`
 * null): the installment plan's refund for a card in installments, the rest after a partial refund.
 * `cobranca`: the order's charge ({ asaas_id, parcelamento }), or null for an order older than the link, whose own
 * ids are asked; `pedido`: { preco_servico, valor_estornado, asaas_id_pagamento, parcelamento }.
 */
function chamada(cobranca, pedido, valor, descricao) {
  const de = idsDe(cobranca, pedido);
  const corpo = { description: String(descricao).slice(0, 500) };
  let caminho = '/payments/' + encodeURIComponent(de.asaas_id) + '/refund';
  if (valor !== null) corpo.value = valor;
  else if (de.parcelamento) caminho = '/installments/' + encodeURIComponent(de.parcelamento) + '/refund';
  else if (centavos(pedido.valor_estornado || 0) > 0) corpo.value = restante(pedido);
  return { caminho: caminho, corpo: corpo };
}

/**
 * What Asaas is asked to refund in full a charge paid while its customer already had an order (a duplicate):
 * the installment plan's refund for a card in installments. `cobranca`: { asaas_id, parcelamento }.
 */
function chamadaDaDuplicada(cobranca) {
  if (cobranca.parcelamento) {
    return { caminho: '/installments/' + encodeURIComponent(cobranca.parcelamento) + '/refund', corpo: {} };
  }
  return {
    caminho: '/payments/' + encodeURIComponent(cobranca.asaas_id) + '/refund',
    corpo: { description: 'Pagamento duplicado: o cliente já tinha um pedido.' },
  };
}

/**
 * The order's `valor_estornado` once Asaas took the refund: counted from what was refunded before the call
 * (`antes`), since Asaas's webhook may have counted this refund already (`agora`).
 */
function estornadoDepois(antes, valor, resta, agora) {
  return Math.max(centavos(antes) + centavos(valor === null ? resta : valor), centavos(agora)) / 100;
}

/** Whether all of an order was given back: Asaas says REFUNDED, or the refunds reach its price. */
function estornadoPorInteiro(pedido) {
  return (
    pedido.status_asaas === 'REFUNDED' ||
    centavos(pedido.valor_estornado || 0) >= centavos(pedido.preco_servico)
  );
}

/**
 * A refund whose outcome is unknown (Asaas did not answer: leituraDaResposta's 503) may have been made, and Asaas's
 * refund call takes no idempotency key: the order keeps it (`estorno_incerto_*`, written before the call and
 * cleared by Asaas's answer) until Asaas's list of the payment's refunds says what happened. These decide that.
 */

/** What an order records while a refund of `valor` reais, asked at `agoraMs` after `antes` reais, has no answer. */
function marcaDoIncerto(valor, antes, agoraMs) {
  return {
    estorno_incerto_valor: valor,
    estorno_incerto_em: new Date(agoraMs).toISOString().replace('T', ' '),
    estorno_incerto_antes: antes,
    estorno_em_voo: true,
  };
}

/** What an order records once Asaas's answer, or its list, said what happened. */
const SEM_INCERTO = {
  estorno_incerto_valor: 0,
  estorno_incerto_em: '',
  estorno_incerto_antes: 0,
  estorno_em_voo: false,
};

/** What an order records when the call came back without saying what happened: the mark stays, the call is over. */
const SEM_RESPOSTA = { estorno_em_voo: false };

/** How long after it was asked a refund may still be waiting for Asaas: the server's wait (seconds), and a margin. */
function esperaDoAsaas(timeoutS) {
  return (Number(timeoutS) || 60) * 1000 + 10 * 1000;
}

/**
 * The order's refund of unknown outcome ({ estorno_incerto_valor, estorno_incerto_em: PocketBase's date,
 * estorno_incerto_antes }): { valor, em (epoch ms), antes }, or null when there is none.
 */
function incertoDe(pedido) {
  const valor = Number(pedido.estorno_incerto_valor || 0);
  const em = Date.parse(String(pedido.estorno_incerto_em || '').replace(' ', 'T'));
  if (!(valor > 0) || !isFinite(em)) return null;
  return {
    valor: valor,
    em: em,
    antes: Number(pedido.estorno_incerto_antes || 0),
    emVoo: pedido.estorno_em_voo === true,
  };
}

/**
 * Whether the order's refund of unknown outcome (incertoDe) may still be waiting for Asaas's answer: its call has
 * not come back, and it was asked less than `esperaMs` (esperaDoAsaas: past it, the server that asked stopped). Another refund then waits: asked at
 * once, Asaas might not list the first yet, and both would be made.
 */
function emAndamento(incerto, agoraMs, esperaMs) {
  return incerto !== null && incerto.emVoo && agoraMs - incerto.em < esperaMs;
}

/**
 * Where Asaas lists an order's payments with their `refunds` (path under /v3): the payment, or every payment of a
 * card in installments (GET /payments?installment=: its refund is one refund per payment). Ids as `chamada`'s.
 */
function consultaDoIncerto(cobranca, pedido) {
  const de = idsDe(cobranca, pedido);
  return de.parcelamento
    ? '/payments?installment=' + encodeURIComponent(de.parcelamento)
    : '/payments/' + encodeURIComponent(de.asaas_id);
}

/** Asaas's answer to that read (`resposta`: { status, json }) as its payments, or null when it gave none. */
function pagamentosDaConsulta(resposta) {
  if (resposta.status !== 200 || !resposta.json) return null;
  return Array.isArray(resposta.json.data) ? resposta.json.data : [resposta.json];
}

/** How far Asaas's clock may be behind this server's when a refund's date is compared with when it was asked. */
const FOLGA_MS = 60 * 1000;

/** São Paulo's "YYYY-MM-DD HH:MM:SS" at `ms`, as Asaas dates a refund (`dateCreated`). */
const dataDoAsaas = (ms) => new Date(ms - FUSO_MS).toISOString().replace('T', ' ').slice(0, 19);

/**
 * What Asaas's payments of an order (`pagamentos`: [{ status, refunds }], as GET /payments answers them) say of its
 * refund of unknown outcome (`incerto`: incertoDe's): made (`feito`) when every payment is REFUNDED, or when the
 * refunds Asaas lists that were not cancelled hold one dated from the moment it was asked on (FOLGA_MS allowed for
 * the clocks) and add up to at least what had been refunded then plus the asked value. Then `valor_estornado` is
 * what Asaas lists in all, as its webhook counts it (the price when all was refunded; never less than the order
 * counted). Not made: the order's `valor_estornado` stays, and the refund may be asked again. `pedido`:
 * { preco_servico, valor_estornado }.
 */
function conferenciaDoIncerto(incerto, pagamentos, pedido) {
  const desde = dataDoAsaas(incerto.em - FOLGA_MS);
  let listado = 0;
  let desdeEntao = 0;
  let todos = pagamentos.length > 0;
  pagamentos.forEach((pagamento) => {
    if (pagamento.status !== 'REFUNDED') todos = false;
    estornosValidos(pagamento).forEach((estorno) => {
      listado += centavos(estorno.value || 0);
      if (String(estorno.dateCreated || '') >= desde) desdeEntao += centavos(estorno.value || 0);
    });
  });
  const contado = centavos(pedido.valor_estornado || 0);
  const feito = todos || (desdeEntao > 0 && listado >= centavos(incerto.antes) + centavos(incerto.valor));
  if (!feito) return { feito: false, valor_estornado: contado / 100 };
  const total = todos ? centavos(pedido.preco_servico) : Math.min(listado, centavos(pedido.preco_servico));
  return { feito: true, valor_estornado: Math.max(contado, total) / 100 };
}

/** "27/11/2026 às 19:20": when a refund was asked, São Paulo's time. */
function quandoDoIncerto(ms) {
  const d = dataDoAsaas(ms);
  return d.slice(8, 10) + '/' + d.slice(5, 7) + '/' + d.slice(0, 4) + ' às ' + d.slice(11, 16);
}

/** A text of regras.json `estorno` about a refund of unknown outcome: its {valor} (`reais`) and {quando}. */
function textoDoIncerto(modelo, incerto, reais) {
  return modelo.replace('{valor}', reais(incerto.valor)).replace('{quando}', quandoDoIncerto(incerto.em));
}

/** Invoices that exist at Asaas and can still be cancelled. */
const CANCELAVEIS = ['SCHEDULED', 'SYNCHRONIZED', 'AUTHORIZED', 'CANCELLATION_DENIED'];

/**
 * What a refund does to the order's service invoice ({ status_asaas, preco_servico, valor_estornado, nota_status,
 * nota_alerta }), `alerta` being the partial refund's alert to staff (regras.json notaFiscal.estornoParcial):
 * { cancelar, nota_alerta }. All given back: `cancelar` (lib/notas.js cancelar: one due or in error is dispensed,
 * one issued is cancelled at Asaas, and staff are alerted if Asaas refuses), and a partial refund's alert goes, since
 * the invoice no longer stands at its full value. Part given back, an invoice standing, staff not told yet: the
 * alert. `nota_alerta` null: the order's alert stays as it is.
 */
function notaAposEstorno(pedido, alerta) {
  if (estornadoPorInteiro(pedido)) {
    return { cancelar: true, nota_alerta: pedido.nota_alerta === alerta ? '' : null };
  }
  const status = pedido.nota_status || '';
  const fica = { cancelar: false, nota_alerta: null };
  if (!status || status === 'DISPENSADA' || status === 'CANCELED') return fica;
  if (centavos(pedido.valor_estornado || 0) <= 0 || pedido.nota_alerta === alerta) return fica;
  return { cancelar: false, nota_alerta: alerta };
}

/** An invoice to cancel: 'DISPENSADA' when it was only due or in error, 'asaas' when Asaas holds it, or null. */
function cancelamento(notaStatus) {
  if (notaStatus === 'PENDENTE' || notaStatus === 'ERROR') return 'DISPENSADA';
  return CANCELAVEIS.indexOf(notaStatus) >= 0 ? 'asaas' : null;
}

module.exports = {
  restante,
  desistencia,
  recusaDaDesistencia,
  leituraDaResposta,
  motivo,
  pedidoDaEquipe,
  notaDaEquipe,
  chamada,
  chamadaDaDuplicada,
  marcaDoIncerto,
  SEM_INCERTO,
  SEM_RESPOSTA,
  esperaDoAsaas,
  incertoDe,
  emAndamento,
  consultaDoIncerto,
  pagamentosDaConsulta,
  conferenciaDoIncerto,
  textoDoIncerto,
  estornadoDepois,
  estornadoPorInteiro,
  notaAposEstorno,
  cancelamento,
};
