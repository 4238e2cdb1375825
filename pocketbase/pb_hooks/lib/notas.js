// The service invoice (NFS-e) of each paid order, asked of Asaas when the server's NFSE_ATIVA is on
// (lib/config.js nfse). Asaas invoices only subscriptions by itself: for a one-off charge the kit schedules the
// invoice (POST /invoices, for the installment plan when the card was paid in installments) once per order,
// follows it through Asaas's INVOICE_* webhooks (each checked with GET /invoices/{id}, as payment events are),
// cancels it when the order is refunded in full (a withdrawal or a staff refund), and flags it for staff after a
// partial refund. Asaas is called after the answer that triggered it has gone out (pedidos.responderEExecutar).

const regras = require(`${__hooks}/lib/regras.js`);
const { achar } = require(`${__hooks}/lib/registros.js`);

const TEXTOS = regras.R.notaFiscal;
const estornoComum = require(`${__hooks}/lib/estorno_comum.js`);
const webhookComum = require(`${__hooks}/lib/webhook_comum.js`);

function config() {
  return require(`${__hooks}/lib/config.js`).nfse();
}

function asaas() {
  return require(`${__hooks}/lib/asaas.js`);
}

/** The order's invoice and amounts as estorno_comum.js reads them. */
function valores(pagamento) {
  return {
    status_asaas: pagamento.getString('status_asaas'),
    preco_servico: pagamento.getFloat('preco_servico'),
    valor_estornado: pagamento.getFloat('valor_estornado'),
    nota_status: pagamento.getString('nota_status'),
    nota_alerta: pagamento.getString('nota_alerta'),
  };
}

function estornadoPorInteiro(pagamento) {
  return estornoComum.estornadoPorInteiro(valores(pagamento));
}

/** The invoice's externalReference: the order and the attempt, so an earlier attempt's invoice is told apart. */
function referencia(pagamento) {
  return pagamento.id + '.' + pagamento.getInt('nota_tentativas');
}

/**
 * Whether NFS-e is on: a new order is then written with its invoice due (cobranca_comum.js novoPedido), which the
 * writer sends (enviar) once the order is committed and its answer is out.
 */
function ativa() {
  return config().ativa;
}

/** What Asaas is asked to schedule (null: a card in installments whose plan is not known yet). */
function corpoDaNota(app, pagamento, cfg) {
  const cobranca = pagamento.getString('cobranca')
    ? achar(app, 'cobrancas', 'id = {:id}', { id: pagamento.getString('cobranca') })
    : null;
  const parcelamento =
    (cobranca && cobranca.getString('parcelamento')) || pagamento.getString('parcelamento');
  const asaasId = (cobranca && cobranca.getString('asaas_id')) || pagamento.getString('asaas_id_pagamento');
  const corpo = {
    serviceDescription: cfg.descricao,
    observations: 'Pedido ' + pagamento.id,
    value: pagamento.getFloat('preco_servico'),
    deductions: 0,
    effectiveDate: regras.hojeSaoPaulo(),
    externalReference: referencia(pagamento),
  };
  if (pagamento.getInt('numero_parcelas') > 1) {
    if (!parcelamento) return null;
    corpo.installment = parcelamento;
  } else {
    corpo.payment = asaasId;
  }
  if (cfg.servicoId) corpo.municipalServiceId = cfg.servicoId;
  else corpo.municipalServiceCode = cfg.servicoCodigo;
  if (cfg.servicoNome) corpo.municipalServiceName = cfg.servicoNome;
  if (cfg.iss !== null) {
    corpo.taxes = { retainIss: false, iss: cfg.iss, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0 };
  }
  return corpo;
}

/** This attempt's invoice if Asaas already has it (an earlier call whose answer never came), else null. */
function notaJaAgendada(pagamento) {
  const resposta = asaas().chamar(
    'GET',
    '/invoices?externalReference=' + encodeURIComponent(referencia(pagamento)),
  );
  const lista = (resposta.status === 200 && resposta.json && resposta.json.data) || [];
  for (let i = 0; i < lista.length; i++) {
    if (lista[i] && lista[i].id && ['ERROR', 'CANCELED'].indexOf(String(lista[i].status)) < 0)
      return lista[i];
  }
  return null;
}

/**
 * The invoice's state copied onto the order's booking (raw SQL: no history entry, `updated` kept, so an editor's
 * copy of the booking does not turn stale), for the staff list's filter.
 */
function copiarStatus(app, pagamento) {
  app
    .db()
    .newQuery('UPDATE agendamentos SET nota_status = {:s} WHERE pagamento = {:p}')
    .bind({ s: pagamento.getString('nota_status'), p: pagamento.id })
    .execute();
}

/** Every booking's copy of its order's invoice state, in one statement (lib/manutencao.js). */
function copiarTodasAosAgendamentos(app) {
  app
    .db()
    .newQuery(
      "UPDATE agendamentos SET nota_status = COALESCE((SELECT nota_status FROM pagamentos WHERE pagamentos.id = agendamentos.pagamento), '')",
    )
    .execute();
}

/** Sets the copy on a booking about to be saved (agendamentos.pb.js), from its order. */
function copiarParaAgendamento(app, agendamento) {
  const pagamento = agendamento.getString('pagamento')
    ? achar(app, 'pagamentos', 'id = {:id}', { id: agendamento.getString('pagamento') })
    : null;
  agendamento.set('nota_status', pagamento ? pagamento.getString('nota_status') : '');
}

/**
 * This module's SQL and its invoice's sending (copiarStatus, enviar), read through its require: the demo double
 * serves them (src/mocks/jsvm/sql.ts) and runs the rest of this module as it is.
 */
function proprio() {
  return require(`${__hooks}/lib/notas.js`);
}

/** Saves the order and the copy of its invoice's state on its booking. */
function salvar(app, pagamento) {
  app.save(pagamento);
  proprio().copiarStatus(app, pagamento);
}

/** Copies what Asaas reports of an invoice onto the order (not saved). */
function copiar(pagamento, nota) {
  const status = String(nota.status || '');
  pagamento.set('nota_id', String(nota.id));
  pagamento.set('nota_status', status);
  pagamento.set('nota_numero', String(nota.number || ''));
  pagamento.set('nota_pdf', String(nota.pdfUrl || ''));
  pagamento.set('nota_erro', status === 'ERROR' ? String(nota.statusDescription || '').slice(0, 500) : '');
}

/**
 * What follows a change of the invoice: an error is e-mailed to staff; an invoice of an order refunded in full
 * meanwhile is cancelled. Pushed into `depois`.
 */
function consequencias(pagamento, antes, depois) {
  const id = pagamento.id;
  const status = pagamento.getString('nota_status');
  if (status === 'ERROR' && antes !== 'ERROR') depois.push((app) => alertarErro(app, id));
  if (estornoComum.cancelamento(status) === 'asaas' && estornadoPorInteiro(pagamento)) {
    depois.push((app) => cancelar(app, id));
  }
}

/**
 * Schedules the order's invoice at Asaas, when it is due (PENDENTE): claimed first (ENVIANDO), so two callers
 * never both send it. An order refunded in full before it went needs none (DISPENSADA).
 */
function enviar(app, pagamentoId) {
  let pagamento = null;
  app.runInTransaction((tx) => {
    const registro = tx.findRecordById('pagamentos', pagamentoId);
    if (registro.getString('nota_status') !== 'PENDENTE') return;
    registro.set('nota_status', estornadoPorInteiro(registro) ? 'DISPENSADA' : 'ENVIANDO');
    salvar(tx, registro);
    if (registro.getString('nota_status') === 'ENVIANDO') pagamento = registro;
  });
  if (!pagamento) return;
  const cfg = config();
  let nota = notaJaAgendada(pagamento);
  let erro = '';
  if (!nota) {
    const corpo = corpoDaNota(app, pagamento, cfg);
    const resposta = corpo ? asaas().chamar('POST', '/invoices', corpo) : null;
    if (!resposta) erro = TEXTOS.semParcelamento;
    else if (resposta.status === 200 && resposta.json && resposta.json.id) nota = resposta.json;
    else if (resposta.status >= 400 && resposta.status < 500 && [401, 429].indexOf(resposta.status) < 0) {
      erro = asaas().primeiroErro(resposta.json).description || TEXTOS.semResposta;
    } else erro = TEXTOS.semResposta;
  }
  const depois = [];
  app.runInTransaction((tx) => {
    const registro = tx.findRecordById('pagamentos', pagamentoId);
    const antes = registro.getString('nota_status');
    if (nota) {
      // An INVOICE_* event may have come first: it already holds the newer word.
      if (antes === 'ENVIANDO') copiar(registro, nota);
      else if (!registro.getString('nota_id')) registro.set('nota_id', String(nota.id));
    } else if (antes === 'ENVIANDO') {
      registro.set('nota_status', 'ERROR');
      registro.set('nota_erro', String(erro).slice(0, 500));
    }
    salvar(tx, registro);
    consequencias(registro, antes, depois);
  });
  require(`${__hooks}/lib/pedidos.js`).executar(app, depois);
}

/**
 * Asks Asaas to cancel the order's invoice (its order was refunded in full). One not yet made is not made
 * (DISPENSADA); one being sent is cancelled once its answer comes (enviar). When Asaas refuses, staff are told.
 */
function cancelar(app, pagamentoId) {
  const pagamento = app.findRecordById('pagamentos', pagamentoId);
  const status = pagamento.getString('nota_status');
  const efeito = estornoComum.cancelamento(status);
  if (efeito === 'DISPENSADA') {
    pagamento.set('nota_status', 'DISPENSADA');
    salvar(app, pagamento);
    return;
  }
  if (efeito !== 'asaas' || !pagamento.getString('nota_id')) return;
  // One cancellation at a time per order (a withdrawal and Asaas's PAYMENT_REFUNDED both ask for it).
  let livre = false;
  app.store().setFunc('nota-cancelar:' + pagamentoId, (anterior) => {
    if (anterior && Date.now() - Number(anterior) < 60000) return anterior;
    livre = true;
    return Date.now();
  });
  if (!livre) return;
  try {
    const caminho = '/invoices/' + encodeURIComponent(pagamento.getString('nota_id'));
    let resposta = asaas().chamar('POST', caminho + '/cancel', {});
    const pedido = resposta.status === 200 && resposta.json;
    const motivo = pedido ? '' : asaas().primeiroErro(resposta.json).description;
    // Refused: perhaps because it is already being cancelled; Asaas's own word on the invoice decides.
    if (!pedido) resposta = asaas().chamar('GET', caminho);
    const nota = resposta.status === 200 && resposta.json && resposta.json.id ? resposta.json : null;
    const cancelada = nota && ['PROCESSING_CANCELLATION', 'CANCELED'].indexOf(String(nota.status)) >= 0;
    // Read afresh in one transaction: Asaas's events may have moved the order during the calls.
    let registro = null;
    app.runInTransaction((tx) => {
      registro = tx.findRecordById('pagamentos', pagamentoId);
      if (cancelada && registro.getString('nota_status') === status) copiar(registro, nota);
      if (!cancelada) {
        const texto = TEXTOS.cancelamentoRecusado + (motivo ? ' (' + motivo + ')' : '');
        registro.set('nota_alerta', texto.slice(0, 500));
      }
      salvar(tx, registro);
    });
    if (!cancelada) {
      alertar(app, registro, 'Nota fiscal a cancelar - Passaporte Italiano', [
        registro.getString('nota_alerta'),
      ]);
    }
  } finally {
    app.store().remove('nota-cancelar:' + pagamentoId);
  }
}

/**
 * After a refund Asaas accepted (or reported), as estorno_comum.notaAposEstorno decides: an order refunded in full
 * has its invoice cancelled (in `depois`) and loses a partial refund's alert; a partial refund leaves the invoice as
 * it is and flags it for staff.
 */
function aposEstorno(app, pagamento, depois) {
  const id = pagamento.id;
  const efeito = estornoComum.notaAposEstorno(valores(pagamento), TEXTOS.estornoParcial);
  if (efeito.cancelar) depois.push((fora) => cancelar(fora, id));
  if (efeito.nota_alerta === null) return;
  pagamento.set('nota_alerta', efeito.nota_alerta);
  app.save(pagamento);
}

function alertar(app, pagamento, assunto, linhas) {
  const emails = require(`${__hooks}/lib/emails.js`);
  const cliente = app.findRecordById('usuarios', pagamento.getString('usuario'));
  emails.alertaEquipe(
    app,
    assunto,
    linhas
      .map(emails.escapar)
      .concat([
        '<strong>Cliente:</strong> ' +
          emails.escapar(cliente.getString('nome_completo')) +
          '<br><strong>Pedido:</strong> ' +
          emails.escapar(pagamento.id) +
          '<br><strong>Nota fiscal (Asaas):</strong> ' +
          emails.escapar(pagamento.getString('nota_id') || '-'),
      ]),
  );
}

function alertarErro(app, pagamentoId) {
  const pagamento = app.findRecordById('pagamentos', pagamentoId);
  alertar(app, pagamento, 'Nota fiscal com erro - Passaporte Italiano', [
    'O Asaas não emitiu a nota fiscal de um pedido: ' + pagamento.getString('nota_erro'),
    'Corrija o que o Asaas aponta (informações fiscais, serviço municipal) e use "Tentar de novo" na página do agendamento.',
  ]);
}

/**
 * Asks Asaas for the event's invoice. Returns it, null when Asaas does not know it (404), or throws when Asaas
 * does not answer: the event is not recorded and Asaas delivers it again later.
 */
function verificar(evento) {
  const id = String((evento.invoice && evento.invoice.id) || '');
  if (!id) return null;
  const resposta = asaas().chamar('GET', '/invoices/' + encodeURIComponent(id));
  const leitura = webhookComum.leituraDoAsaas(resposta);
  if (leitura.indisponivel) throw new ApiError(503, webhookComum.INDISPONIVEL, {});
  return leitura.achado;
}

/**
 * The order of an invoice Asaas reports: the one holding its id, or (its answer not yet recorded) the one its
 * externalReference names, at that attempt, with no other invoice.
 */
function pedidoDaNota(app, nota) {
  const porId = achar(app, 'pagamentos', 'nota_id = {:id}', { id: String(nota.id) });
  if (porId) return porId;
  const partes = String(nota.externalReference || '').split('.');
  const pagamento = achar(app, 'pagamentos', 'id = {:id}', { id: partes[0] || '' });
  if (!pagamento || pagamento.getString('nota_id')) return null;
  return String(pagamento.getInt('nota_tentativas')) === partes[1] ? pagamento : null;
}

/**
 * An INVOICE_* event, inside the webhook's transaction: the order's invoice takes what Asaas reports when asked
 * (`verificada`), whatever the event says. Returns the result recorded for the event.
 */
function aplicarEvento(tx, verificada, depois) {
  if (!verificada) return 'ignorado: nota que o Asaas não conhece';
  const pagamento = pedidoDaNota(tx, verificada);
  if (!pagamento) return 'ignorado: nota que o servidor não pediu';
  const antes = pagamento.getString('nota_status');
  copiar(pagamento, verificada);
  salvar(tx, pagamento);
  consequencias(pagamento, antes, depois);
  return 'nota do pedido ' + pagamento.id + ': ' + pagamento.getString('nota_status');
}

/** POST /payments/nota-fiscal {agendamento}: staff send again an invoice that ended in error. */
function tentarDeNovo(e) {
  if (!e.auth || !e.auth.getBool('admin')) throw new ForbiddenError(TEXTOS.soEquipe, {});
  const body = e.requestInfo().body || {};
  const pedidos = require(`${__hooks}/lib/pedidos.js`);
  const pagamento = pedidos.pedidoDoAgendamento(e.app, body).pagamento;
  if (!config().ativa) throw new BadRequestError(TEXTOS.desligada, {});
  if (pagamento.getString('nota_status') !== 'ERROR') throw new BadRequestError(TEXTOS.semErro, {});
  const reenvio = require(`${__hooks}/lib/cobranca_comum.js`).reenvioDaNota(
    pagamento.getInt('nota_tentativas'),
  );
  pagamento.load(reenvio);
  salvar(e.app, pagamento);
  const id = pagamento.id;
  return pedidos.responderEExecutar(e, 200, { resultado: 'reenviando' }, [
    (app) => proprio().enviar(app, id),
  ]);
}

module.exports = {
  ativa,
  enviar,
  cancelar,
  aposEstorno,
  verificar,
  aplicarEvento,
  tentarDeNovo,
  copiarParaAgendamento,
  copiarTodasAosAgendamentos,
  copiarStatus,
};
