// Money given back: the customer's withdrawal within 7 days (CDC art. 49) and staff refunds. The server asks
// Asaas for the refund; its outcome (REFUNDED, PARTIALLY_REFUNDED) follows Asaas's webhooks (lib/pedidos.js).

const regras = require(`${__hooks}/lib/regras.js`);
const asaas = require(`${__hooks}/lib/asaas.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const emails = require(`${__hooks}/lib/emails.js`);
const { achar } = require(`${__hooks}/lib/registros.js`);

const PRAZO_DIAS = regras.R.prazoDesistenciaDias;
// Once the appointment is booked, a withdrawal goes to staff (the consulate's slot is already taken).
const JA_AGENDADO = ['AGENDADO', 'FINALIZADO'];

const MSG = {
  semPedido: 'Você não tem um pedido pago para desistir.',
  prazo: 'O prazo de 7 dias para desistir da compra já terminou. Fale com o nosso atendimento.',
  jaEstornado: 'Este pedido já foi estornado.',
  falhou: 'Não foi possível solicitar o estorno agora. Tente novamente em alguns minutos.',
  valor: 'Informe um valor entre R$ 0,01 e o valor pago.',
  motivo: 'Informe o motivo do estorno.',
  soEquipe: 'Apenas a equipe pode estornar um pagamento.',
};

function pedidoAberto(app, usuarioId) {
  return achar(app, 'pagamentos', "usuario = {:u} && status_asaas != 'REFUNDED'", { u: usuarioId });
}

function diasDesde(pagamento) {
  return (Date.now() / 1000 - pagamento.getDateTime('created').unix()) / 86400;
}

/**
 * Asks Asaas to refund an order: in full (the installment refund for a card in installments) or `valor` reais
 * of it. Throws when Asaas refuses (400, its reason) or does not answer (503).
 */
function pedirEstorno(app, pagamento, valor, descricao) {
  // The charge of the order (older rows are linked by their Asaas id only).
  const cobranca = pagamento.getString('cobranca')
    ? app.findRecordById('cobrancas', pagamento.getString('cobranca'))
    : achar(app, 'cobrancas', 'asaas_id = {:id}', { id: pagamento.getString('asaas_id_pagamento') });
  const parcelamento = cobranca ? cobranca.getString('parcelamento') : pagamento.getString('parcelamento');
  const asaasId = cobranca ? cobranca.getString('asaas_id') : pagamento.getString('asaas_id_pagamento');
  const integral = valor === null;
  const caminho =
    integral && parcelamento
      ? '/installments/' + encodeURIComponent(parcelamento) + '/refund'
      : '/payments/' + encodeURIComponent(asaasId) + '/refund';
  const corpo = { description: String(descricao).slice(0, 500) };
  if (!integral) corpo.value = valor;
  const resposta = asaas.chamar('POST', caminho, corpo);
  if (resposta.status >= 400 && resposta.status < 500 && resposta.status !== 401 && resposta.status !== 429) {
    // Asaas refused this refund (more than is left, a payment it cannot refund): its reason, in pt-BR.
    const erro = asaas.primeiroErro(resposta.json);
    throw new BadRequestError(erro.description || MSG.falhou, {
      asaas: new ValidationError(erro.code || 'estorno_recusado', erro.description || MSG.falhou),
    });
  }
  if (resposta.status !== 200) throw new ApiError(503, MSG.falhou, {});
  if (cobranca) {
    cobranca.set('estorno', 'SOLICITADO');
    app.save(cobranca);
  }
}

function agendamentoDe(app, pagamento) {
  return achar(app, 'agendamentos', 'pagamento = {:p}', { p: pagamento.id });
}

/** POST /payments/desistencia: the customer withdraws (after confirming in the app). */
function desistir(e) {
  const usuario = e.auth;
  const pagamento = pedidoAberto(e.app, usuario.id);
  if (!pagamento) throw new NotFoundError(MSG.semPedido, {});
  if (diasDesde(pagamento) > PRAZO_DIAS) throw new BadRequestError(MSG.prazo, {});
  const agendamento = agendamentoDe(e.app, pagamento);
  const status = agendamento ? agendamento.getString('status_agendamento') : '';
  const nome = usuario.getString('nome_completo');
  if (JA_AGENDADO.indexOf(status) >= 0 || status === 'CANCELADO') {
    if (agendamento)
      historico.registrarNota(
        e.app,
        agendamento.id,
        'desistencia',
        'Desistência solicitada pelo cliente: encaminhada à equipe.',
      );
    emails.alertaEquipe(e.app, 'Pedido de desistência - Passaporte Italiano', [
      escaparNome(nome) +
        ' pediu para desistir da compra (art. 49 do CDC), mas o agendamento já foi marcado.',
      'Fale com o cliente e, se for o caso, estorne o pagamento pela página do agendamento.',
    ]);
    return e.json(200, { resultado: 'encaminhada' });
  }
  pedirEstorno(e.app, pagamento, null, 'Desistência da compra (art. 49 do CDC)');
  if (agendamento) {
    const antes = agendamento.getString('status_agendamento');
    agendamento.set('status_agendamento', 'CANCELADO');
    e.app.save(agendamento);
    historico.registrarNota(
      e.app,
      agendamento.id,
      'desistencia',
      'Desistência do cliente (art. 49 do CDC): estorno integral solicitado ao Asaas.',
    );
    historico.registrarMudanca(e.app, agendamento.id, 'status_agendamento', antes, 'CANCELADO');
  }
  emails.enviar(e.app, usuario.email(), 'Desistência confirmada - Passaporte Italiano', [
    'Olá, ' + escaparNome(nome) + '.',
    'Recebemos a sua desistência da compra. O seu pedido foi cancelado e o estorno integral de ' +
      emails.reais(pagamento.getFloat('preco_servico')) +
      ' foi solicitado, pela mesma forma de pagamento.',
    'No cartão de crédito, o estorno pode levar até 10 dias úteis para aparecer na fatura.',
  ]);
  emails.alertaEquipe(e.app, 'Desistência com estorno - Passaporte Italiano', [
    escaparNome(nome) + ' desistiu da compra dentro de 7 dias (art. 49 do CDC).',
    'O estorno integral de ' +
      emails.reais(pagamento.getFloat('preco_servico')) +
      ' foi solicitado ao Asaas e o agendamento foi cancelado.',
  ]);
  return e.json(200, { resultado: 'estornada' });
}

function escaparNome(nome) {
  return emails.escapar(nome);
}

/** POST /payments/estorno {agendamento, valor (empty: in full), motivo}: a staff refund, at any time. */
function estornar(e) {
  if (!e.auth || !e.auth.getBool('admin')) throw new ForbiddenError(MSG.soEquipe, {});
  const body = e.requestInfo().body || {};
  const motivo = typeof body.motivo === 'string' ? body.motivo.trim().slice(0, 500) : '';
  if (!motivo) {
    throw new BadRequestError(MSG.motivo, { motivo: new ValidationError('validation_required', MSG.motivo) });
  }
  const agendamento = achar(e.app, 'agendamentos', 'id = {:id}', { id: String(body.agendamento || '') });
  const pagamento = agendamento
    ? achar(e.app, 'pagamentos', 'id = {:id}', { id: agendamento.getString('pagamento') })
    : null;
  if (!pagamento) throw new NotFoundError(regras.MSG.naoEncontrado, {});
  if (pagamento.getString('status_asaas') === 'REFUNDED') throw new BadRequestError(MSG.jaEstornado, {});
  const integral = body.valor === undefined || body.valor === null || body.valor === '';
  const valor = integral ? null : Number(body.valor);
  if (
    !integral &&
    !(
      regras.centavos(valor) > 0 &&
      regras.centavos(valor) <= regras.centavos(pagamento.getFloat('preco_servico'))
    )
  ) {
    throw new BadRequestError(MSG.valor, {
      valor: new ValidationError('validation_invalid_value', MSG.valor),
    });
  }
  pedirEstorno(e.app, pagamento, valor, motivo);
  historico.registrarNota(
    e.app,
    agendamento.id,
    'estorno',
    (integral ? 'Estorno integral' : 'Estorno parcial de ' + emails.reais(valor)) +
      ' solicitado ao Asaas. Motivo: ' +
      motivo,
    e.auth,
  );
  return e.json(200, { resultado: 'solicitado' });
}

module.exports = { desistir, estornar, PRAZO_DIAS };
