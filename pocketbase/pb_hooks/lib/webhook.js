// Asaas's payment and invoice events. Only requests with the configured token are read; each event is handled once
// (Asaas delivers again until it gets a 200, and may deliver twice); charges the proxy never made are ignored.

const pedidos = require(`${__hooks}/lib/pedidos.js`);
const { achar, novo, violaUnicidade } = require(`${__hooks}/lib/registros.js`);
// The steps, in their order, are pedido_fluxo.js's (the demo double runs the same); which events count, the status
// a charge takes and what is recorded are webhook_comum.js's and cobranca_comum.js's. Whatever the event says, the
// charge takes the status Asaas reports when asked (GET /payments/{id}): an event may arrive late, twice, or out of
// order, and only Asaas's word counts.
const fluxo = require(`${__hooks}/lib/pedido_fluxo.js`);
const R = require(`${__hooks}/lib/regras.json`);

function tokenValido(e) {
  const esperado = $os.getenv('ASAAS_WEBHOOK_TOKEN');
  const recebido = e.request.header.get('asaas-access-token');
  return !!esperado && !!recebido && $security.equal(esperado, recebido);
}

function jaRecebido(app, eventoId) {
  return !!achar(app, 'asaas_eventos', 'evento_id = {:id}', { id: eventoId });
}

/**
 * pedido_fluxo.js's webhook ports on `e`: the event recorded with its effects in one transaction (pedidos.js ports
 * on it), the work after the commit (e-mails, refunds, invoices) in `depois`.
 */
function portas(e, depois) {
  return {
    autorizado: () => tokenValido(e),
    recebido: (eventoId) => jaRecebido(e.app, eventoId),
    asaas: (metodo, caminho) => require(`${__hooks}/lib/asaas.js`).chamar(metodo, caminho),
    fatura: (evento) => {
      const notas = require(`${__hooks}/lib/notas.js`);
      // Throws the 503 when Asaas does not answer.
      const verificada = notas.verificar(evento);
      const asaasId = String((evento.invoice && evento.invoice.id) || '');
      return { asaasId: asaasId, efeito: (tx) => notas.aplicarEvento(tx.app, verificada, depois) };
    },
    registrar: (dados, efeito) => {
      let resultado = '';
      try {
        e.app.runInTransaction((tx) => {
          const registro = novo(tx, 'asaas_eventos', Object.assign({ resultado: '' }, dados));
          tx.save(registro);
          const registros = {};
          const ports = Object.assign(pedidos.portas(tx, depois, registros), {
            app: tx,
            acharCobranca: (busca) => {
              const filtro = Object.keys(busca).map((campo) => campo + ' = {:' + campo + '}');
              const cobranca = achar(tx, 'cobrancas', filtro.join(' && '), busca);
              if (!cobranca) return null;
              registros['cobrancas:' + cobranca.id] = cobranca;
              return pedidos.comoCobranca(cobranca);
            },
          });
          resultado = efeito(ports);
          registro.set('resultado', resultado.slice(0, 200));
          tx.save(registro);
        });
      } catch (err) {
        // The same event delivered twice at once: the other delivery recorded it.
        if (violaUnicidade(err) && jaRecebido(e.app, dados.evento_id)) return null;
        throw err; // not a 200: Asaas delivers it again later
      }
      return resultado;
    },
  };
}

/**
 * POST /payments/asaas/webhook: every event answered 200 is recorded in asaas_eventos. Payment events settle
 * charges (pedido_fluxo.js receber, the demo double's too); INVOICE_* events follow the orders' service invoices
 * (lib/notas.js). Either is checked with Asaas first (GET), and only Asaas's word counts.
 */
function receber(e) {
  // The token before the body: a caller without it gets the 401, whatever it sent (pedido_fluxo.js checks it too).
  if (!tokenValido(e)) throw new ApiError(401, R.pagamento.tokenInvalido, {});
  const evento = e.requestInfo().body || {};
  const depois = [];
  const feito = fluxo.receber(portas(e, depois), evento);
  if (feito.erro) throw new ApiError(feito.erro.http, feito.erro.message, {});
  if (feito.resposta.repetido) return e.json(200, feito.resposta);
  // The 200 first: e-mails, refunds and invoices run once Asaas has its answer.
  return pedidos.responderEExecutar(e, 200, feito.resposta, depois);
}

module.exports = { receber };
