// Money given back: the customer's withdrawal within 7 days (CDC art. 49) and staff refunds. The server asks
// Asaas for the refund; its outcome (REFUNDED, PARTIALLY_REFUNDED) follows Asaas's webhooks (lib/pedidos.js).
// The steps and their order are lib/estorno_fluxo.js's, which the demo double runs too; this file gives it
// PocketBase's records, transactions and e-mails (its ports) and turns its refusals into answers.

const regras = require(`${__hooks}/lib/regras.js`);
const asaas = require(`${__hooks}/lib/asaas.js`);
const historico = require(`${__hooks}/lib/historico.js`);
const emails = require(`${__hooks}/lib/emails.js`);
const pedidos = require(`${__hooks}/lib/pedidos.js`);
const { achar, atualizar } = require(`${__hooks}/lib/registros.js`);
const prazo = require(`${__hooks}/lib/prazo.js`);
const aberto = require(`${__hooks}/lib/pedido_aberto.js`);
const comum = require(`${__hooks}/lib/estorno_comum.js`);
const fluxo = require(`${__hooks}/lib/estorno_fluxo.js`);

const PRAZO_DIAS = regras.R.prazoDesistenciaDias;

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

/** The order's values as estorno_comum.js and estorno_fluxo.js read them, with its refund of unknown outcome. */
function valores(pagamento) {
  return {
    id: pagamento.id,
    usuario: pagamento.getString('usuario'),
    cobranca: pagamento.getString('cobranca'),
    asaas_id_pagamento: pagamento.getString('asaas_id_pagamento'),
    parcelamento: pagamento.getString('parcelamento'),
    metodo_pagamento: pagamento.getString('metodo_pagamento'),
    preco_servico: pagamento.getFloat('preco_servico'),
    valor_estornado: pagamento.getFloat('valor_estornado'),
    status_asaas: pagamento.getString('status_asaas'),
    estorno_incerto_valor: pagamento.getFloat('estorno_incerto_valor'),
    estorno_incerto_em: pagamento.getString('estorno_incerto_em'),
    estorno_incerto_antes: pagamento.getFloat('estorno_incerto_antes'),
    estorno_em_voo: pagamento.getBool('estorno_em_voo'),
  };
}

/** The answer to give for a refusal estorno_comum decided: { http (400 when unset), message } and its field. */
function recusa(erro) {
  const campos = {};
  if (erro.campo) campos[erro.campo] = new ValidationError(erro.code, erro.message);
  return new ApiError(erro.http || 400, erro.message, campos);
}

/** A flow's outcome (estorno_fluxo.js): its refusal thrown, or what it did. */
function feito(resultado) {
  if (resultado.erro) throw recusa(resultado.erro);
  return resultado;
}

/** Reais of the order not yet refunded. */
function restante(pagamento) {
  return comum.restante(valores(pagamento));
}

/**
 * estorno_fluxo.js's ports for a refund on `app` (estorno_fluxo.d.ts Portas): the work left for after the commit
 * (the invoice's cancellation, e-mails) goes to `acoes`.
 */
function portas(app, acoes) {
  return {
    ler: (id) => valores(app.findRecordById('pagamentos', id)),
    /** The order's charge (older rows are linked by their Asaas id only), or null. */
    cobranca: (pedido) => {
      const cobranca = pedido.cobranca
        ? app.findRecordById('cobrancas', pedido.cobranca)
        : achar(app, 'cobrancas', 'asaas_id = {:id}', { id: pedido.asaas_id_pagamento });
      return (
        cobranca && {
          id: cobranca.id,
          asaas_id: cobranca.getString('asaas_id'),
          parcelamento: cobranca.getString('parcelamento'),
        }
      );
    },
    gravar: (id, mudar) => {
      let salvo = null;
      app.runInTransaction((tx) => {
        const pedido = tx.findRecordById('pagamentos', id);
        const campos = mudar(valores(pedido));
        if (campos) {
          pedido.load(campos);
          tx.save(pedido);
        }
        salvo = pedido;
      });
      return valores(salvo);
    },
    // The order read afresh, as Asaas's webhook may have moved the charge and the order meanwhile; the service
    // invoice follows (lib/notas.js).
    contar: (id, cobranca, mudar) => {
      if (cobranca) atualizar(app, 'cobrancas', cobranca.id, (atual) => atual.set('estorno', 'SOLICITADO'));
      const pedido = atualizar(app, 'pagamentos', id, (atual, tx) => {
        atual.load(mudar(valores(atual)));
        require(`${__hooks}/lib/notas.js`).aposEstorno(tx, atual, acoes);
      });
      return valores(pedido);
    },
    asaas: (metodo, caminho, corpo) => asaas.chamar(metodo, caminho, corpo),
    espera: () => asaas.espera(),
  };
}

/**
 * Asks Asaas to refund `valor` reais of an order, or all that remains (`valor` null): estorno_fluxo.js pedirEstorno,
 * its invoice's work after the answer in `acoes`. Returns { pedido (values), confirmado }; throws its refusal.
 */
function pedirEstorno(app, pagamento, valor, descricao, acoes) {
  return feito(fluxo.pedirEstorno(portas(app, acoes), valores(pagamento), valor, descricao));
}

/** All that remains of an order given back (the guarantee): estorno_fluxo.js estornarRestante; throws its refusal. */
function estornarRestante(app, pagamento, descricao, acoes) {
  return feito(fluxo.estornarRestante(portas(app, acoes), valores(pagamento), descricao));
}

/** Answers a flow's `resposta` (200), its work after the answer in `acoes`. */
function responder(e, resultado, acoes) {
  const resposta = feito(resultado).resposta;
  // Nothing left to do (a withdrawal staff heard of already): the plain answer.
  if (acoes.length === 0) return e.json(200, resposta);
  return pedidos.responderEExecutar(e, 200, resposta, acoes);
}

/** A history note on a booking by `autor` (null: the server), as estorno_fluxo.js writes it. */
function nota(app, autor) {
  return (agendamentoId, campo, texto) => historico.registrarNota(app, agendamentoId, campo, texto, autor);
}

/** After the answer: the e-mails `escrever(name)` gives ({ cliente, equipe }) to `usuario(app)` and to staff. */
function avisar(acoes, usuario, escrever) {
  acoes.push((app) => {
    const cliente = usuario(app);
    const email = escrever(cliente.getString('nome_completo'));
    if (email.cliente) emails.enviar(app, cliente.email(), email.cliente.assunto, email.cliente.paragrafos);
    if (email.equipe) emails.alertaEquipe(app, email.equipe.assunto, email.equipe.paragrafos);
  });
}

/** POST /payments/desistencia: the customer withdraws (after confirming in the app). */
function desistir(e) {
  const usuario = e.auth;
  const pagamento = pedidoAberto(e.app, usuario.id);
  const pedido = pagamento ? Object.assign(valores(pagamento), { ultimoDia: ultimoDia(pagamento) }) : null;
  const agendamento = pagamento && achar(e.app, 'agendamentos', 'pagamento = {:p}', { p: pagamento.id });
  const acoes = [];
  const ports = Object.assign(portas(e.app, acoes), {
    nota: nota(e.app, null),
    // pedidos.js cancelar reads the booking as stored now: Asaas's REFUNDED webhook may have cancelled it while
    // the refund was asked (its change is then in the history already, and a copy read before would write its
    // old fields back).
    cancelar: (id, campo, texto) => {
      historico.registrarNota(e.app, id, campo, texto);
      pedidos.cancelar(e.app, id);
    },
    daVez: (chave) => emails.alertaDaVez(e.app, chave),
    avisar: (_, escrever) => avisar(acoes, () => usuario, escrever),
  });
  const marcado = agendamento && {
    id: agendamento.id,
    status_agendamento: agendamento.getString('status_agendamento'),
  };
  return responder(e, fluxo.desistir(ports, pedido, marcado, regras.hojeSaoPaulo()), acoes);
}

/** POST /payments/estorno {agendamento, valor (empty: in full), motivo}: a staff refund, at any time. */
function estornar(e) {
  if (!e.auth || !e.auth.getBool('admin')) throw new ForbiddenError(regras.R.estorno.soEquipe, {});
  const body = e.requestInfo().body || {};
  const acoes = [];
  const ports = Object.assign(portas(e.app, acoes), {
    nota: nota(e.app, e.auth),
    // Its 404 is pedidos.js's.
    pedidoDoAgendamento: (corpo) => {
      const { agendamento, pagamento } = pedidos.pedidoDoAgendamento(e.app, corpo);
      return { agendamento: { id: agendamento.id }, pedido: valores(pagamento) };
    },
    avisar: (pedido, escrever) =>
      avisar(acoes, (app) => app.findRecordById('usuarios', pedido.usuario), escrever),
  });
  return responder(e, fluxo.estornar(ports, body), acoes);
}

module.exports = { desistir, estornar, pedirEstorno, estornarRestante, restante, PRAZO_DIAS };
