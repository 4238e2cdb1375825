// Money given back: the customer's withdrawal within 7 days (CDC art. 49) and staff refunds. The server asks
// Asaas for the refund; its outcome (REFUNDED, PARTIALLY_REFUNDED) follows Asaas's webhooks (lib/pedidos.js).

const regras = require(`${__hooks}/lib/regras.js`);
const asaas = require(`${__hooks}/lib/asaas.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const emails = require(`${__hooks}/lib/emails.js`);
// The e-mails' words, shared with the demo double.
const texto = require(`${__hooks}/lib/email_texto.js`);
const pedidos = require(`${__hooks}/lib/pedidos.js`);
const { achar, atualizar } = require(`${__hooks}/lib/registros.js`);
const prazo = require(`${__hooks}/lib/prazo.js`);
const aberto = require(`${__hooks}/lib/pedido_aberto.js`);
const comum = require(`${__hooks}/lib/estorno_comum.js`);

const PRAZO_DIAS = regras.R.prazoDesistenciaDias;
const MSG = regras.R.estorno;

function pedidoAberto(app, usuarioId) {
  return achar(app, 'pagamentos', 'usuario = {:u} && ' + aberto.FILTRO, { u: usuarioId });
}

/**
 * The last day (São Paulo, YYYY-MM-DD) the customer may withdraw: the 7th day after the day of the payment,
 * which itself is not counted (Código Civil art. 132), to its end. src/components/withdrawal.tsx shows the same.
 */
function ultimoDia(pagamento) {
  const pago = pagamento.getString('pago_em')
    ? pagamento.getDateTime('pago_em')
    : pagamento.getDateTime('created');
  return prazo.ultimoDiaDesistencia(pago.unix() * 1000, PRAZO_DIAS);
}

/** The order's amounts as estorno_comum.js reads them, with its refund of unknown outcome. */
function valores(pagamento) {
  return {
    preco_servico: pagamento.getFloat('preco_servico'),
    valor_estornado: pagamento.getFloat('valor_estornado'),
    status_asaas: pagamento.getString('status_asaas'),
    estorno_incerto_valor: pagamento.getFloat('estorno_incerto_valor'),
    estorno_incerto_em: pagamento.getString('estorno_incerto_em'),
    estorno_incerto_antes: pagamento.getFloat('estorno_incerto_antes'),
    estorno_em_voo: pagamento.getBool('estorno_em_voo'),
  };
}

/** A refund of the order is waiting for Asaas's answer: another waits too (409). */
function emAndamento() {
  return recusa({ http: 409, message: MSG.incertoEmAndamento });
}

/** The answer to give for a refusal estorno_comum decided: { http (400 when unset), message } and its field. */
function recusa(erro) {
  const campos = {};
  if (erro.campo) campos[erro.campo] = new ValidationError(erro.code, erro.message);
  return new ApiError(erro.http || 400, erro.message, campos);
}

/** Reais of the order not yet refunded. */
function restante(pagamento) {
  return comum.restante(valores(pagamento));
}

/** The order's charge (older rows are linked by their Asaas id only), or null. */
function cobrancaDe(app, pagamento) {
  return pagamento.getString('cobranca')
    ? app.findRecordById('cobrancas', pagamento.getString('cobranca'))
    : achar(app, 'cobrancas', 'asaas_id = {:id}', { id: pagamento.getString('asaas_id_pagamento') });
}

/** The charge's and the order's Asaas ids as estorno_comum reads them. */
function idsDe(cobranca, pagamento) {
  return {
    cobranca: cobranca && {
      asaas_id: cobranca.getString('asaas_id'),
      parcelamento: cobranca.getString('parcelamento'),
    },
    pedido: {
      asaas_id_pagamento: pagamento.getString('asaas_id_pagamento'),
      parcelamento: pagamento.getString('parcelamento'),
    },
  };
}

/**
 * Counts a refund Asaas made on the order: `valorEstornado(agora)` gives its `valor_estornado` from the one stored
 * now (Asaas's webhook may have moved the charge and the order meanwhile: both are read afresh); the mark of a
 * refund of unknown outcome goes; the charge says a refund was asked; the service invoice follows (lib/notas.js).
 */
function contar(app, pagamento, cobranca, valorEstornado, acoes) {
  if (cobranca) atualizar(app, 'cobrancas', cobranca.id, (atual) => atual.set('estorno', 'SOLICITADO'));
  return atualizar(app, 'pagamentos', pagamento.id, (pedido, tx) => {
    pedido.load(comum.SEM_INCERTO);
    pedido.set('valor_estornado', valorEstornado(pedido.getFloat('valor_estornado')));
    require(`${__hooks}/lib/notas.js`).aposEstorno(tx, pedido, acoes);
  });
}

/**
 * Before any refund of an order that has one of unknown outcome: Asaas's payments say whether it was made
 * (estorno_comum.conferenciaDoIncerto). Made, it is counted and returned ({ pedido, confirmado }); not made, its mark
 * goes and null is returned (a new refund may be asked). No answer from Asaas: 503, and nothing is asked.
 */
function conferirIncerto(app, pagamento, cobranca, acoes) {
  const incerto = comum.incertoDe(valores(pagamento));
  if (!incerto) return null;
  if (comum.emAndamento(incerto, Date.now(), comum.esperaDoAsaas(asaas.espera()))) throw emAndamento();
  const ids = idsDe(cobranca, pagamento);
  const lidos = comum.pagamentosDaConsulta(
    asaas.chamar('GET', comum.consultaDoIncerto(ids.cobranca, ids.pedido)),
  );
  if (!lidos) {
    throw recusa({ http: 503, message: comum.textoDoIncerto(MSG.incertoSemResposta, incerto, emails.reais) });
  }
  const conferido = comum.conferenciaDoIncerto(incerto, lidos, valores(pagamento));
  if (!conferido.feito) {
    atualizar(app, 'pagamentos', pagamento.id, (pedido) => pedido.load(comum.SEM_INCERTO));
    return null;
  }
  const total = (agora) => Math.max(agora, conferido.valor_estornado);
  return { pedido: contar(app, pagamento, cobranca, total, acoes), confirmado: incerto };
}

/**
 * Asks Asaas to refund an order: all that remains (`valor` null: the installment refund for a card in
 * installments) or `valor` reais of it, and adds it to the order's `valor_estornado`; its service invoice is
 * then cancelled (in `acoes`, after the answer) or, after a partial refund, flagged for staff (lib/notas.js).
 * An earlier refund of unknown outcome is settled first (conferirIncerto): when Asaas made it, it is counted and
 * nothing is asked. The refund is marked as of unknown outcome before the call, until Asaas's answer says.
 * Returns { pedido: the order, confirmado: the earlier refund Asaas made, or null }. Throws when Asaas refuses (400,
 * its reason) or does not answer (503): estorno_comum.leituraDaResposta.
 */
function pedirEstorno(app, pagamento, valor, descricao, acoes) {
  const cobranca = cobrancaDe(app, pagamento);
  const conferido = conferirIncerto(app, pagamento, cobranca, acoes);
  if (conferido) return conferido;
  const atual = app.findRecordById('pagamentos', pagamento.id);
  const ids = idsDe(cobranca, atual);
  const chamada = comum.chamada(ids.cobranca, Object.assign(valores(atual), ids.pedido), valor, descricao);
  const resta = restante(atual);
  // Counted from what was refunded before the call: the webhook may have counted this refund already.
  const antes = atual.getFloat('valor_estornado');
  const marca = comum.marcaDoIncerto(valor === null ? resta : valor, antes, Date.now());
  // The order is claimed in one transaction (PocketBase runs them one after another): a refund asked meanwhile,
  // from another tab or another staff member, finds this mark and waits for its answer.
  atualizar(app, 'pagamentos', atual.id, (pedido) => {
    if (comum.incertoDe(valores(pedido))) throw emAndamento();
    pedido.load(marca);
  });
  const resposta = asaas.chamar('POST', chamada.caminho, chamada.corpo);
  const recusada = comum.leituraDaResposta(resposta, MSG, asaas.primeiroErro);
  if (recusada) {
    // Refused, Asaas made nothing; without an answer the mark stays for the next refund to settle.
    const depois = recusada.http !== 503 ? comum.SEM_INCERTO : comum.SEM_RESPOSTA;
    atualizar(app, 'pagamentos', atual.id, (pedido) => pedido.load(depois));
    throw recusa(recusada);
  }
  const total = (agora) => comum.estornadoDepois(antes, valor, resta, agora);
  return { pedido: contar(app, atual, cobranca, total, acoes), confirmado: null };
}

/**
 * All that remains of an order given back (a withdrawal, the guarantee): when an earlier refund of unknown outcome
 * turns out made, only what remains after it is asked, if anything. Returns pedirEstorno's answer.
 */
function estornarRestante(app, pagamento, descricao, acoes) {
  const feito = pedirEstorno(app, pagamento, null, descricao, acoes);
  if (!feito.confirmado || restante(feito.pedido) <= 0) return feito;
  return {
    pedido: pedirEstorno(app, feito.pedido, null, descricao, acoes).pedido,
    confirmado: feito.confirmado,
  };
}

function agendamentoDe(app, pagamento) {
  return achar(app, 'agendamentos', 'pagamento = {:p}', { p: pagamento.id });
}

/** POST /payments/desistencia: the customer withdraws (after confirming in the app). */
function desistir(e) {
  const usuario = e.auth;
  const pagamento = pedidoAberto(e.app, usuario.id);
  const pedido = pagamento ? Object.assign(valores(pagamento), { ultimoDia: ultimoDia(pagamento) }) : null;
  const recusada = comum.recusaDaDesistencia(pedido, regras.hojeSaoPaulo(), MSG);
  if (recusada) throw recusa(recusada);
  const resta = restante(pagamento);
  const agendamento = agendamentoDe(e.app, pagamento);
  const status = agendamento ? agendamento.getString('status_agendamento') : '';
  const nome = usuario.getString('nome_completo');
  if (comum.desistencia(status) === 'encaminhada') {
    // Sent again and again (a script), it reaches staff once per interval: the same answer, nothing new.
    if (agendamento && !emails.alertaDaVez(e.app, 'desistencia_alerta:' + agendamento.id)) {
      return e.json(200, { resultado: 'encaminhada' });
    }
    if (agendamento)
      historico.registrarNota(e.app, agendamento.id, 'desistencia', MSG.desistenciaEncaminhada);
    const { equipe } = texto.emailsDaDesistencia('encaminhada', { nome: nome, valor: '' });
    const alerta = (app) => emails.alertaEquipe(app, equipe.assunto, equipe.paragrafos);
    return pedidos.responderEExecutar(e, 200, { resultado: 'encaminhada' }, [alerta]);
  }
  const acoes = [];
  estornarRestante(e.app, pagamento, 'Desistência da compra (art. 49 do CDC)', acoes);
  if (agendamento) {
    const antes = agendamento.getString('status_agendamento');
    agendamento.set('status_agendamento', 'CANCELADO');
    e.app.save(agendamento);
    historico.registrarNota(e.app, agendamento.id, 'desistencia', MSG.desistenciaEstornada);
    historico.registrarMudanca(e.app, agendamento.id, 'status_agendamento', antes, 'CANCELADO');
  }
  const email = usuario.email();
  const { cliente, equipe } = texto.emailsDaDesistencia('estornada', {
    nome: nome,
    valor: emails.reais(resta),
  });
  const avisos = (app) => {
    emails.enviar(app, email, cliente.assunto, cliente.paragrafos);
    emails.alertaEquipe(app, equipe.assunto, equipe.paragrafos);
  };
  return pedidos.responderEExecutar(e, 200, { resultado: 'estornada' }, acoes.concat([avisos]));
}

/**
 * The customer's e-mail of a staff refund (email_texto.js emailDoEstorno), to send after the answer: the order's
 * refunds before it (`antes`, reais) and after it (`depois`, the order as counted). Sent once per refund staff ask,
 * here and not on Asaas's webhook: a withdrawal, which also ends in REFUNDED, sends its own, and a webhook delivered
 * again sends nothing.
 */
function avisoDoEstorno(antes, depois) {
  const usuarioId = depois.getString('usuario');
  const dados = {
    antes: antes,
    total: depois.getFloat('valor_estornado'),
    encerrado: comum.estornadoPorInteiro(valores(depois)),
    cartao: depois.getString('metodo_pagamento') === 'cartao_credito',
  };
  return (app) => {
    const usuario = app.findRecordById('usuarios', usuarioId);
    const email = texto.emailDoEstorno(
      Object.assign({ nome: usuario.getString('nome_completo') }, dados),
      emails.reais,
    );
    if (email) emails.enviar(app, usuario.email(), email.assunto, email.paragrafos);
  };
}

/** POST /payments/estorno {agendamento, valor (empty: in full), motivo}: a staff refund, at any time. */
function estornar(e) {
  if (!e.auth || !e.auth.getBool('admin')) throw new ForbiddenError(MSG.soEquipe, {});
  const body = e.requestInfo().body || {};
  if (!comum.motivo(body)) {
    throw new BadRequestError(MSG.motivo, { motivo: new ValidationError('validation_required', MSG.motivo) });
  }
  const { agendamento, pagamento } = pedidos.pedidoDoAgendamento(e.app, body);
  const pedido = comum.pedidoDaEquipe(body, valores(pagamento), MSG, emails.reais);
  if (pedido.erro) throw recusa(pedido.erro);
  const acoes = [];
  const antes = pagamento.getFloat('valor_estornado');
  const feito = pedirEstorno(e.app, pagamento, pedido.valor, pedido.motivo, acoes);
  acoes.push(avisoDoEstorno(antes, feito.pedido));
  const confirmado = feito.confirmado;
  if (confirmado) {
    // The earlier refund Asaas made is this one, or staff decide again on what remains now.
    const nota = comum.textoDoIncerto(MSG.incertoNota, confirmado, emails.reais);
    historico.registrarNota(e.app, agendamento.id, 'estorno', nota, e.auth);
    const mensagem = comum.textoDoIncerto(MSG.incertoConfirmado, confirmado, emails.reais);
    return pedidos.responderEExecutar(e, 200, { resultado: 'confirmado', mensagem: mensagem }, acoes);
  }
  historico.registrarNota(e.app, agendamento.id, 'estorno', comum.notaDaEquipe(pedido, emails.reais), e.auth);
  return pedidos.responderEExecutar(e, 200, { resultado: 'solicitado' }, acoes);
}

module.exports = { desistir, estornar, pedirEstorno, estornarRestante, restante, PRAZO_DIAS };
