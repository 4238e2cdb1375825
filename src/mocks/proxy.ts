/** The Asaas proxy (pocketbase/pb_hooks/lib/proxy.js): /payments/asaas/* in front of the demo's Asaas. */
import { http, HttpResponse } from 'msw';
import type { FakeAsaasAnswer } from './fake-asaas.mjs';
import type { ChargeRecord } from '@/lib/types';
import maquina from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import CAMPOS from '../../pocketbase/pb_hooks/lib/mensagens.json';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import proxyComum, { type Recusa } from '../../pocketbase/pb_hooks/lib/proxy_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import type { StoredUser } from './schema';
import { newId, pbDate } from './util';
import { asaasCall, entregarEventos, respostaDoAsaas, todaySaoPaulo } from './asaas';
import { currentUser, isObject, type Json, latency, MSG, param, pbError, readJson, toText } from './http';
import { aplicarStatus, conciliar, conciliarAtiva, foiPaga } from './pedidos';

const PAGAMENTO = regras.pagamento;

/**
 * The server's proxy, as pocketbase/pb_hooks implements it: signed-in verified customers only; the server
 * prices the order, reuses one Asaas customer per user, refuses a second live charge and a repeated attempt,
 * rate-limits card attempts, and writes the payment and NOVO booking of a paid charge itself. Behind it, the
 * demo's Asaas (asaas.ts: src/mocks/fake-asaas.mjs, as the real-server tests' stand-in).
 */

/** Card attempts per customer that may reach Asaas (pb_hooks/lib/regras.js LIMITE_CLIENTE). */
const CARD_LIMIT = regras.limiteCartao.cliente;

/** The customer has an open order (pb_hooks/lib/pedido_aberto.js: a fully refunded one is closed). */
const temPedido = (userId: string): boolean =>
  pedidoAberto.temPedidoAberto(getDb().pagamentos.filter((p) => p.usuario === userId));

function fieldError(field: string, message: string, code = 'validation_invalid_value'): Response {
  return pbError(400, message, { [field]: { code, message } });
}

/** The signed-in verified customer, or the server's refusal. */
function payer(request: Request): StoredUser | Response {
  const user = currentUser(request);
  if (!user) return pbError(401, MSG.unauthorized);
  if (!user.verified) return pbError(403, PAGAMENTO.naoVerificado);
  return user;
}

type PricedOrder = Exclude<ReturnType<typeof comum.validarPedido>, { erro: unknown }>;

/** The server's price check, the server's own code (pb_hooks/lib/comum.js validarPedido). */
function validarPedido(body: Json, method: 'cartao_credito' | 'pix'): PricedOrder | Response {
  const order = comum.validarPedido(body, method, regras);
  return 'erro' in order ? fieldError(order.erro.campo, order.erro.mensagem) : order;
}

const clienteAsaas = (userId: string): string =>
  getDb().asaasClientes.find((c) => c.usuario === userId)?.asaas_id ?? '';
const cobrancaAtiva = (userId: string): ChargeRecord | undefined =>
  getDb().cobrancas.find((c) => c.usuario === userId && c.ativa);

const respostaCobranca = (charge: ChargeRecord): Json =>
  proxyComum.respostaDaCobranca(charge, comum.parcelamento(charge.valor, charge.parcelas).valor);

/** The request's attempt id, or a new one (pb_hooks/lib/proxy_comum.js tentativaDe). */
function tentativaDe(body: Json): string | Response {
  const read = proxyComum.tentativaDe(body, () => `tentativa-${newId(20)}`, regras);
  return read.erro ? fieldError(read.erro.campo, read.erro.mensagem) : read.tentativa;
}

/**
 * The same answer again for an attempt already sent, or the kit's refusal (proxy_comum.recusaDaRepetida); null when
 * the attempt is new.
 */
function repetirTentativa(user: StoredUser, attempt: string): Response | null {
  const earlier = getDb().cobrancas.find((c) => c.tentativa === attempt);
  if (!earlier) return null;
  if (earlier.usuario === user.id) conciliar(earlier);
  const refusal = proxyComum.recusaDaRepetida(earlier, user.id, regras);
  return refusal ? erroDoAsaas(refusal) : HttpResponse.json(respostaCobranca(earlier));
}

/** The refusal of a new charge when the customer has an open order (proxy_comum.recusaDoPedidoExistente). */
const pedidoExistente = (): Response => erroDoAsaas(proxyComum.recusaDoPedidoExistente(regras));

function abrirCobranca(
  user: StoredUser,
  attempt: string,
  order: PricedOrder,
  method: ChargeRecord['metodo'],
): ChargeRecord | Response {
  const live = cobrancaAtiva(user.id);
  if (live) return erroDoAsaas(proxyComum.recusaDaAtiva(live, foiPaga(live), regras));
  const now = pbDate(new Date());
  const charge: ChargeRecord = {
    id: newId(),
    collectionId: 'pbc_cobrancas',
    collectionName: 'cobrancas',
    usuario: user.id,
    tentativa: attempt,
    asaas_id: '',
    metodo: method,
    tipo_servico: order.tipo,
    flex: order.flex,
    valor: order.total,
    parcelas: order.parcelas,
    status: 'ENVIANDO',
    ativa: true,
    motivo: '',
    created: now,
    updated: now,
  };
  getDb().cobrancas.push(charge);
  return charge;
}

/**
 * The customer's Pix charges Asaas still lets them pay are cancelled at Asaas (DELETE) before they pay by other
 * means; each becomes what Asaas's answer means (pb_hooks/lib/proxy_comum.js cancelarPix, statusDoCancelamento).
 */
function liberarPixPendente(userId: string): void {
  for (const charge of getDb().cobrancas.filter((c) => c.usuario === userId && proxyComum.cancelarPix(c))) {
    const answer = asaasCall('DELETE', `/v3/payments/${encodeURIComponent(charge.asaas_id)}`);
    const status = proxyComum.statusDoCancelamento(respostaDoAsaas(answer).status);
    if (status) aplicarStatus(charge, status);
  }
}

/**
 * Asaas's answer to a new charge as the charge's status and the browser's answer, as the kit reads it
 * (pb_hooks/lib/proxy_comum.js resultadoDaCriacao): only a decline counts against the attempt limit.
 */
function responderCobranca(sent: ChargeRecord, answer: FakeAsaasAnswer): Response {
  const charge = getDb().cobrancas.find((c) => c.id === sent.id) ?? sent;
  const result = proxyComum.resultadoDaCriacao(respostaDoAsaas(answer), regras);
  if (result.descontar) descontarTentativa(charge.usuario);
  if (result.criada) {
    charge.asaas_id ||= toText(result.criada.id);
    if (result.criada.installment) charge.parcelamento = toText(result.criada.installment);
  }
  aplicarStatus(charge, result.status, result.motivo);
  return result.erro ? erroDoAsaas(result.erro) : HttpResponse.json(respostaCobranca(charge));
}

/** What Asaas is sent for the charge just opened (proxy_comum.js corpoDaCobranca); the demo's buyer is local. */
const corpoDaCobranca = (
  charge: ChargeRecord,
  cliente: string,
  cartao?: { cartao: object; titular: object },
) =>
  proxyComum.corpoDaCobranca(
    {
      metodo: charge.metodo,
      cliente,
      tentativa: charge.tentativa,
      tipo: charge.tipo_servico,
      flex: charge.flex,
      total: charge.valor,
      parcelas: charge.parcelas,
    },
    todaySaoPaulo(),
    cartao,
    '127.0.0.1',
  );

/** The answer to give for a refusal the kit decided (from Asaas's answer or not): { http, mensagem } and its field. */
function erroDoAsaas({ http, mensagem, campo, code, detalhe }: Recusa): Response {
  return pbError(http, mensagem, campo ? { [campo]: { code, message: detalhe } } : {});
}

/** An attempt that was no decline does not count against the customer's card attempts. */
function descontarTentativa(userId: string): void {
  const attempts = getDb().tentativasCartao;
  const last = attempts.findLastIndex((t) => t.usuario === userId);
  if (last >= 0) attempts.splice(last, 1);
}

export const asaasRoutes = [
  http.post('*/payments/asaas/customer', async ({ request }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const db = getDb();
    const existing = clienteAsaas(user.id);
    if (existing) return HttpResponse.json({ id: existing });
    // Made from the account's own data, whatever the browser sends; what Asaas is sent and what its answer
    // means are the kit's (pb_hooks/lib/proxy_comum.js corpoDoCliente, resultadoDoCliente).
    const made = asaasCall('POST', '/v3/customers', { ...proxyComum.corpoDoCliente(user, comum.digitos) });
    const result = proxyComum.resultadoDoCliente(respostaDoAsaas(made), regras);
    if (result.erro) return erroDoAsaas(result.erro);
    db.asaasClientes.push({ usuario: user.id, asaas_id: result.id });
    saveDb();
    return HttpResponse.json({ id: result.id });
  }),

  http.post('*/payments/asaas/installment', async ({ request }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const body = await readJson(request);
    if (!body) return pbError(400, MSG.invalidJson);
    const attempt = tentativaDe(body);
    if (attempt instanceof Response) return attempt;
    const repeated = repetirTentativa(user, attempt);
    if (repeated) return repeated;
    const order = validarPedido(body, 'cartao_credito');
    if (order instanceof Response) return order;
    const customer = clienteAsaas(user.id);
    if (!customer || body.customer !== customer) return pbError(403, PAGAMENTO.clienteDeOutro);
    const card = maquina.dadosDoCartao(body, CAMPOS, comum.cpfValido);
    if ('erro' in card) return fieldError(card.erro.campo, card.erro.mensagem);
    const db = getDb();
    conciliarAtiva(user.id);
    if (temPedido(user.id)) return pedidoExistente();
    const since = Date.now() - CARD_LIMIT.janelaMin * 60_000;
    if (
      db.tentativasCartao.filter((t) => t.usuario === user.id && t.at >= since).length >=
      CARD_LIMIT.tentativas
    )
      return pbError(429, PAGAMENTO.limite);
    db.tentativasCartao.push({ usuario: user.id, at: Date.now() });
    liberarPixPendente(user.id);
    const charge = abrirCobranca(user, attempt, order, 'cartao_credito');
    if (charge instanceof Response) {
      saveDb();
      return charge;
    }
    const pedidoAsaas = corpoDaCobranca(charge, customer, card);
    const answer = responderCobranca(charge, asaasCall('POST', '/v3/payments', pedidoAsaas));
    entregarEventos();
    return answer;
  }),

  http.post('*/payments/asaas/pix', async ({ request }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const body = await readJson(request);
    if (!body) return pbError(400, MSG.invalidJson);
    const order = validarPedido(body, 'pix');
    if (order instanceof Response) return order;
    const customer = clienteAsaas(user.id);
    if (!customer || body.customer !== customer) return pbError(403, PAGAMENTO.clienteDeOutro);
    const live = conciliarAtiva(user.id);
    if (temPedido(user.id)) return pedidoExistente();
    if (live && proxyComum.reusarPix(live, order.tipo, order.flex))
      return HttpResponse.json(respostaCobranca(live));
    liberarPixPendente(user.id);
    const attempt = tentativaDe(body);
    if (attempt instanceof Response) return attempt;
    const repeated = repetirTentativa(user, attempt);
    if (repeated) return repeated;
    const charge = abrirCobranca(user, attempt, order, 'pix');
    if (charge instanceof Response) return charge;
    const pedidoAsaas = corpoDaCobranca(charge, customer);
    const answer = responderCobranca(charge, asaasCall('POST', '/v3/payments', pedidoAsaas));
    entregarEventos();
    return answer;
  }),

  http.get('*/payments/asaas/pix/:id', async ({ request, params }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const id = param(params, 'id');
    const charge = getDb().cobrancas.find(
      (c) => c.asaas_id === id && c.usuario === user.id && c.metodo === 'pix',
    );
    if (!charge) return pbError(404, PAGAMENTO.naoEncontrado);
    const qr = asaasCall('GET', `/v3/payments/${encodeURIComponent(id)}/pixQrCode`);
    if (qr.status !== 200 || !isObject(qr.body)) return pbError(503, PAGAMENTO.indisponivel);
    return HttpResponse.json(proxyComum.respostaDoQrCode(qr.body, charge.status));
  }),
];
