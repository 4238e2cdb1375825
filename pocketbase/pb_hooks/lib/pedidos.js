// A charge's life on the server: its Asaas status, and the order (payment row + NOVO booking) that a paid
// charge becomes, written once whoever asks (the proxy's answer, the webhook, a reconciliation).

// What each move does is decided by lib/cobranca_comum.js, and its steps in their order are lib/pedido_fluxo.js's
// (the demo double runs both); this file gives the flow PocketBase's records and transactions (its ports).

const regras = require(`${__hooks}/lib/regras.js`);
const maquina = require(`${__hooks}/lib/cobranca_comum.js`);
const { achar, novo, violaUnicidade, atualizar, daVez } = require(`${__hooks}/lib/registros.js`);

const estornoComum = require(`${__hooks}/lib/estorno_comum.js`);
const { reais } = require(`${__hooks}/lib/comum.js`);
const fluxo = require(`${__hooks}/lib/pedido_fluxo.js`);

function foiPaga(cobranca) {
  return maquina.foiPaga(cobranca.getString('status'), regras.R);
}

/** What a payment read from Asaas (GET /payments/{id}) means for the charge (pedido_fluxo.js statusDoAsaas). */
function statusDoAsaas(cobranca, pagamento) {
  return fluxo.statusDoAsaas(comoCobranca(cobranca), pagamento);
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

/** The order of the booking a staff request names (`agendamento`): { agendamento, pagamento }, or the 404. */
function pedidoDoAgendamento(app, body) {
  const agendamento = achar(app, 'agendamentos', 'id = {:id}', { id: String(body.agendamento || '') });
  const pagamento =
    agendamento && achar(app, 'pagamentos', 'id = {:id}', { id: agendamento.getString('pagamento') });
  if (!pagamento) throw new NotFoundError(regras.MSG.naoEncontrado, {});
  return { agendamento: agendamento, pagamento: pagamento };
}

/** The booking of an order. */
function agendamentoDo(app, pagamento) {
  return achar(app, 'agendamentos', 'pagamento = {:p}', { p: pagamento.id });
}

/**
 * The server cancels a booking (a full refund, a withdrawal): CANCELADO, and the change in its history. The booking
 * as stored now: already cancelled (a refund's webhook before Asaas's answer to a withdrawal), nothing changes and
 * the history gets no second change. Returns the record.
 */
function cancelar(app, id) {
  const agendamento = app.findRecordById('agendamentos', id);
  const antes = agendamento.getString('status_agendamento');
  if (antes === 'CANCELADO') return agendamento;
  agendamento.set('status_agendamento', 'CANCELADO');
  app.save(agendamento);
  require(`${__hooks}/lib/historico.js`).registrarMudanca(app, id, 'status_agendamento', antes, 'CANCELADO');
  return agendamento;
}

/**
 * Writes the order a paid charge makes (`pedido`: cobranca_comum.js novoPedido's payment row and NOVO booking),
 * once per charge whatever its installments. Returns { pagamento, criado }. Runs in a transaction: PocketBase
 * serialises writes, so two callers at once cannot both create it (and the unique index on `cobranca` stops a
 * second one).
 */
function gravarPedido(app, cobranca, pedido) {
  let resultado = null;
  try {
    app.runInTransaction((tx) => {
      const existente = pedidoDa(tx, cobranca);
      if (existente) {
        resultado = { pagamento: existente, criado: false };
        return;
      }
      const pagamento = novo(tx, 'pagamentos', Object.assign({ pago_em: new DateTime() }, pedido.pagamento));
      tx.save(pagamento);
      const agendamento = novo(
        tx,
        'agendamentos',
        Object.assign({ pagamento: pagamento.id }, pedido.agendamento),
      );
      tx.save(agendamento);
      require(`${__hooks}/lib/historico.js`).registrarCriacao(tx, agendamento);
      resultado = { pagamento: pagamento, criado: true };
    });
  } catch (err) {
    if (!violaUnicidade(err)) throw err;
    resultado = { pagamento: pedidoDa(app, cobranca), criado: false };
  }
  return resultado;
}

/** Asks Asaas for the full refund of a duplicate charge (the installment refund for a card in installments). */
function estornarDuplicada(app, cobrancaId) {
  const cobranca = app.findRecordById('cobrancas', cobrancaId);
  const asaas = require(`${__hooks}/lib/asaas.js`);
  const chamada = estornoComum.chamadaDaDuplicada({
    asaas_id: cobranca.getString('asaas_id'),
    parcelamento: cobranca.getString('parcelamento'),
  });
  const resposta = asaas.chamar('POST', chamada.caminho, chamada.corpo);
  const ok = resposta.status === 200;
  // Read afresh: the refund's webhook may have moved the charge during the call.
  atualizar(app, 'cobrancas', cobrancaId, (atual) => atual.set('estorno', ok ? 'SOLICITADO' : 'FALHOU'));
  alertar(app, alertas().duplicada(cobranca.getString('asaas_id'), ok));
}

/** Staff's alerts about a charge: their words are lib/email_texto.js's, shared with the demo double. */
function alertas() {
  return require(`${__hooks}/lib/email_texto.js`).alertasDaCobranca;
}

function alertar(app, mensagem) {
  require(`${__hooks}/lib/emails.js`).alertaEquipe(app, mensagem.assunto, mensagem.paragrafos);
}

/** The charge's fields as cobranca_comum.js plano and pedido_fluxo.js read them. */
function comoCobranca(cobranca) {
  return {
    id: cobranca.id,
    status: cobranca.getString('status'),
    duplicada: cobranca.getBool('duplicada'),
    usuario: cobranca.getString('usuario'),
    tipo_servico: cobranca.getString('tipo_servico'),
    valor: cobranca.getFloat('valor'),
    flex: cobranca.getBool('flex'),
    metodo: cobranca.getString('metodo'),
    parcelas: cobranca.getInt('parcelas'),
    asaas_id: cobranca.getString('asaas_id'),
    parcelamento: cobranca.getString('parcelamento'),
  };
}

/** An order's fields as pedido_fluxo.js reads them. */
function comoPedido(pagamento) {
  return {
    id: pagamento.id,
    status_asaas: pagamento.getString('status_asaas'),
    preco_servico: pagamento.getFloat('preco_servico'),
    valor_estornado: pagamento.getFloat('valor_estornado'),
  };
}

/** The work a plan leaves for after the commit (cobranca_comum.d.ts AcaoDepois), by name, on the app outside. */
const ACOES = {
  recibo: (fora, ids) =>
    require(`${__hooks}/lib/emails.js`).recibo(
      fora,
      fora.findRecordById('cobrancas', ids.cobranca),
      fora.findRecordById('pagamentos', ids.pagamento),
    ),
  enviarNota: (fora, ids) => require(`${__hooks}/lib/notas.js`).enviar(fora, ids.pagamento),
  estornarDuplicada: (fora, ids) => estornarDuplicada(fora, ids.cobranca),
  alertarDivergente: (fora, ids) => alertarValorDivergente(fora, ids.cobranca),
  alertarPosPagamento: (fora, ids) => alertarPosPagamento(fora, ids.pagamento, ids.nota),
};

/**
 * pedido_fluxo.js's ports on `app` (a transaction, or the app): the records read are kept by id (`registros`, the
 * caller's charge among them), so a record the caller holds is the one saved; the work after the commit goes to
 * `acoes`.
 */
function portas(app, acoes, registros) {
  const guardado = (colecao, registro) => {
    if (registro) registros[colecao + ':' + registro.id] = registro;
    return registro;
  };
  const registro = (colecao, id) =>
    registros[colecao + ':' + id] || guardado(colecao, app.findRecordById(colecao, id));
  // The charge's record with the ids the flow's charge holds (a payment may have taught them; saved with its move).
  const daCobranca = (cobranca) => {
    const atual = registro('cobrancas', cobranca.id);
    atual.load({ asaas_id: cobranca.asaas_id, parcelamento: cobranca.parcelamento || '' });
    return atual;
  };
  return {
    pedidoDa: (cobranca) => {
      const pagamento = guardado('pagamentos', pedidoDa(app, daCobranca(cobranca)));
      return pagamento ? comoPedido(pagamento) : null;
    },
    outro: (cobranca) => {
      const outro = outroPedido(app, daCobranca(cobranca));
      if (!outro) return null;
      return { tipo: outro.collection().name === 'pagamentos' ? 'pedido' : 'cobranca', id: outro.id };
    },
    agendamentoDo: (pedidoId) => {
      const agendamento = guardado('agendamentos', agendamentoDo(app, { id: pedidoId }));
      return agendamento
        ? { id: agendamento.id, status_agendamento: agendamento.getString('status_agendamento') }
        : null;
    },
    nfse: () => require(`${__hooks}/lib/notas.js`).ativa(),
    salvarCobranca: (cobranca, campos) => {
      const atual = daCobranca(cobranca);
      Object.keys(campos).forEach((campo) => atual.set(campo, campos[campo]));
      app.save(atual);
    },
    gravarPedido: (cobranca, pedido) => {
      const gravado = gravarPedido(app, daCobranca(cobranca), pedido);
      return { pedido: comoPedido(guardado('pagamentos', gravado.pagamento)), criado: gravado.criado };
    },
    salvarPedido: (id, campos) => {
      const pagamento = registro('pagamentos', id);
      Object.keys(campos).forEach((campo) => pagamento.set(campo, campos[campo]));
      app.save(pagamento);
    },
    nota: (agendamentoId, campo, texto) =>
      require(`${__hooks}/lib/historico.js`).registrarNota(app, agendamentoId, campo, texto),
    cancelar: (marcado) => guardado('agendamentos', cancelar(app, marcado.id)),
    aposEstorno: (id) =>
      require(`${__hooks}/lib/notas.js`).aposEstorno(app, registro('pagamentos', id), acoes),
    depois: (nomes, ids) => nomes.forEach((nome) => acoes.push((fora) => ACOES[nome](fora, ids))),
  };
}

/**
 * Moves a charge record to the status Asaas reports: pedido_fluxo.js aplicarStatus (the demo double runs the same)
 * on `app`'s records, the record itself saved. E-mails, refunds and the invoice wait in `depois` for the caller's
 * commit; without it they run at the end. Returns the charge.
 */
function aplicarStatus(app, cobranca, status, motivo, depois) {
  const acoes = depois || [];
  const registros = {};
  registros['cobrancas:' + cobranca.id] = cobranca;
  fluxo.aplicarStatus(portas(app, acoes, registros), comoCobranca(cobranca), status, motivo);
  if (!depois) executar(app, acoes);
  return cobranca;
}

/** Staff hear of a refund or chargeback (`texto`: what it means, regras.json textosPosPagamento). */
function alertarPosPagamento(app, pagamentoId, texto) {
  const registro = app.findRecordById('pagamentos', pagamentoId);
  const cliente = app.findRecordById('usuarios', registro.getString('usuario'));
  alertar(
    app,
    alertas().posPagamento(texto, {
      nome: cliente.getString('nome_completo'),
      asaasId: registro.getString('asaas_id_pagamento'),
      total: reais(registro.getFloat('preco_servico')),
    }),
  );
}

function alertarValorDivergente(app, cobrancaId) {
  const cobranca = app.findRecordById('cobrancas', cobrancaId);
  alertar(app, alertas().divergente(cobranca.getString('asaas_id'), reais(cobranca.getFloat('valor'))));
}

/** The charge record with the ids a payment Asaas reports teaches it (cobranca_comum.idsDoPagamento), unsaved. */
function aprenderIds(cobranca, pagamento) {
  const ids = { asaas_id: cobranca.getString('asaas_id'), parcelamento: cobranca.getString('parcelamento') };
  cobranca.load(maquina.idsDoPagamento(ids, pagamento));
  return cobranca;
}

/** Seconds after which Asaas not knowing an attempt means it never made the charge (ASAAS_CONCILIAR_APOS_S). */
function esperaConciliacao() {
  return Number($os.getenv('ASAAS_CONCILIAR_APOS_S') || maquina.PADROES.conciliarAposS);
}

/**
 * At most one question to Asaas per charge every few seconds (ASAAS_CONSULTA_INTERVALO_MS), whoever reads: a
 * page that polls, several tabs, or a script hammering the list cannot make this server hammer Asaas.
 */
function consultaLiberada(app, cobranca) {
  const intervalo = Number($os.getenv('ASAAS_CONSULTA_INTERVALO_MS') || maquina.PADROES.consultaIntervaloMs);
  return daVez(app, 'conciliacao:' + cobranca.id, intervalo);
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
    aplicarStatus(tx, aprenderIds(atual, achada), statusDoAsaas(atual, achada), undefined, depois);
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
  aplicarStatus,
  executar,
  responderEExecutar,
  portas,
  comoCobranca,
  aprenderIds,
  statusDoAsaas,
  pedidoDa,
  pedidoDoAgendamento,
  cancelar,
  foiPaga,
  conciliar,
  conciliarAtiva,
};
