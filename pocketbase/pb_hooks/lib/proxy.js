// The Asaas proxy. The browser sends the seed's fields plus `tipo_servico`, `flex` and an attempt id
// (`externalReference`); the server prices the order, fixes the due date and the buyer's IP, reuses the user's Asaas
// customer, refuses a second live charge, and writes the order of a paid charge. The steps and their order are
// lib/proxy_fluxo.js's, which the demo double runs too; this file gives it PocketBase's records, transactions and
// locks (its ports) and turns its refusals into answers.

const regras = require(`${__hooks}/lib/regras.js`);
const asaas = require(`${__hooks}/lib/asaas.js`);
const pedidos = require(`${__hooks}/lib/pedidos.js`);
const limite = require(`${__hooks}/lib/limite.js`);
const pedidoAberto = require(`${__hooks}/lib/pedido_aberto.js`);
const proxyComum = require(`${__hooks}/lib/proxy_comum.js`);
const fluxo = require(`${__hooks}/lib/proxy_fluxo.js`);
const { achar, novo, violaUnicidade } = require(`${__hooks}/lib/registros.js`);

/** The signed-in, verified customer, or an error (requireAuth has already refused guests). */
function cliente(e) {
  const usuario = e.auth;
  if (!usuario || usuario.collection().name !== 'usuarios')
    throw new UnauthorizedError('Faça login para pagar.', {});
  if (!usuario.verified()) throw new ForbiddenError(regras.MSG.naoVerificado, {});
  return usuario;
}

function corpo(e) {
  const body = e.requestInfo().body;
  if (!body || typeof body !== 'object') throw new BadRequestError('Dados inválidos.', {});
  return body;
}

function clienteAsaas(app, usuarioId) {
  const registro = achar(app, 'asaas_clientes', 'usuario = {:u}', { u: usuarioId });
  return registro ? registro.getString('asaas_id') : '';
}

/** The answer to give for a refusal the flow decided: { http, mensagem } and its field. */
function erroDoAsaas(erro) {
  const dados = {};
  if (erro.campo) dados[erro.campo] = new ValidationError(erro.code, erro.detalhe);
  return new ApiError(erro.http, erro.mensagem, dados);
}

/**
 * proxy_fluxo.js's ports on `e.app` (proxy_fluxo.d.ts Portas). A charge goes to the flow as plain values; its
 * record is kept here by id for the calls that need it (pedidos.js). The work left for after the commit (the
 * receipt, a duplicate's refund) goes to `depois`.
 */
function portas(e, depois) {
  const app = e.app;
  const registros = {};
  /** A charge record as the flow reads it, remembered. */
  const valores = (registro) => {
    registros[registro.id] = registro;
    return {
      id: registro.id,
      usuario: registro.getString('usuario'),
      tentativa: registro.getString('tentativa'),
      metodo: registro.getString('metodo'),
      asaas_id: registro.getString('asaas_id'),
      status: registro.getString('status'),
      motivo: registro.getString('motivo'),
      tipo_servico: registro.getString('tipo_servico'),
      flex: registro.getBool('flex'),
      valor: registro.getFloat('valor'),
      parcelas: registro.getInt('parcelas'),
    };
  };
  const talvez = (registro) => (registro ? valores(registro) : null);
  const ativa = (usuarioId) => achar(app, 'cobrancas', 'usuario = {:u} && ativa = true', { u: usuarioId });
  return {
    clienteAsaas: (usuarioId) => clienteAsaas(app, usuarioId),
    guardarCliente: (usuarioId, asaasId) => {
      try {
        app.save(novo(app, 'asaas_clientes', { usuario: usuarioId, asaas_id: asaasId }));
        return asaasId;
      } catch (err) {
        if (!violaUnicidade(err)) throw err;
        return clienteAsaas(app, usuarioId); // a parallel call made it first
      }
    },
    daTentativa: (tentativa) => talvez(achar(app, 'cobrancas', 'tentativa = {:t}', { t: tentativa })),
    conciliar: (cobranca) => valores(pedidos.conciliar(app, registros[cobranca.id])),
    conciliarAtiva: (usuarioId) => talvez(pedidos.conciliarAtiva(app, usuarioId)),
    temPedido: (usuarioId) =>
      Boolean(achar(app, 'pagamentos', 'usuario = {:u} && ' + pedidoAberto.FILTRO, { u: usuarioId })),
    contarTentativa: (usuarioId) => limite.contarTentativa(app, usuarioId, e.realIP()),
    descontar: (id) => limite.descontarTentativa(app, id),
    pixPendentes: (usuarioId) => {
      const params = { u: usuarioId };
      const pagaveis = proxyComum.PIX_PAGAVEL.map((status, i) => {
        params['s' + i] = status;
        return 'status = {:s' + i + '}';
      });
      const filtro = "usuario = {:u} && metodo = 'pix' && asaas_id != '' && (" + pagaveis.join(' || ') + ')';
      return app.findRecordsByFilter('cobrancas', filtro, 'created', 20, 0, params).map(valores);
    },
    aplicarStatus: (cobranca, status) => {
      pedidos.aplicarStatus(app, registros[cobranca.id], status);
    },
    // The unique index on live charges makes a second one (another tab, another device) fail here, before it can
    // reach Asaas.
    abrir: (campos) => {
      const cobranca = novo(app, 'cobrancas', campos);
      try {
        app.save(cobranca);
      } catch (err) {
        if (!violaUnicidade(err)) throw err;
        return null;
      }
      return valores(cobranca);
    },
    ativa: (usuarioId) => talvez(ativa(usuarioId)),
    // Applied to the charge as it is now, in one transaction: an installment's webhook may have reached it while
    // the POST was in flight.
    registrar: (enviada, resultado) => {
      let cobranca = null;
      app.runInTransaction((tx) => {
        cobranca = tx.findRecordById('cobrancas', enviada.id);
        if (resultado.criada) tx.save(pedidos.aprenderIds(cobranca, resultado.criada));
        pedidos.aplicarStatus(tx, cobranca, resultado.status, resultado.motivo, depois);
      });
      return valores(cobranca);
    },
    pixDoCliente: (usuarioId, asaasId) =>
      talvez(
        achar(app, 'cobrancas', "asaas_id = {:id} && usuario = {:u} && metodo = 'pix'", {
          id: asaasId,
          u: usuarioId,
        }),
      ),
    asaas: (metodo, caminho, corpoAsaas) => asaas.chamar(metodo, caminho, corpoAsaas),
    hoje: () => regras.hojeSaoPaulo(),
    ip: () => e.realIP(),
    novaTentativa: () => $security.randomString(24),
  };
}

/**
 * Answers a flow's outcome: its refusal thrown, or its 200. The receipt (and a duplicate's refund) once the
 * customer has the answer.
 */
function responder(e, resultado, depois) {
  if (resultado.erro) {
    pedidos.executar(e.app, depois);
    throw erroDoAsaas(resultado.erro);
  }
  if (depois.length === 0) return e.json(200, resultado.resposta);
  return pedidos.responderEExecutar(e, 200, resultado.resposta, depois);
}

/** POST /payments/asaas/customer: the user's Asaas customer, made once from the account's own data. */
function criarCliente(e) {
  const usuario = cliente(e);
  const conta = {
    id: usuario.id,
    nome_completo: usuario.getString('nome_completo'),
    cpf: usuario.getString('cpf'),
    email: usuario.email(),
    celular: usuario.getString('celular'),
  };
  const depois = [];
  return responder(e, fluxo.criarCliente(portas(e, depois), conta), depois);
}

/** POST /payments/asaas/installment: a card charge at the server's price. */
function cobrarCartao(e) {
  const usuario = cliente(e);
  const body = corpo(e);
  const depois = [];
  return responder(e, fluxo.cobrarCartao(portas(e, depois), usuario.id, body), depois);
}

/** POST /payments/asaas/pix: a Pix charge at the server's price (a pending one is reused). */
function cobrarPix(e) {
  const usuario = cliente(e);
  const body = corpo(e);
  const depois = [];
  return responder(e, fluxo.cobrarPix(portas(e, depois), usuario.id, body), depois);
}

/** GET /payments/asaas/pix/{id}: the QR code of the customer's own Pix charge. */
function qrCodePix(e) {
  const usuario = cliente(e);
  const depois = [];
  return responder(e, fluxo.qrCodePix(portas(e, depois), usuario.id, e.request.pathValue('id')), depois);
}

module.exports = { criarCliente, cobrarCartao, cobrarPix, qrCodePix };
