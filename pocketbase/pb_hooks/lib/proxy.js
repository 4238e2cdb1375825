// The Asaas proxy's decisions. The browser sends the seed's fields plus `tipo_servico`, `flex` and an
// attempt id (`externalReference`); the server prices the order, fixes the due date and the buyer's IP,
// reuses the user's Asaas customer, refuses a second live charge, and writes the order of a paid charge.

const regras = require(`${__hooks}/lib/regras.js`);
const asaas = require(`${__hooks}/lib/asaas.js`);
const pedidos = require(`${__hooks}/lib/pedidos.js`);
const limite = require(`${__hooks}/lib/limite.js`);
const pedidoAberto = require(`${__hooks}/lib/pedido_aberto.js`);
// What Asaas's answers mean and what to ask of it, decided once for the server and the demo double.
const proxyComum = require(`${__hooks}/lib/proxy_comum.js`);
const { achar, novo, violaUnicidade } = require(`${__hooks}/lib/registros.js`);

function erroCampo(campo, mensagem, code) {
  const data = {};
  data[campo] = new ValidationError(code || 'validation_invalid_value', mensagem);
  return new BadRequestError(mensagem, data);
}

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

/** The customer's Asaas id, which the request must name (`customer`): a charge is never made for another's. */
function clienteDoPedido(app, usuarioId, body) {
  const id = clienteAsaas(app, usuarioId);
  if (!id || body.customer !== id) throw new ForbiddenError(regras.MSG.clienteDeOutro, {});
  return id;
}

/** The answer to give for a refusal proxy_comum decided (from Asaas's answer or not): { http, mensagem } and its field. */
function erroDoAsaas(erro) {
  const dados = {};
  if (erro.campo) dados[erro.campo] = new ValidationError(erro.code, erro.detalhe);
  return new ApiError(erro.http, erro.mensagem, dados);
}

/** POST /payments/asaas/customer: the user's Asaas customer, made once from the account's own data. */
function criarCliente(e) {
  const usuario = cliente(e);
  const existente = clienteAsaas(e.app, usuario.id);
  if (existente) return e.json(200, { id: existente });

  // What Asaas is sent and what its answer means, decided once for the server and the demo double.
  const conta = {
    id: usuario.id,
    nome_completo: usuario.getString('nome_completo'),
    cpf: usuario.getString('cpf'),
    email: usuario.email(),
    celular: usuario.getString('celular'),
  };
  const resposta = asaas.chamar('POST', '/customers', proxyComum.corpoDoCliente(conta, regras.soDigitos));
  const resultado = proxyComum.resultadoDoCliente(resposta, regras.R);
  if (resultado.erro) throw erroDoAsaas(resultado.erro);
  try {
    e.app.save(novo(e.app, 'asaas_clientes', { usuario: usuario.id, asaas_id: resultado.id }));
  } catch (err) {
    if (!violaUnicidade(err)) throw err;
    return e.json(200, { id: clienteAsaas(e.app, usuario.id) }); // a parallel call made it first
  }
  return e.json(200, { id: resultado.id });
}

/** The customer's charge that blocks a new one, if any. */
function cobrancaAtiva(app, usuarioId) {
  return achar(app, 'cobrancas', 'usuario = {:u} && ativa = true', { u: usuarioId });
}

function respostaCobranca(cobranca) {
  return proxyComum.respostaDaCobranca(comoCobranca(cobranca));
}

/** Refuses when the customer already has an open order (lib/pedido_aberto.js: a fully refunded one is closed). */
function exigirSemPedido(app, usuarioId) {
  if (achar(app, 'pagamentos', 'usuario = {:u} && ' + pedidoAberto.FILTRO, { u: usuarioId })) {
    throw erroDoAsaas(proxyComum.recusaDoPedidoExistente(regras.R));
  }
}

/**
 * An earlier charge of this attempt id: the same answer again (a retried request never charges twice), or
 * proxy_comum.recusaDaRepetida's refusal. Returns the response, or null when the attempt is new.
 */
function repetirTentativa(e, usuario, tentativa) {
  const anterior = achar(e.app, 'cobrancas', 'tentativa = {:t}', { t: tentativa });
  if (!anterior) return null;
  // A retry of the customer's own attempt whose outcome is unknown: Asaas is asked first.
  const cobranca =
    anterior.getString('usuario') === usuario.id ? pedidos.conciliar(e.app, anterior) : anterior;
  const recusa = proxyComum.recusaDaRepetida(
    {
      usuario: cobranca.getString('usuario'),
      status: cobranca.getString('status'),
      motivo: cobranca.getString('motivo'),
    },
    usuario.id,
    regras.R,
  );
  if (recusa) throw erroDoAsaas(recusa);
  return e.json(200, respostaCobranca(cobranca));
}

/**
 * Records a new live charge (`campos`: proxy_comum.novaCobranca) before Asaas is called. The unique index on live
 * charges makes a second one (another tab, another device) fail here, before it can reach Asaas.
 */
function abrirCobranca(app, usuarioId, campos) {
  const cobranca = novo(app, 'cobrancas', campos);
  try {
    app.save(cobranca);
    return cobranca;
  } catch (err) {
    if (!violaUnicidade(err)) throw err;
    const ativa = cobrancaAtiva(app, usuarioId);
    throw erroDoAsaas(
      proxyComum.recusaDaAtiva(
        { status: ativa ? ativa.getString('status') : '' },
        Boolean(ativa) && pedidos.foiPaga(ativa),
        regras.R,
      ),
    );
  }
}

/** A charge record as the kit's shared modules read it. */
function comoCobranca(registro) {
  return {
    metodo: registro.getString('metodo'),
    asaas_id: registro.getString('asaas_id'),
    status: registro.getString('status'),
    tentativa: registro.getString('tentativa'),
    tipo_servico: registro.getString('tipo_servico'),
    flex: registro.getBool('flex'),
    valor: registro.getFloat('valor'),
    parcelas: registro.getInt('parcelas'),
  };
}

/**
 * The customer's Pix charges Asaas still lets them pay (proxy_comum.cancelarPix: pending, or overdue) are cancelled
 * at Asaas (DELETE) before they pay by other means, so a late Pix cannot charge them twice; each becomes what
 * Asaas's answer means (proxy_comum.statusDoCancelamento).
 */
function liberarPixPendente(app, usuarioId) {
  const params = { u: usuarioId };
  const pagaveis = proxyComum.PIX_PAGAVEL.map((status, i) => {
    params['s' + i] = status;
    return 'status = {:s' + i + '}';
  });
  const pix = app.findRecordsByFilter(
    'cobrancas',
    "usuario = {:u} && metodo = 'pix' && asaas_id != '' && (" + pagaveis.join(' || ') + ')',
    'created',
    20,
    0,
    params,
  );
  pix.forEach((cobranca) => {
    if (!proxyComum.cancelarPix(comoCobranca(cobranca))) return;
    const resposta = asaas.chamar(
      'DELETE',
      '/payments/' + encodeURIComponent(cobranca.getString('asaas_id')),
    );
    const status = proxyComum.statusDoCancelamento(resposta.status);
    if (status) pedidos.aplicarStatus(app, cobranca, status);
  });
}

/** The request's attempt id (proxy_comum.tentativaDe), or a new one. */
function tentativaDe(body) {
  const lida = proxyComum.tentativaDe(body, () => $security.randomString(24), regras.R);
  if (lida.erro) throw erroCampo(lida.erro.campo, lida.erro.mensagem);
  return lida.tentativa;
}

const M = regras.CAMPOS;

/** The card fields Asaas needs, checked (cobranca_comum.dadosDoCartao, which the demo double runs too). */
function cartaoDe(body) {
  const dados = require(`${__hooks}/lib/cobranca_comum.js`).dadosDoCartao(body, M, regras.cpfValido);
  if (dados.erro) throw erroCampo(dados.erro.campo, dados.erro.mensagem);
  return dados;
}

/** POST /payments/asaas/installment: a card charge at the server's price. */
function cobrarCartao(e) {
  const usuario = cliente(e);
  const body = corpo(e);
  const tentativa = tentativaDe(body);
  const repetida = repetirTentativa(e, usuario, tentativa);
  if (repetida) return repetida;

  const pedido = regras.validarPedido(body, 'cartao_credito');
  if (pedido.erro) throw erroCampo(pedido.erro.campo, pedido.erro.mensagem);
  const clienteId = clienteDoPedido(e.app, usuario.id, body);
  const dadosCartao = cartaoDe(body);
  pedidos.conciliarAtiva(e.app, usuario.id);
  exigirSemPedido(e.app, usuario.id);

  const tentativaCartao = limite.contarTentativa(e.app, usuario.id, e.realIP());
  liberarPixPendente(e.app, usuario.id);
  const metodo = 'cartao_credito';
  const cobranca = abrirCobranca(
    e.app,
    usuario.id,
    proxyComum.novaCobranca(usuario.id, tentativa, metodo, pedido),
  );
  const pedidoAsaas = proxyComum.corpoDaCobranca(
    Object.assign({ metodo: metodo, cliente: clienteId, tentativa: tentativa }, pedido),
    regras.hojeSaoPaulo(),
    dadosCartao,
    e.realIP(),
  );
  return responderCobranca(e, cobranca, asaas.chamar('POST', '/payments', pedidoAsaas), tentativaCartao);
}

/**
 * Turns Asaas's answer to a new charge into the charge's status and the browser's answer, as
 * proxy_comum.resultadoDaCriacao reads it. Only a decline counts against the card attempt limit (`tentativaCartao`,
 * the counted attempt's id; '' for Pix).
 */
function responderCobranca(e, enviada, resposta, tentativaCartao) {
  const resultado = proxyComum.resultadoDaCriacao(resposta, regras.R);
  const criada = resultado.criada;
  const status = resultado.status;
  const motivo = resultado.motivo;
  if (resultado.descontar) limite.descontarTentativa(e.app, tentativaCartao);
  const erro = resultado.erro ? erroDoAsaas(resultado.erro) : null;
  // Applied to the charge as it is now, in one transaction: an installment's webhook may have reached it while
  // the POST was in flight.
  const depois = [];
  let cobranca = enviada;
  e.app.runInTransaction((tx) => {
    cobranca = tx.findRecordById('cobrancas', enviada.id);
    if (criada) tx.save(pedidos.aprenderIds(cobranca, criada));
    pedidos.aplicarStatus(tx, cobranca, status, motivo, depois);
  });
  // The receipt (and a duplicate's refund) once the customer has the answer.
  if (!erro) return pedidos.responderEExecutar(e, 200, respostaCobranca(cobranca), depois);
  pedidos.executar(e.app, depois);
  throw erro;
}

/** POST /payments/asaas/pix: a Pix charge at the server's price (a pending one is reused). */
function cobrarPix(e) {
  const usuario = cliente(e);
  const body = corpo(e);
  const pedido = regras.validarPedido(body, 'pix');
  if (pedido.erro) throw erroCampo(pedido.erro.campo, pedido.erro.mensagem);
  const clienteId = clienteDoPedido(e.app, usuario.id, body);
  const ativa = pedidos.conciliarAtiva(e.app, usuario.id);
  exigirSemPedido(e.app, usuario.id);

  if (ativa && proxyComum.reusarPix(comoCobranca(ativa), body.tipo_servico, body.flex)) {
    return e.json(200, respostaCobranca(ativa));
  }
  liberarPixPendente(e.app, usuario.id);
  const tentativa = tentativaDe(body);
  const repetida = repetirTentativa(e, usuario, tentativa);
  if (repetida) return repetida;
  const cobranca = abrirCobranca(
    e.app,
    usuario.id,
    proxyComum.novaCobranca(usuario.id, tentativa, 'pix', pedido),
  );
  const pedidoAsaas = proxyComum.corpoDaCobranca(
    Object.assign({ metodo: 'pix', cliente: clienteId, tentativa: tentativa }, pedido),
    regras.hojeSaoPaulo(),
  );
  return responderCobranca(e, cobranca, asaas.chamar('POST', '/payments', pedidoAsaas), '');
}

/** GET /payments/asaas/pix/{id}: the QR code of the customer's own Pix charge. */
function qrCodePix(e) {
  const usuario = cliente(e);
  const id = e.request.pathValue('id');
  const cobranca = achar(e.app, 'cobrancas', "asaas_id = {:id} && usuario = {:u} && metodo = 'pix'", {
    id: id,
    u: usuario.id,
  });
  if (!cobranca) throw new NotFoundError(regras.MSG.naoEncontrado, {});
  const resposta = asaas.chamar('GET', '/payments/' + encodeURIComponent(id) + '/pixQrCode');
  if (resposta.status !== 200 || !resposta.json) throw new ApiError(503, regras.MSG.indisponivel, {});
  return e.json(200, proxyComum.respostaDoQrCode(resposta.json, cobranca.getString('status')));
}

module.exports = { criarCliente, cobrarCartao, cobrarPix, qrCodePix };
