// A charge's life on the server: its Asaas status, and the order (payment row + NOVO booking) that a paid
// charge becomes, written once whoever asks (the proxy's answer, the webhook, a reconciliation).

// What each move does is decided by lib/cobranca_comum.js (the demo double runs the same module); this file reads
// and writes the records.

const regras = require(`${__hooks}/lib/regras.js`);
const maquina = require(`${__hooks}/lib/cobranca_comum.js`);
const { achar, novo, violaUnicidade, atualizar } = require(`${__hooks}/lib/registros.js`);

const estornoComum = require(`${__hooks}/lib/estorno_comum.js`);

function foiPaga(cobranca) {
  return maquina.foiPaga(cobranca.getString('status'), regras.R);
}

/** What a payment read from Asaas (GET /payments/{id}) means for the charge (cobranca_comum.statusDoAsaas). */
function statusDoAsaas(cobranca, pagamento) {
  const parcela = regras.valorParcela(cobranca.getFloat('valor'), cobranca.getInt('parcelas'));
  return maquina.statusDoAsaas(parcela, pagamento, regras.R);
}

/** Runs the work left for after the commit (e-mails, refunds at Asaas) on the app outside the transaction. */
function executar(app, depois) {
  depois.splice(0).forEach((acao) => {
    try {
      acao(app);
    } catch (err) {
      console.error('Ação após a gravação falhou: ' + err);
    }
  });
}

/**
 * Answers the request with `corpo` as JSON, then runs the work left for after the commit (`depois`: e-mails,
 * refunds at Asaas). The answer goes out whole first (its length declared, then flushed), so a slow SMTP server
 * or a slow Asaas never delays it: Asaas's webhook gets its 200 at once.
 */
function responderEExecutar(e, status, corpo, depois) {
  // Non-ASCII escaped: the text's length is its length in bytes.
  const texto = JSON.stringify(corpo).replace(
    /[\u0080-\uffff]/g,
    (c) => '\\u' + ('000' + c.charCodeAt(0).toString(16)).slice(-4),
  );
  const cabecalho = e.response.header();
  cabecalho.set('Content-Type', 'application/json');
  cabecalho.set('Content-Length', String(texto.length));
  e.string(status, texto);
  try {
    e.flush();
  } catch (err) {
    console.error('Resposta não enviada antes das ações: ' + err);
  }
  executar(e.app, depois);
}

/** The order (payment row) of a charge: by the charge, or by its Asaas id for rows older than the link. */
function pedidoDa(app, cobranca) {
  return (
    achar(app, 'pagamentos', 'cobranca = {:c}', { c: cobranca.id }) ||
    (cobranca.getString('asaas_id')
      ? achar(app, 'pagamentos', "asaas_id_pagamento = {:id} && cobranca = ''", {
          id: cobranca.getString('asaas_id'),
        })
      : null)
  );
}

/**
 * The order this customer already has from another charge (a fully refunded one is closed and does not count),
 * or another live charge: what makes a newly paid charge a duplicate.
 */
function outroPedido(app, cobranca) {
  const params = { u: cobranca.getString('usuario'), c: cobranca.id };
  const pedido = achar(
    app,
    'pagamentos',
    'usuario = {:u} && cobranca != {:c} && ' + require(`${__hooks}/lib/pedido_aberto.js`).FILTRO,
    params,
  );
  if (pedido) return pedido;
  return achar(app, 'cobrancas', 'usuario = {:u} && id != {:c} && ativa = true', params);
}

/**
 * Writes the payment row and the NOVO booking of a paid charge, once per charge whatever its installments.
 * Returns { pagamento, criado }. Runs in a transaction: PocketBase serialises writes, so two callers at once
 * cannot both create it (and the unique index on `cobranca` stops a second one). The receipt goes in `depois`.
 */
function gravarPedido(app, cobranca, depois) {
  let resultado = null;
  try {
    app.runInTransaction((tx) => {
      const existente = pedidoDa(tx, cobranca);
      if (existente) {
        resultado = { pagamento: existente, criado: false };
        return;
      }
      const pagamento = novo(tx, 'pagamentos', {
        usuario: cobranca.getString('usuario'),
        cobranca: cobranca.id,
        tipo_servico: cobranca.getString('tipo_servico'),
        preco_servico: cobranca.getFloat('valor'),
        flex: cobranca.getBool('flex'),
        metodo_pagamento: cobranca.getString('metodo'),
        numero_parcelas: cobranca.getInt('parcelas'),
        asaas_id_pagamento: cobranca.getString('asaas_id'),
        parcelamento: cobranca.getString('parcelamento'),
        status_asaas: cobranca.getString('status'),
        pago_em: new DateTime(),
      });
      // Its service invoice, when NFS-e is on: due now, sent once the order is committed (lib/notas.js).
      require(`${__hooks}/lib/notas.js`).marcarPendente(pagamento);
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
    resultado = { pagamento: pedidoDa(app, cobranca), criado: false };
  }
  if (resultado.criado) {
    const pagamentoId = resultado.pagamento.id;
    const cobrancaId = cobranca.id;
    depois.push((fora) =>
      require(`${__hooks}/lib/emails.js`).recibo(
        fora,
        fora.findRecordById('cobrancas', cobrancaId),
        fora.findRecordById('pagamentos', pagamentoId),
      ),
    );
    if (resultado.pagamento.getString('nota_status') === 'PENDENTE') {
      depois.push((fora) => require(`${__hooks}/lib/notas.js`).enviar(fora, pagamentoId));
    }
  }
  return resultado;
}

/** Adds a line to the history of the booking of `pagamento` (the server as author). */
function anotarNoAgendamento(app, pagamento, campo, texto) {
  const agendamento = achar(app, 'agendamentos', 'pagamento = {:p}', { p: pagamento.id });
  if (!agendamento) return;
  require(`${__hooks}/lib/historico.js`).registrarNota(app, agendamento.id, campo, texto);
}

/**
 * A charge paid while the customer already had an order: kept out of the way (not live, no order), recorded as
 * a duplicate in the history of the order's booking, and refunded in full at Asaas after the commit.
 */
function marcarDuplicada(app, cobranca, status, pedidoOuCobranca, depois) {
  cobranca.set('status', status);
  cobranca.set('ativa', false);
  cobranca.set('duplicada', true);
  app.save(cobranca);
  const texto = estornoComum.notaDaDuplicada(
    cobranca.getString('asaas_id'),
    cobranca.getFloat('valor'),
    require(`${__hooks}/lib/emails.js`).reais,
  );
  if (pedidoOuCobranca.collection().name === 'pagamentos') {
    anotarNoAgendamento(app, pedidoOuCobranca, 'pagamento_duplicado', texto);
  }
  const cobrancaId = cobranca.id;
  depois.push((fora) => estornarDuplicada(fora, cobrancaId));
}

/** Asks Asaas for the full refund of a duplicate charge (the installment refund for a card in installments). */
function estornarDuplicada(app, cobrancaId) {
  const cobranca = app.findRecordById('cobrancas', cobrancaId);
  const asaas = require(`${__hooks}/lib/asaas.js`);
  const chamada = estornoComum.chamadaDaDuplicada({
    asaasId: cobranca.getString('asaas_id'),
    parcelamento: cobranca.getString('parcelamento'),
  });
  const resposta = asaas.chamar('POST', chamada.caminho, chamada.corpo);
  const ok = resposta.status === 200;
  // Read afresh: the refund's webhook may have moved the charge during the call.
  atualizar(app, 'cobrancas', cobrancaId, (atual) => atual.set('estorno', ok ? 'SOLICITADO' : 'FALHOU'));
  const emails = require(`${__hooks}/lib/emails.js`);
  emails.alertaEquipe(
    app,
    'Pagamento duplicado ' + (ok ? 'estornado' : 'a estornar') + ' - Passaporte Italiano',
    [
      'Um cliente pagou uma segunda cobrança quando já tinha um pedido (Pix pago após o vencimento, duas formas ' +
        'de pagamento ou duas abas).',
      '<strong>Cobrança (Asaas):</strong> ' + emails.escapar(cobranca.getString('asaas_id')),
      ok
        ? 'O estorno integral foi solicitado ao Asaas automaticamente.'
        : 'O Asaas não aceitou o estorno automático: estorne esta cobrança pelo painel do Asaas.',
    ],
  );
}

/**
 * Moves a charge to the status Asaas reports, keeps `ativa` right, and writes the order when it is paid.
 * A paid charge never goes back to pending or refused, and a refund is final; a refund or chargeback is
 * recorded on it and on the payment row. A charge paid when the customer already has an order is a duplicate
 * (marcarDuplicada). E-mails and refunds wait in `depois` for the caller's commit; without it they run at the
 * end. Returns the charge.
 */
function aplicarStatus(app, cobranca, status, motivo, depois) {
  const acoes = depois || [];
  const passo = maquina.transicao(
    { status: cobranca.getString('status'), duplicada: cobranca.getBool('duplicada') },
    status,
    regras.R,
  );
  if (!passo) return cobranca;
  if (passo.duplicada) {
    // Refunded on its own, never an order: its status is only recorded.
    cobranca.set('status', status);
    app.save(cobranca);
    return cobranca;
  }
  if (passo.novoPedido && !pedidoDa(app, cobranca)) {
    const outro = outroPedido(app, cobranca);
    if (outro) {
      marcarDuplicada(app, cobranca, status, outro, acoes);
      if (!depois) executar(app, acoes);
      return cobranca;
    }
  }
  cobranca.set('status', status);
  if (motivo !== undefined) cobranca.set('motivo', String(motivo).slice(0, 500));
  cobranca.set('ativa', passo.ativa);
  app.save(cobranca);
  if (passo.alertarDivergente) {
    const cobrancaId = cobranca.id;
    acoes.push((fora) => alertarValorDivergente(fora, cobrancaId));
  }
  if (passo.pedido) gravarPedido(app, cobranca, acoes);
  if (passo.pagamento) {
    const pagamento = pedidoDa(app, cobranca);
    if (pagamento && pagamento.getString('status_asaas') !== status) {
      pagamento.set('status_asaas', status);
      if (passo.estornoTotal) pagamento.set('valor_estornado', pagamento.getFloat('preco_servico'));
      app.save(pagamento);
      if (passo.posPagamento) registrarPosPagamento(app, pagamento, status, acoes);
    }
  }
  if (!depois) executar(app, acoes);
  return cobranca;
}

// What each status after the money means, for the booking's history and staff.
const TEXTOS_POS_PAGAMENTO = regras.R.textosPosPagamento;

/**
 * A refund or chargeback reaches the booking: its history says so, staff are e-mailed (after the commit), and a
 * full refund closes the order (the booking becomes CANCELADO; the customer may buy again).
 */
function registrarPosPagamento(app, pagamento, status, acoes) {
  const agendamento = achar(app, 'agendamentos', 'pagamento = {:p}', { p: pagamento.id });
  if (!agendamento) return;
  const texto = TEXTOS_POS_PAGAMENTO[status] || status;
  const historico = require(`${__hooks}/lib/historico.js`);
  historico.registrarNota(app, agendamento.id, 'pagamento', texto);
  if (status === 'REFUNDED' && agendamento.getString('status_agendamento') !== 'CANCELADO') {
    const antes = agendamento.getString('status_agendamento');
    agendamento.set('status_agendamento', 'CANCELADO');
    app.save(agendamento);
    historico.registrarMudanca(app, agendamento.id, 'status_agendamento', antes, 'CANCELADO');
  }
  // A refund reaches the order's service invoice: cancelled when all was given back, flagged when part was.
  if (estornoComum.chegaANota(status)) {
    require(`${__hooks}/lib/notas.js`).aposEstorno(app, pagamento, acoes);
  }
  const pagamentoId = pagamento.id;
  acoes.push((fora) => {
    const emails = require(`${__hooks}/lib/emails.js`);
    const registro = fora.findRecordById('pagamentos', pagamentoId);
    const cliente = fora.findRecordById('usuarios', registro.getString('usuario'));
    emails.alertaEquipe(fora, texto.replace(/[.:].*$/, '') + ' - Passaporte Italiano', [
      texto,
      '<strong>Cliente:</strong> ' +
        emails.escapar(cliente.getString('nome_completo')) +
        '<br><strong>Pagamento (Asaas):</strong> ' +
        emails.escapar(registro.getString('asaas_id_pagamento')) +
        '<br><strong>Total do pedido:</strong> ' +
        emails.reais(registro.getFloat('preco_servico')),
    ]);
  });
}

function alertarValorDivergente(app, cobrancaId) {
  const cobranca = app.findRecordById('cobrancas', cobrancaId);
  const emails = require(`${__hooks}/lib/emails.js`);
  emails.alertaEquipe(app, 'Pagamento com valor abaixo do preço - Passaporte Italiano', [
    'O Asaas informa um pagamento com valor abaixo do preço do pedido. Nenhum pedido foi criado.',
    '<strong>Cobrança (Asaas):</strong> ' +
      emails.escapar(cobranca.getString('asaas_id')) +
      '<br><strong>Preço:</strong> ' +
      emails.reais(cobranca.getFloat('valor')),
    'Confira a cobrança no painel do Asaas e estorne-a ou fale com o cliente.',
  ]);
}

/**
 * Keeps the order's `valor_estornado` up with the refunds Asaas lists on a payment (made by this server or in
 * Asaas's own panel). A charge in installments has them spread over its payments: it follows the refunds this
 * server asked for and the final REFUNDED.
 */
function anotarEstornos(app, cobranca, pagamentoAsaas) {
  const pagamento = pedidoDa(app, cobranca);
  if (!pagamento) return;
  const valor = maquina.valorEstornadoListado(
    { parcelamento: cobranca.getString('parcelamento') },
    pagamentoAsaas,
    pagamento.getFloat('preco_servico'),
    pagamento.getFloat('valor_estornado'),
  );
  if (valor === null) return;
  pagamento.set('valor_estornado', valor);
  app.save(pagamento);
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
 * A charge whose outcome the proxy never learnt (cobranca_comum.precisaConciliar) is settled by asking Asaas for
 * the payments made with its attempt id (`externalReference`): the status found is applied, so a charge that went
 * through becomes the order. When Asaas still knows nothing of the attempt long after the call, no charge was
 * made: it ends, and the customer may pay again (cobranca_comum.desfechoDaConciliacao). Without an answer from
 * Asaas it stays as it is. Returns the charge.
 */
function conciliar(app, cobranca) {
  const status = cobranca.getString('status');
  const espera = esperaConciliacao();
  if (!maquina.precisaConciliar(status, idadeS(cobranca), espera)) return cobranca;
  if (!consultaLiberada(app, cobranca)) return cobranca;
  const asaas = require(`${__hooks}/lib/asaas.js`);
  const resposta = asaas.chamar(
    'GET',
    '/payments?externalReference=' + encodeURIComponent(cobranca.getString('tentativa')),
  );
  const lista = resposta.status === 200 && resposta.json && resposta.json.data;
  if (!lista || typeof lista.length !== 'number') return cobranca;
  const desfecho = maquina.desfechoDaConciliacao(
    { asaas_id: cobranca.getString('asaas_id'), parcelamento: cobranca.getString('parcelamento') },
    lista,
    idadeS(cobranca),
    espera,
    regras.R,
  );
  if (!desfecho) return cobranca;
  const achada = desfecho.pagamento;
  // Applied to the charge as it is now, in one transaction: a webhook may have moved it during the call.
  const depois = [];
  let atual = cobranca;
  app.runInTransaction((tx) => {
    atual = tx.findRecordById('cobrancas', cobranca.id);
    if (!achada) {
      if (atual.getString('status') === status) aplicarStatus(tx, atual, 'NAO_CRIADA', undefined, depois);
      return;
    }
    if (!atual.getString('asaas_id')) atual.set('asaas_id', String(achada.id));
    if (achada.installment && !atual.getString('parcelamento')) {
      atual.set('parcelamento', String(achada.installment));
    }
    aplicarStatus(tx, atual, statusDoAsaas(atual, achada), undefined, depois);
  });
  executar(app, depois);
  return atual;
}

/** The customer's live charge, settled with Asaas first when its outcome is unknown (see conciliar). */
function conciliarAtiva(app, usuarioId) {
  const ativa = achar(app, 'cobrancas', 'usuario = {:u} && ativa = true', { u: usuarioId });
  return ativa ? conciliar(app, ativa) : null;
}

/**
 * A customer's list of payments or charges (onRecordsListRequest): their live charge is settled first, and when
 * that changed it, the rows already read are read again. An order the settling wrote shows from the next read.
 * The read itself never fails for it: the charge stays unknown until the next look.
 */
function conciliarNaLeitura(e) {
  if (!e.auth || e.auth.collection().name !== 'usuarios') return;
  try {
    const ativa = achar(e.app, 'cobrancas', 'usuario = {:u} && ativa = true', { u: e.auth.id });
    if (!ativa) return;
    const antes = ativa.getString('status');
    if (conciliar(e.app, ativa).getString('status') === antes) return;
    for (let i = 0; i < e.records.length; i++) {
      const registro = e.records[i];
      registro.load(e.app.findRecordById(registro.collection().name, registro.id).fieldsData());
    }
  } catch (err) {
    console.error('Conciliação da cobrança falhou: ' + err);
  }
}

module.exports = {
  conciliarNaLeitura,
  gravarPedido,
  aplicarStatus,
  executar,
  responderEExecutar,
  anotarEstornos,
  statusDoAsaas,
  pedidoDa,
  foiPaga,
  conciliar,
  conciliarAtiva,
};
