// Money given back, in its order of steps, written once: a refund asked of Asaas (an earlier one of unknown outcome
// settled first, the order marked before the call, Asaas's answer read, the refund counted), all that remains given
// back, the customer's withdrawal and the staff refund. The order of these steps is what keeps anyone from being
// refunded twice; estorno_comum.js decides each step. Records are read and written by the caller's "ports" (plain
// functions): lib/estornos.js gives PocketBase's records and transactions, which the demo double runs too
// (src/mocks/jsvm). CommonJS requiring only other rules modules (scripts/build/kit-module.ts serves it to the app).
//
// The ports (estorno_fluxo.d.ts Portas); an order is plain values (estorno_comum's fields, with its `id`,
// `usuario`, `metodo_pagamento`, `asaas_id_pagamento`, `parcelamento`):
//   ler(id): the order as stored now.
//   cobranca(pedido): its charge's { id, asaas_id, parcelamento }, or null for an order older than the link.
//   gravar(id, mudar): in one transaction, reads the order afresh and saves the fields `mudar(order now)` returns
//     (null: nothing saved); returns the order after.
//   contar(id, cobranca, mudar): a refund Asaas made: the charge's refund asked (`estorno` SOLICITADO), then in one
//     transaction the order's fields `mudar(order now)` returns and what it does to the invoice (notas aposEstorno).
//   asaas(metodo, caminho, corpo): Asaas's answer { status, json } (status 0 when none came); `caminho` under /v3.
//   espera(): the seconds the server waits for Asaas (ASAAS_TIMEOUT_S; undefined: the default).
//   For the withdrawal and the staff refund also: pedidoDoAgendamento(body) ({ agendamento: { id }, pedido } or null),
//   nota(agendamentoId, campo, texto) (by whoever asks), cancelar(agendamentoId, campo, texto) (the booking
//   CANCELADO, with that note and its change of status in the history), daVez(chave) (emails.js alertaDaVez), avisar(pedido,
//   escrever) (the e-mails `escrever(customer's name)` gives, { cliente, equipe }, either null, sent after the answer).
//
// Each flow returns { erro: { http, message, campo?, code? } } (estorno_comum's refusals: nothing more was done) or
// what it did.

const comum = require(`${__hooks}/lib/estorno_comum.js`);
const texto = require(`${__hooks}/lib/email_texto.js`);
const { reais } = require(`${__hooks}/lib/comum.js`);
const { primeiroErro } = require(`${__hooks}/lib/proxy_comum.js`);
const R = require(`${__hooks}/lib/regras.json`);

const M = R.estorno;

/** What Asaas is told of a withdrawal's refund. */
const DESCRICAO_DA_DESISTENCIA = 'Desistência da compra (art. 49 do CDC)';

/** A refund of the order is waiting for Asaas's answer: another waits too (409). */
const EM_ANDAMENTO = { erro: { http: 409, message: M.incertoEmAndamento } };

/**
 * Counts a refund Asaas made: `valorEstornado(agora)` gives the order's `valor_estornado` from the one stored now
 * (Asaas's webhook may have moved the order meanwhile); the mark of a refund of unknown outcome goes. Returns the order.
 */
function contar(portas, pedido, cobranca, valorEstornado) {
  return portas.contar(pedido.id, cobranca, (agora) =>
    Object.assign({}, comum.SEM_INCERTO, { valor_estornado: valorEstornado(agora.valor_estornado || 0) }),
  );
}

/**
 * Before any refund of an order that has one of unknown outcome: Asaas's payments say whether it was made
 * (estorno_comum.conferenciaDoIncerto). Made, it is counted and returned ({ pedido, confirmado }); not made, its mark
 * goes and null is returned (a new refund may be asked). Its call still out: 409. No answer from Asaas: 503, and
 * nothing is asked.
 */
function conferirIncerto(portas, pedido, cobranca) {
  const incerto = comum.incertoDe(pedido);
  if (!incerto) return null;
  if (comum.emAndamento(incerto, Date.now(), comum.esperaDoAsaas(portas.espera()))) return EM_ANDAMENTO;
  const lidos = comum.pagamentosDaConsulta(portas.asaas('GET', comum.consultaDoIncerto(cobranca, pedido)));
  if (!lidos) {
    return { erro: { http: 503, message: comum.textoDoIncerto(M.incertoSemResposta, incerto, reais) } };
  }
  const conferido = comum.conferenciaDoIncerto(incerto, lidos, pedido);
  if (!conferido.feito) {
    portas.gravar(pedido.id, () => comum.SEM_INCERTO);
    return null;
  }
  const total = (agora) => Math.max(agora, conferido.valor_estornado);
  return { pedido: contar(portas, pedido, cobranca, total), confirmado: incerto };
}

/**
 * Asks Asaas to refund an order: all that remains (`valor` null: the installment refund for a card in
 * installments) or `valor` reais of it, and adds it to the order's `valor_estornado`. An earlier refund of unknown
 * outcome is settled first (conferirIncerto): when Asaas made it, it is counted and nothing is asked. The refund is
 * marked as of unknown outcome before the call, until Asaas's answer says. Returns { pedido: the order after,
 * confirmado: the earlier refund Asaas made, or null }, or { erro }: Asaas refused (400, its reason; the mark goes)
 * or did not answer (503; the mark stays for the next refund to settle), or another refund waits (409).
 */
function pedirEstorno(portas, pedido, valor, descricao) {
  const cobranca = portas.cobranca(pedido);
  const conferido = conferirIncerto(portas, pedido, cobranca);
  if (conferido) return conferido;
  const atual = portas.ler(pedido.id);
  const chamada = comum.chamada(cobranca, atual, valor, descricao);
  const resta = comum.restante(atual);
  // Counted from what was refunded before the call: the webhook may have counted this refund already.
  const antes = atual.valor_estornado || 0;
  const marca = comum.marcaDoIncerto(valor === null ? resta : valor, antes, Date.now());
  // The order is claimed in one transaction (PocketBase runs them one after another): a refund asked meanwhile,
  // from another tab or another staff member, finds this mark and waits for its answer.
  let ocupado = false;
  portas.gravar(atual.id, (agora) => {
    ocupado = comum.incertoDe(agora) !== null;
    return ocupado ? null : marca;
  });
  if (ocupado) return EM_ANDAMENTO;
  const resposta = portas.asaas('POST', chamada.caminho, chamada.corpo);
  const recusada = comum.leituraDaResposta(resposta, M, primeiroErro);
  if (recusada) {
    // Refused, Asaas made nothing; without an answer the mark stays for the next refund to settle.
    const depois = recusada.http !== 503 ? comum.SEM_INCERTO : comum.SEM_RESPOSTA;
    portas.gravar(atual.id, () => depois);
    return { erro: recusada };
  }
  const total = (agora) => comum.estornadoDepois(antes, valor, resta, agora);
  return { pedido: contar(portas, atual, cobranca, total), confirmado: null };
}

/**
 * All that remains of an order given back (a withdrawal, the guarantee): when an earlier refund of unknown outcome
 * turns out made, only what remains after it is asked, if anything. Returns pedirEstorno's answer.
 */
function estornarRestante(portas, pedido, descricao) {
  const feito = pedirEstorno(portas, pedido, null, descricao);
  if (feito.erro || !feito.confirmado || comum.restante(feito.pedido) <= 0) return feito;
  const resto = pedirEstorno(portas, feito.pedido, null, descricao);
  return resto.erro ? resto : { pedido: resto.pedido, confirmado: feito.confirmado };
}

/**
 * POST /payments/desistencia: the customer withdraws. `pedido`: their open order with `ultimoDia` (the last São
 * Paulo day to withdraw), or null; `agendamento`: its booking ({ id, status_agendamento }) or null; `hoje`: São
 * Paulo's day. Booked already, the request goes to staff (once per interval: `daVez`); else all that remains is
 * refunded, the booking cancelled, and the customer and staff told. Returns { erro } or { resposta }.
 */
function desistir(portas, pedido, agendamento, hoje) {
  const recusada = comum.recusaDaDesistencia(pedido, hoje, M);
  if (recusada) return { erro: recusada };
  const resta = comum.restante(pedido);
  const avisos = (resultado) => (nome) =>
    texto.emailsDaDesistencia(resultado, { nome: nome, valor: reais(resta) });
  if (comum.desistencia(agendamento ? agendamento.status_agendamento : '') === 'encaminhada') {
    // Sent again and again (a script), it reaches staff once per interval: the same answer, nothing new.
    if (portas.daVez('desistencia_alerta:' + agendamento.id)) {
      portas.nota(agendamento.id, 'desistencia', M.desistenciaEncaminhada);
      portas.avisar(pedido, avisos('encaminhada'));
    }
    return { resposta: { resultado: 'encaminhada' } };
  }
  const feito = estornarRestante(portas, pedido, DESCRICAO_DA_DESISTENCIA);
  if (feito.erro) return feito;
  if (agendamento) portas.cancelar(agendamento.id, 'desistencia', M.desistenciaEstornada);
  portas.avisar(pedido, avisos('estornada'));
  return { resposta: { resultado: 'estornada' } };
}

/**
 * POST /payments/estorno {agendamento, valor (empty: in full), motivo}: a staff refund, at any time (who may ask is
 * the caller's check). The customer is e-mailed what it gave back (email_texto.js emailDoEstorno), here and not on
 * Asaas's webhook: a withdrawal, which also ends in REFUNDED, sends its own, and a webhook delivered again sends
 * nothing. Returns { erro } or { resposta }: 'solicitado', or 'confirmado' when an earlier refund of unknown outcome
 * turned out made (staff decide again on what remains).
 */
function estornar(portas, body) {
  if (!comum.motivo(body)) {
    return { erro: { http: 400, message: M.motivo, campo: 'motivo', code: 'validation_required' } };
  }
  const achado = portas.pedidoDoAgendamento(body);
  if (!achado) return { erro: { http: 404, message: R.pagamento.naoEncontrado } };
  const agendamento = achado.agendamento;
  const pedido = comum.pedidoDaEquipe(body, achado.pedido, M, reais);
  if (pedido.erro) return { erro: pedido.erro };
  const antes = achado.pedido.valor_estornado || 0;
  const feito = pedirEstorno(portas, achado.pedido, pedido.valor, pedido.motivo);
  if (feito.erro) return feito;
  const depois = feito.pedido;
  const dados = {
    antes: antes,
    total: depois.valor_estornado || 0,
    encerrado: comum.estornadoPorInteiro(depois),
    cartao: depois.metodo_pagamento === 'cartao_credito',
  };
  portas.avisar(depois, (nome) => ({
    cliente: texto.emailDoEstorno(Object.assign({ nome: nome }, dados), reais),
    equipe: null,
  }));
  const confirmado = feito.confirmado;
  if (confirmado) {
    // The earlier refund Asaas made is this one, or staff decide again on what remains now.
    portas.nota(agendamento.id, 'estorno', comum.textoDoIncerto(M.incertoNota, confirmado, reais));
    const mensagem = comum.textoDoIncerto(M.incertoConfirmado, confirmado, reais);
    return { resposta: { resultado: 'confirmado', mensagem: mensagem } };
  }
  portas.nota(agendamento.id, 'estorno', comum.notaDaEquipe(pedido, reais));
  return { resposta: { resultado: 'solicitado' } };
}

module.exports = { pedirEstorno, estornarRestante, desistir, estornar };
