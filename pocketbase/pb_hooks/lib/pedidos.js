// A charge's life on the server: its Asaas status, and the order (payment row + NOVO booking) that a paid
// charge becomes, written once whoever asks (the proxy's answer, the webhook, a reconciliation).

const regras = require(`${__hooks}/lib/regras.js`);
const { achar, novo, violaUnicidade } = require(`${__hooks}/lib/registros.js`);

// Statuses that end a charge without money: the customer may pay again.
const ENCERRADAS = [
  'RECUSADA',
  'REPROVED_BY_RISK_ANALYSIS',
  'CAPTURE_REFUSED',
  'DELETED',
  'OVERDUE',
  'NAO_CRIADA',
];
// After the money: recorded on the charge and the payment row, never undone by a late "pending".
const POS_PAGAMENTO = [
  'REFUNDED',
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'PARTIALLY_REFUNDED',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
];

function foiPaga(cobranca) {
  const status = cobranca.getString('status');
  return regras.pago(status) || POS_PAGAMENTO.indexOf(status) >= 0;
}

/**
 * Writes the payment row and the NOVO booking of a paid charge, once. Returns { pagamento, criado }.
 * Runs in a transaction: PocketBase serialises writes, so two callers at once cannot both create it.
 */
function gravarPedido(app, cobranca) {
  let resultado = null;
  const asaasId = cobranca.getString('asaas_id');
  try {
    app.runInTransaction((tx) => {
      const existente = achar(tx, 'pagamentos', 'asaas_id_pagamento = {:id}', { id: asaasId });
      if (existente) {
        resultado = { pagamento: existente, criado: false };
        return;
      }
      const pagamento = novo(tx, 'pagamentos', {
        usuario: cobranca.getString('usuario'),
        tipo_servico: cobranca.getString('tipo_servico'),
        preco_servico: cobranca.getFloat('valor'),
        flex: cobranca.getBool('flex'),
        metodo_pagamento: cobranca.getString('metodo'),
        numero_parcelas: cobranca.getInt('parcelas'),
        asaas_id_pagamento: asaasId,
        status_asaas: cobranca.getString('status'),
      });
      tx.save(pagamento);
      const agendamento = novo(tx, 'agendamentos', {
        usuario: cobranca.getString('usuario'),
        pagamento: pagamento.id,
        status_agendamento: 'NOVO',
        data_agendamento: '',
        hora_agendamento: '',
        local_agendamento: '',
      });
      tx.save(agendamento);
      require(`${__hooks}/lib/historico.js`).registrarCriacao(tx, agendamento);
      resultado = { pagamento: pagamento, criado: true };
    });
  } catch (err) {
    if (!violaUnicidade(err)) throw err;
    resultado = {
      pagamento: achar(app, 'pagamentos', 'asaas_id_pagamento = {:id}', { id: asaasId }),
      criado: false,
    };
  }
  if (resultado.criado) {
    const emails = require(`${__hooks}/lib/emails.js`);
    emails.recibo(app, cobranca, resultado.pagamento);
  }
  return resultado;
}

/**
 * Moves a charge to the status Asaas reports, keeps `ativa` right, and writes the order when it is paid.
 * A paid charge never goes back to pending or refused; a refund or chargeback is recorded on it and on the
 * payment row. Returns the charge.
 */
function aplicarStatus(app, cobranca, status, motivo) {
  const atual = cobranca.getString('status');
  if (foiPaga(cobranca) && POS_PAGAMENTO.indexOf(status) < 0 && !regras.pago(status)) {
    return cobranca; // a late or out-of-order event cannot undo a payment
  }
  cobranca.set('status', status);
  if (motivo !== undefined) cobranca.set('motivo', String(motivo).slice(0, 500));
  cobranca.set('ativa', ENCERRADAS.indexOf(status) < 0);
  app.save(cobranca);
  if (regras.pago(status)) gravarPedido(app, cobranca);
  if (POS_PAGAMENTO.indexOf(status) >= 0 || (regras.pago(status) && atual !== status)) {
    const pagamento = achar(app, 'pagamentos', 'asaas_id_pagamento = {:id}', {
      id: cobranca.getString('asaas_id'),
    });
    if (pagamento && pagamento.getString('status_asaas') !== status) {
      pagamento.set('status_asaas', status);
      app.save(pagamento);
    }
  }
  return cobranca;
}

module.exports = { gravarPedido, aplicarStatus, foiPaga, ENCERRADAS, POS_PAGAMENTO };
