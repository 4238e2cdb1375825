// Asaas's payment and invoice events. Only requests with the configured token are read; each event is handled once
// (Asaas delivers again until it gets a 200, and may deliver twice); charges the proxy never made are ignored.

const regras = require(`${__hooks}/lib/regras.js`);
const pedidos = require(`${__hooks}/lib/pedidos.js`);
const { achar, novo, violaUnicidade } = require(`${__hooks}/lib/registros.js`);
// Which events count, the status a charge takes and what is recorded, decided once for the server and the double.
// Whatever the event says, the charge takes the status Asaas reports when asked (GET /payments/{id}): an event may
// arrive late, twice, or out of order, and only Asaas's word counts.
const webhookComum = require(`${__hooks}/lib/webhook_comum.js`);

function tokenValido(e) {
  const esperado = $os.getenv('ASAAS_WEBHOOK_TOKEN');
  const recebido = e.request.header.get('asaas-access-token');
  return !!esperado && !!recebido && $security.equal(esperado, recebido);
}

/**
 * The charge a payment belongs to (webhook_comum.buscasDoPagamento says where to look), with the ids the payment
 * teaches it (cobranca_comum.idsDoPagamento; not saved here).
 */
function cobrancaDoPagamento(app, pagamento) {
  const buscas = webhookComum.buscasDoPagamento(pagamento);
  for (let i = 0; i < buscas.length; i++) {
    const filtro = Object.keys(buscas[i]).map((campo) => campo + ' = {:' + campo + '}');
    const cobranca = achar(app, 'cobrancas', filtro.join(' && '), buscas[i]);
    if (cobranca) return pedidos.aprenderIds(cobranca, pagamento);
  }
  return null;
}

/**
 * Asks Asaas for the event's payment. Returns the payment, null when Asaas does not know it (404), or throws
 * when Asaas does not answer: the event is not recorded and Asaas delivers it again later.
 */
function pagamentoNoAsaas(id) {
  if (!id) return null;
  const resposta = require(`${__hooks}/lib/asaas.js`).chamar('GET', '/payments/' + encodeURIComponent(id));
  const leitura = webhookComum.leituraDoAsaas(resposta);
  if (leitura.indisponivel) throw new ApiError(503, webhookComum.INDISPONIVEL, {});
  return leitura.achado;
}

/**
 * What a payment event does to the charge it belongs to (inside the webhook's transaction), `verificado` being
 * the payment as Asaas reports it (null: Asaas does not know it). Returns the result recorded for the event.
 */
function aplicarPagamento(tx, evento, verificado, depois) {
  const cobranca = verificado ? cobrancaDoPagamento(tx, verificado) : null;
  const ignorado = webhookComum.ignorado(evento.event, Boolean(verificado), Boolean(cobranca), regras.R);
  if (ignorado) return ignorado;
  const doAsaas = pedidos.statusDoAsaas(cobranca, verificado);
  const status = require(`${__hooks}/lib/cobranca_comum.js`).statusDoEvento(evento.event, doAsaas, regras.R);
  pedidos.aplicarStatus(tx, cobranca, status, undefined, depois);
  pedidos.anotarEstornos(tx, cobranca, verificado);
  return webhookComum.resultado({
    id: cobranca.id,
    status: cobranca.getString('status'),
    duplicada: cobranca.getBool('duplicada'),
  });
}

/**
 * Handles one event inside a transaction: the event's record and its effects (`efeito(tx)`, returning the result
 * to record) land together or not at all. E-mails, refunds and calls to Asaas wait in `depois` until the commit.
 */
function processar(app, evento, asaasId, efeito) {
  let resultado = '';
  app.runInTransaction((tx) => {
    const registro = novo(tx, 'asaas_eventos', {
      evento_id: evento.id,
      evento: evento.event,
      asaas_id: asaasId,
      resultado: '',
    });
    tx.save(registro);
    resultado = efeito(tx);
    registro.set('resultado', resultado.slice(0, 200));
    tx.save(registro);
  });
  return resultado;
}

function jaRecebido(app, eventoId) {
  return !!achar(app, 'asaas_eventos', 'evento_id = {:id}', { id: eventoId });
}

/**
 * POST /payments/asaas/webhook: every event answered 200 is recorded in asaas_eventos. Payment events settle
 * charges; INVOICE_* events follow the orders' service invoices (lib/notas.js). Either is checked with Asaas
 * first (GET), and only Asaas's word counts.
 */
function receber(e) {
  if (!tokenValido(e)) throw new UnauthorizedError(regras.MSG.tokenInvalido, {});
  const evento = e.requestInfo().body || {};
  if (!evento.id || !evento.event)
    throw new BadRequestError(require(`${__hooks}/lib/webhook_comum.js`).SEM_ID, {});
  evento.id = String(evento.id);
  evento.event = String(evento.event);
  if (jaRecebido(e.app, evento.id)) return e.json(200, { recebido: true, repetido: true });
  const depois = [];
  let asaasId = '';
  let efeito = null;
  if (evento.event.indexOf('INVOICE_') === 0) {
    const notas = require(`${__hooks}/lib/notas.js`);
    const verificada = notas.verificar(evento);
    asaasId = String((evento.invoice && evento.invoice.id) || '');
    efeito = (tx) => notas.aplicarEvento(tx, verificada, depois);
  } else {
    const pagamento = evento.payment || {};
    const verificado = webhookComum.contaEvento(evento.event, regras.R)
      ? pagamentoNoAsaas(String(pagamento.id || ''))
      : null;
    asaasId = String(pagamento.id || '');
    efeito = (tx) => aplicarPagamento(tx, evento, verificado, depois);
  }
  let resultado = '';
  try {
    resultado = processar(e.app, evento, asaasId, efeito);
  } catch (err) {
    // The same event delivered twice at once: the other delivery recorded it.
    if (violaUnicidade(err) && jaRecebido(e.app, evento.id)) {
      return e.json(200, { recebido: true, repetido: true });
    }
    throw err; // not a 200: Asaas delivers it again later
  }
  // The 200 first: e-mails, refunds and invoices run once Asaas has its answer.
  return pedidos.responderEExecutar(e, 200, { recebido: true, resultado: resultado }, depois);
}

module.exports = { receber };
