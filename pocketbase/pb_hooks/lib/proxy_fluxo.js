// The Asaas proxy's order of steps, written once: the customer's Asaas customer, a card charge (1x to 6x), a Pix
// charge and its QR code. The order is what keeps anyone from being charged twice: a retried attempt is answered
// as it was (settled with Asaas first), an open order refuses a new charge, a card attempt is counted before Asaas
// is called (only a decline keeps counting), a Pix still payable is cancelled before another payment, and the live
// charge is recorded before the call (a second one, from another tab, is refused there). proxy_comum.js decides each
// step. Records are read and written by the caller's "ports" (plain functions): lib/proxy.js gives PocketBase's
// records and transactions, which the demo double runs too (src/mocks/jsvm). CommonJS requiring only other rules
// modules (scripts/build/kit-module.ts serves it to the app).
//
// The ports (proxy_fluxo.d.ts Portas); a charge is plain values: { id, usuario, tentativa, metodo, asaas_id, status,
// motivo, tipo_servico, flex, valor, parcelas }:
//   clienteAsaas(usuarioId): the user's Asaas customer id, or ''.
//   guardarCliente(usuarioId, asaasId): records it; returns the id kept (another request's, when it came first).
//   daTentativa(tentativa): the charge of that attempt id (anyone's), or null.
//   conciliar(cobranca): the charge settled with Asaas when its outcome is unknown (pedidos.js conciliar).
//   conciliarAtiva(usuarioId): the customer's live charge, settled likewise, or null.
//   temPedido(usuarioId): whether the customer has an open order (pedido_aberto.js).
//   contarTentativa(usuarioId): a card attempt counted (its id), or null over the limit (lib/limite.js throws its
//     own 429 instead); descontar(id): that attempt taken back.
//   pixPendentes(usuarioId): the customer's Pix charges Asaas may still let them pay (cancelarPix says which).
//   aplicarStatus(cobranca, status): the charge moved to an Asaas status (pedidos.js aplicarStatus).
//   abrir(campos): records a new live charge (proxy_comum.novaCobranca), or null when another live one blocks it;
//     ativa(usuarioId): that live one, or null.
//   registrar(cobranca, resultado): in one transaction, the charge read afresh (a webhook may have reached it during
//     the call), the ids of the payment Asaas made learnt and its status (and reason) applied; returns it after.
//   pixDoCliente(usuarioId, asaasId): the customer's own Pix charge with that Asaas id, or null.
//   asaas(metodo, caminho, corpo): Asaas's answer { status, json, semChave } (status 0 when none came); `caminho`
//     under /v3.
//   hoje(): São Paulo's day (the due date); ip(): the buyer's IP; novaTentativa(): a new attempt id.
//
// Each flow returns { erro } (proxy_comum's Recusa: { http, mensagem } and, for the browser's field, { campo, code,
// detalhe }) or { resposta } (the 200's body).

const proxyComum = require(`${__hooks}/lib/proxy_comum.js`);
const maquina = require(`${__hooks}/lib/cobranca_comum.js`);
const comum = require(`${__hooks}/lib/comum.js`);
const CAMPOS = require(`${__hooks}/lib/mensagens.json`);
const R = require(`${__hooks}/lib/regras.json`);

const M = R.pagamento;

/** A field of the request refused ({ campo, mensagem }): PocketBase's 400 on that field. */
function campoInvalido(erro) {
  return {
    http: 400,
    mensagem: erro.mensagem,
    campo: erro.campo,
    code: 'validation_invalid_value',
    detalhe: erro.mensagem,
  };
}

/** POST /payments/asaas/customer: the user's Asaas customer (`conta`: the account's own data), made once. */
function criarCliente(portas, conta) {
  const existente = portas.clienteAsaas(conta.id);
  if (existente) return { resposta: { id: existente } };
  const resposta = portas.asaas('POST', '/customers', proxyComum.corpoDoCliente(conta, comum.digitos));
  const resultado = proxyComum.resultadoDoCliente(resposta, R);
  if (resultado.erro) return { erro: resultado.erro };
  return { resposta: { id: portas.guardarCliente(conta.id, resultado.id) } };
}

/**
 * An earlier charge of this attempt id: the same answer again (a retried request never charges twice), or
 * proxy_comum.recusaDaRepetida's refusal. The customer's own attempt of unknown outcome is settled with Asaas first.
 * Returns null when the attempt is new.
 */
function repetirTentativa(portas, usuarioId, tentativa) {
  const anterior = portas.daTentativa(tentativa);
  if (!anterior) return null;
  const cobranca = anterior.usuario === usuarioId ? portas.conciliar(anterior) : anterior;
  const recusa = proxyComum.recusaDaRepetida(cobranca, usuarioId, R);
  return recusa ? { erro: recusa } : { resposta: proxyComum.respostaDaCobranca(cobranca) };
}

/**
 * The order priced by the server (comum.validarPedido) and the customer's Asaas id, which the request must name
 * (`customer`): a charge is never made for another's. Returns { pedido, cliente } or { erro }.
 */
function precificar(portas, usuarioId, body, metodo) {
  const pedido = comum.validarPedido(body, metodo, R);
  if (pedido.erro) return { erro: campoInvalido(pedido.erro) };
  const cliente = portas.clienteAsaas(usuarioId);
  if (!cliente || body.customer !== cliente) return { erro: { http: 403, mensagem: M.clienteDeOutro } };
  return { pedido: pedido, cliente: cliente };
}

/** The refusal of a new charge when the customer has an open order (a fully refunded one is closed), or null. */
function semPedido(portas, usuarioId) {
  return portas.temPedido(usuarioId) ? { erro: proxyComum.recusaDoPedidoExistente(R) } : null;
}

/**
 * The customer's Pix charges Asaas still lets them pay are cancelled at Asaas (DELETE) before they pay by other
 * means, so a late Pix cannot charge them twice; each becomes what Asaas's answer means (statusDoCancelamento).
 */
function liberarPixPendente(portas, usuarioId) {
  portas.pixPendentes(usuarioId).forEach((cobranca) => {
    if (!proxyComum.cancelarPix(cobranca)) return;
    const resposta = portas.asaas('DELETE', '/payments/' + encodeURIComponent(cobranca.asaas_id));
    const status = proxyComum.statusDoCancelamento(resposta.status);
    if (status) portas.aplicarStatus(cobranca, status);
  });
}

/**
 * The charge recorded live before Asaas is called (refused while another is live: the open order's refusal, or
 * the charge in progress), sent to Asaas and answered as proxy_comum.resultadoDaCriacao reads Asaas's answer. Only
 * a decline keeps the card attempt (`contada`, the counted attempt's id; '' for Pix) counted.
 */
function cobrar(portas, usuarioId, tentativa, metodo, precificado, cartao, contada) {
  const pedido = precificado.pedido;
  const aberta = portas.abrir(proxyComum.novaCobranca(usuarioId, tentativa, metodo, pedido));
  if (!aberta) {
    const ativa = portas.ativa(usuarioId);
    const paga = Boolean(ativa) && maquina.foiPaga(ativa.status, R);
    return { erro: proxyComum.recusaDaAtiva({ status: ativa ? ativa.status : '' }, paga, R) };
  }
  const corpo = proxyComum.corpoDaCobranca(
    Object.assign({ metodo: metodo, cliente: precificado.cliente, tentativa: tentativa }, pedido),
    portas.hoje(),
    cartao || undefined,
    cartao ? portas.ip() : undefined,
  );
  const resultado = proxyComum.resultadoDaCriacao(portas.asaas('POST', '/payments', corpo), R);
  if (resultado.descontar && contada) portas.descontar(contada);
  const cobranca = portas.registrar(aberta, resultado);
  if (resultado.erro) return { erro: resultado.erro };
  return { resposta: proxyComum.respostaDaCobranca(cobranca) };
}

/** POST /payments/asaas/installment: a card charge at the server's price, for the signed-in verified customer. */
function cobrarCartao(portas, usuarioId, body) {
  const lida = proxyComum.tentativaDe(body, portas.novaTentativa, R);
  if (lida.erro) return { erro: campoInvalido(lida.erro) };
  const repetida = repetirTentativa(portas, usuarioId, lida.tentativa);
  if (repetida) return repetida;
  const precificado = precificar(portas, usuarioId, body, 'cartao_credito');
  if (precificado.erro) return precificado;
  const cartao = maquina.dadosDoCartao(body, CAMPOS, comum.cpfValido);
  if (cartao.erro) return { erro: campoInvalido(cartao.erro) };
  portas.conciliarAtiva(usuarioId);
  const recusa = semPedido(portas, usuarioId);
  if (recusa) return recusa;
  const contada = portas.contarTentativa(usuarioId);
  if (!contada) return { erro: { http: 429, mensagem: M.limite } };
  liberarPixPendente(portas, usuarioId);
  return cobrar(portas, usuarioId, lida.tentativa, 'cartao_credito', precificado, cartao, contada);
}

/** POST /payments/asaas/pix: a Pix charge at the server's price; the pending Pix of the same order is reused. */
function cobrarPix(portas, usuarioId, body) {
  const precificado = precificar(portas, usuarioId, body, 'pix');
  if (precificado.erro) return precificado;
  const ativa = portas.conciliarAtiva(usuarioId);
  const recusa = semPedido(portas, usuarioId);
  if (recusa) return recusa;
  const pedido = precificado.pedido;
  if (ativa && proxyComum.reusarPix(ativa, pedido.tipo, pedido.flex)) {
    return { resposta: proxyComum.respostaDaCobranca(ativa) };
  }
  liberarPixPendente(portas, usuarioId);
  const lida = proxyComum.tentativaDe(body, portas.novaTentativa, R);
  if (lida.erro) return { erro: campoInvalido(lida.erro) };
  const repetida = repetirTentativa(portas, usuarioId, lida.tentativa);
  if (repetida) return repetida;
  return cobrar(portas, usuarioId, lida.tentativa, 'pix', precificado, null, '');
}

/** GET /payments/asaas/pix/{id}: the QR code of the customer's own Pix charge, with the charge's status. */
function qrCodePix(portas, usuarioId, asaasId) {
  const cobranca = portas.pixDoCliente(usuarioId, asaasId);
  if (!cobranca) return { erro: { http: 404, mensagem: M.naoEncontrado } };
  const resposta = portas.asaas('GET', '/payments/' + encodeURIComponent(asaasId) + '/pixQrCode');
  if (resposta.status !== 200 || !resposta.json || typeof resposta.json !== 'object') {
    return { erro: { http: 503, mensagem: M.indisponivel } };
  }
  return { resposta: proxyComum.respostaDoQrCode(resposta.json, cobranca.status) };
}

module.exports = { criarCliente, cobrarCartao, cobrarPix, qrCodePix };
