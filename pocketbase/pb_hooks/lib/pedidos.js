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

/** Seconds after which Asaas not knowing an attempt means it never made the charge (ASAAS_CONCILIAR_APOS_S). */
function esperaConciliacao() {
  return Number($os.getenv('ASAAS_CONCILIAR_APOS_S') || 600);
}

/**
 * At most one question to Asaas per charge every few seconds (ASAAS_CONSULTA_INTERVALO_MS), whoever reads: a
 * page that polls, several tabs, or a script hammering the list cannot make this server hammer Asaas.
 * The store is the app's, shared by every request; setFunc checks and marks under one lock.
 */
function consultaLiberada(app, cobranca) {
  const intervalo = Number($os.getenv('ASAAS_CONSULTA_INTERVALO_MS') || 2000);
  const agora = Date.now();
  let liberada = false;
  app.store().setFunc('conciliacao:' + cobranca.id, (anterior) => {
    if (anterior && agora - Number(anterior) < intervalo) return anterior;
    liberada = true;
    return agora;
  });
  return liberada;
}

function idadeS(cobranca) {
  return Math.floor(Date.now() / 1000) - cobranca.getDateTime('updated').unix();
}

/**
 * A charge whose outcome the proxy never learnt (a timeout or a 5xx: INDETERMINADA; or ENVIANDO left by a
 * server that stopped mid-call) is settled by asking Asaas for the payments made with its attempt id
 * (`externalReference`): the status found is applied, so a charge that went through becomes the order.
 * When Asaas still knows nothing of the attempt long after the call, no charge was made: it ends, and the
 * customer may pay again. Without an answer from Asaas it stays as it is. Returns the charge.
 */
function conciliar(app, cobranca) {
  const status = cobranca.getString('status');
  const espera = esperaConciliacao();
  if (status !== 'INDETERMINADA' && !(status === 'ENVIANDO' && idadeS(cobranca) > espera)) return cobranca;
  if (!consultaLiberada(app, cobranca)) return cobranca;
  const asaas = require(`${__hooks}/lib/asaas.js`);
  const resposta = asaas.chamar(
    'GET',
    '/payments?externalReference=' + encodeURIComponent(cobranca.getString('tentativa')),
  );
  const lista = resposta.status === 200 && resposta.json && resposta.json.data;
  if (!lista || typeof lista.length !== 'number') return cobranca;
  const achada = lista.length > 0 ? lista[0] : null;
  if (achada && achada.id) {
    if (!cobranca.getString('asaas_id')) cobranca.set('asaas_id', String(achada.id));
    return aplicarStatus(app, cobranca, achada.deleted ? 'DELETED' : String(achada.status || 'PENDING'));
  }
  return idadeS(cobranca) > espera ? aplicarStatus(app, cobranca, 'NAO_CRIADA') : cobranca;
}

/** The customer's live charge, settled with Asaas first when its outcome is unknown (see conciliar). */
function conciliarAtiva(app, usuarioId) {
  const ativa = achar(app, 'cobrancas', 'usuario = {:u} && ativa = true', { u: usuarioId });
  return ativa ? conciliar(app, ativa) : null;
}

module.exports = {
  gravarPedido,
  aplicarStatus,
  foiPaga,
  conciliar,
  conciliarAtiva,
  ENCERRADAS,
  POS_PAGAMENTO,
};
