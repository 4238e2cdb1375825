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

/** The order's amounts as estorno_comum.js reads them. */
function valores(pagamento) {
  return {
    preco_servico: pagamento.getFloat('preco_servico'),
    valor_estornado: pagamento.getFloat('valor_estornado'),
    status_asaas: pagamento.getString('status_asaas'),
  };
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

/**
 * Asks Asaas to refund an order: all that remains (`valor` null: the installment refund for a card in
 * installments) or `valor` reais of it, and adds it to the order's `valor_estornado`; its service invoice is
 * then cancelled (in `acoes`, after the answer) or, after a partial refund, flagged for staff (lib/notas.js).
 * Returns the order. Throws when Asaas refuses (400, its reason) or does not answer (503): estorno_comum.leituraDaResposta.
 */
function pedirEstorno(app, pagamento, valor, descricao, acoes) {
  // The charge of the order (older rows are linked by their Asaas id only).
  const cobranca = pagamento.getString('cobranca')
    ? app.findRecordById('cobrancas', pagamento.getString('cobranca'))
    : achar(app, 'cobrancas', 'asaas_id = {:id}', { id: pagamento.getString('asaas_id_pagamento') });
  const chamada = comum.chamada(
    cobranca && {
      asaas_id: cobranca.getString('asaas_id'),
      parcelamento: cobranca.getString('parcelamento'),
    },
    Object.assign(valores(pagamento), {
      asaas_id_pagamento: pagamento.getString('asaas_id_pagamento'),
      parcelamento: pagamento.getString('parcelamento'),
    }),
    valor,
    descricao,
  );
  const resta = restante(pagamento);
  const resposta = asaas.chamar('POST', chamada.caminho, chamada.corpo);
  const recusada = comum.leituraDaResposta(resposta, MSG, asaas.primeiroErro);
  if (recusada) throw recusa(recusada);
  // Asaas's webhook may have moved the charge and the order during the call (REFUNDED): both are read afresh.
  if (cobranca) atualizar(app, 'cobrancas', cobranca.id, (atual) => atual.set('estorno', 'SOLICITADO'));
  // Counted from what was refunded before the call: the webhook may have counted this refund already.
  const antes = pagamento.getFloat('valor_estornado');
  return atualizar(app, 'pagamentos', pagamento.id, (pedido, tx) => {
    pedido.set(
      'valor_estornado',
      comum.estornadoDepois(antes, valor, resta, pedido.getFloat('valor_estornado')),
    );
    require(`${__hooks}/lib/notas.js`).aposEstorno(tx, pedido, acoes);
  });
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
  pedirEstorno(e.app, pagamento, null, 'Desistência da compra (art. 49 do CDC)', acoes);
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
  pedirEstorno(e.app, pagamento, pedido.valor, pedido.motivo, acoes);
  historico.registrarNota(e.app, agendamento.id, 'estorno', comum.notaDaEquipe(pedido, emails.reais), e.auth);
  return pedidos.responderEExecutar(e, 200, { resultado: 'solicitado' }, acoes);
}

module.exports = { desistir, estornar, pedirEstorno, restante, PRAZO_DIAS };
