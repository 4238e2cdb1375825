// Asaas's payment events. Only requests with the configured token are read; each event is handled once
// (Asaas delivers again until it gets a 200, and may deliver twice); charges the proxy never made are ignored.

const regras = require(`${__hooks}/lib/regras.js`);
const pedidos = require(`${__hooks}/lib/pedidos.js`);
const { achar, novo, violaUnicidade } = require(`${__hooks}/lib/registros.js`);

// Event -> the charge's new status. `null`: take the status the event's payment carries.
const EVENTOS = {
  PAYMENT_CREATED: null,
  PAYMENT_AWAITING_RISK_ANALYSIS: 'AWAITING_RISK_ANALYSIS',
  PAYMENT_APPROVED_BY_RISK_ANALYSIS: 'CONFIRMED',
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'REPROVED_BY_RISK_ANALYSIS',
  PAYMENT_CONFIRMED: 'CONFIRMED',
  PAYMENT_RECEIVED: 'RECEIVED',
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: 'CAPTURE_REFUSED',
  PAYMENT_OVERDUE: 'OVERDUE',
  PAYMENT_DELETED: 'DELETED',
  PAYMENT_REFUNDED: 'REFUNDED',
  PAYMENT_PARTIALLY_REFUNDED: 'PARTIALLY_REFUNDED',
  PAYMENT_REFUND_IN_PROGRESS: 'REFUND_IN_PROGRESS',
  PAYMENT_CHARGEBACK_REQUESTED: 'CHARGEBACK_REQUESTED',
  PAYMENT_CHARGEBACK_DISPUTE: 'CHARGEBACK_DISPUTE',
  PAYMENT_AWAITING_CHARGEBACK_REVERSAL: 'AWAITING_CHARGEBACK_REVERSAL',
};

function tokenValido(e) {
  const esperado = $os.getenv('ASAAS_WEBHOOK_TOKEN');
  const recebido = e.request.header.get('asaas-access-token');
  return !!esperado && !!recebido && $security.equal(esperado, recebido);
}

/** The charge an event is about: by Asaas id, or by our attempt id when the proxy never learnt the id. */
function cobrancaDoEvento(app, pagamento) {
  const porId = pagamento.id
    ? achar(app, 'cobrancas', 'asaas_id = {:id}', { id: String(pagamento.id) })
    : null;
  if (porId) return porId;
  if (!pagamento.externalReference) return null;
  const porTentativa = achar(app, 'cobrancas', "tentativa = {:t} && asaas_id = ''", {
    t: String(pagamento.externalReference),
  });
  if (porTentativa && pagamento.id) {
    porTentativa.set('asaas_id', String(pagamento.id));
    app.save(porTentativa);
  }
  return porTentativa;
}

/** Handles one event inside a transaction: the event's record and its effects land together or not at all. */
function processar(app, evento) {
  let resultado = '';
  app.runInTransaction((tx) => {
    tx.save(
      novo(tx, 'asaas_eventos', {
        evento_id: evento.id,
        evento: evento.event,
        asaas_id: String((evento.payment && evento.payment.id) || ''),
        resultado: '',
      }),
    );
    const registro = achar(tx, 'asaas_eventos', 'evento_id = {:id}', { id: evento.id });
    const pagamento = evento.payment || {};
    const cobranca = cobrancaDoEvento(tx, pagamento);
    if (!cobranca) {
      resultado = 'ignorado: cobrança que o servidor não fez';
    } else if (!Object.prototype.hasOwnProperty.call(EVENTOS, evento.event)) {
      resultado = 'ignorado: evento sem efeito';
    } else {
      const status = EVENTOS[evento.event] || String(pagamento.status || '');
      if (!status) {
        resultado = 'ignorado: sem status';
      } else {
        pedidos.aplicarStatus(tx, cobranca, status);
        resultado = 'cobrança ' + cobranca.id + ': ' + cobranca.getString('status');
      }
    }
    registro.set('resultado', resultado.slice(0, 200));
    tx.save(registro);
  });
  return resultado;
}

/** POST /payments/asaas/webhook */
function receber(e) {
  if (!tokenValido(e)) throw new UnauthorizedError(regras.MSG.tokenInvalido, {});
  const evento = e.requestInfo().body || {};
  if (!evento.id || !evento.event) throw new BadRequestError('Evento sem id ou tipo.', {});
  evento.id = String(evento.id);
  evento.event = String(evento.event);
  if (achar(e.app, 'asaas_eventos', 'evento_id = {:id}', { id: evento.id })) {
    return e.json(200, { recebido: true, repetido: true });
  }
  try {
    return e.json(200, { recebido: true, resultado: processar(e.app, evento) });
  } catch (err) {
    if (violaUnicidade(err)) return e.json(200, { recebido: true, repetido: true });
    throw err; // not a 200: Asaas delivers it again later
  }
}

module.exports = { receber };
