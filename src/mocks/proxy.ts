/**
 * The Asaas proxy (pocketbase/pb_hooks/lib/proxy.js): /payments/asaas/* in front of the demo's Asaas (asaas.ts).
 * Signed-in verified customers only; the server prices the order, reuses one Asaas customer per user, refuses a
 * second live charge and a repeated attempt, rate-limits card attempts, and writes the order of a paid charge.
 */
import { http, HttpResponse } from 'msw';
import type { ChargeRecord } from '@/lib/types';
import maquina from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import CAMPOS from '../../pocketbase/pb_hooks/lib/mensagens.json';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import proxyComum, { type Recusa } from '../../pocketbase/pb_hooks/lib/proxy_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import type { DemoDb, StoredUser } from './schema';
import { newId, pbDate } from './util';
import { asaasCall, entregarEventos, respostaDoAsaas, todaySaoPaulo } from './asaas';
import { currentUser, isObject, type Json, latency, MSG, param, pbError, readJson } from './http';
import { aplicarStatus, aprenderIds, conciliar, conciliarAtiva, foiPaga } from './pedidos';

const PAGAMENTO = regras.pagamento;
const CARD_LIMIT = regras.limiteCartao.cliente;

/** The answer to give for a refusal the kit decided (from Asaas's answer or not): { http, mensagem } and its field. */
const erroDoAsaas = ({ http, mensagem, campo, code, detalhe }: Recusa): Response =>
  pbError(http, mensagem, campo ? { [campo]: { code, message: detalhe } } : {});

/** A field of the request the kit refused ({ campo, mensagem }): PocketBase's 400 on that field. */
const campoInvalido = ({ campo, mensagem }: { campo: string; mensagem: string }): Response =>
  erroDoAsaas({ http: 400, mensagem, campo, code: 'validation_invalid_value', detalhe: mensagem });

/** After the double's latency, the signed-in verified customer, or the server's refusal. */
async function payer(request: Request): Promise<StoredUser | Response> {
  await latency();
  const user = currentUser(request);
  if (!user) return pbError(401, MSG.unauthorized);
  if (!user.verified) return pbError(403, PAGAMENTO.naoVerificado);
  return user;
}

const clienteAsaas = (userId: string): string =>
  getDb().asaasClientes.find((c) => c.usuario === userId)?.asaas_id ?? '';

/** A charge request's signed-in verified customer and its body, or the server's refusal. */
async function pedidoDe(request: Request): Promise<{ user: StoredUser; body: Json } | Response> {
  const user = await payer(request);
  if (user instanceof Response) return user;
  const body = await readJson(request);
  return body ? { user, body } : pbError(400, MSG.invalidJson);
}

type Pedido = { user: StoredUser; order: PricedOrder; customer: string };
type PricedOrder = Exclude<ReturnType<typeof comum.validarPedido>, { erro: unknown }>;

/** The order priced by the server (comum.js validarPedido) and the customer's Asaas id, which the body must name. */
function precificar(user: StoredUser, body: Json, method: ChargeRecord['metodo']): Pedido | Response {
  const order = comum.validarPedido(body, method, regras);
  if ('erro' in order) return campoInvalido(order.erro);
  const customer = clienteAsaas(user.id);
  if (!customer || body.customer !== customer) return pbError(403, PAGAMENTO.clienteDeOutro);
  return { user, order, customer };
}

/**
 * The request's attempt id, or a new one (proxy_comum.tentativaDe). An attempt already sent is answered as it was
 * (settled with Asaas first when it is the customer's own), or refused as the kit says (recusaDaRepetida).
 */
function novaTentativa(user: StoredUser, body: Json): string | Response {
  const read = proxyComum.tentativaDe(body, () => `tentativa-${newId(20)}`, regras);
  if (read.erro) return campoInvalido(read.erro);
  const earlier = getDb().cobrancas.find((c) => c.tentativa === read.tentativa);
  if (!earlier) return read.tentativa;
  if (earlier.usuario === user.id) conciliar(earlier);
  const refusal = proxyComum.recusaDaRepetida(earlier, user.id, regras);
  return refusal ? erroDoAsaas(refusal) : HttpResponse.json(proxyComum.respostaDaCobranca(earlier));
}

/** The refusal of a new charge when the customer has an open order (pedido_aberto.js: a fully refunded one is closed). */
const pedidoExistente = (userId: string): Response | null =>
  pedidoAberto.temPedidoAberto(getDb().pagamentos.filter((p) => p.usuario === userId))
    ? erroDoAsaas(proxyComum.recusaDoPedidoExistente(regras))
    : null;

/**
 * The customer's Pix charges Asaas still lets them pay are cancelled at Asaas (DELETE) before they pay by other
 * means; each becomes what Asaas's answer means (proxy_comum.js cancelarPix, statusDoCancelamento).
 */
function liberarPixPendente(userId: string): void {
  for (const charge of getDb().cobrancas.filter((c) => c.usuario === userId && proxyComum.cancelarPix(c))) {
    const answer = asaasCall('DELETE', `/v3/payments/${encodeURIComponent(charge.asaas_id)}`);
    const status = proxyComum.statusDoCancelamento(respostaDoAsaas(answer).status);
    if (status) aplicarStatus(charge, status);
  }
}

type CardAttempt = DemoDb['tentativasCartao'][number];

/** A card attempt this customer may still make (regras.json limiteCartao.cliente), counted, or the 429. */
function contarTentativa(userId: string): Response | CardAttempt {
  const attempts = getDb().tentativasCartao;
  const since = Date.now() - CARD_LIMIT.janelaMin * 60_000;
  if (attempts.filter((t) => t.usuario === userId && t.at >= since).length >= CARD_LIMIT.tentativas)
    return pbError(429, PAGAMENTO.limite);
  const counted = { usuario: userId, at: Date.now() };
  attempts.push(counted);
  return counted;
}

/**
 * lib/limite.js descontarTentativa: the attempt this charge counted, taken back when it was no decline. A Pix
 * counted none, so it takes back nothing.
 */
function descontarTentativa(counted: CardAttempt | undefined): void {
  const attempts = getDb().tentativasCartao;
  const at = counted ? attempts.indexOf(counted) : -1;
  if (at >= 0) attempts.splice(at, 1);
}

/**
 * Opens the charge (refused while another is live), sends it to the demo's Asaas and answers as the kit reads
 * Asaas's answer (proxy_comum.js resultadoDaCriacao): only a decline counts against the attempt limit. The demo's
 * buyer is local (127.0.0.1).
 */
function cobrar(
  { user, order, customer }: Pedido,
  attempt: string,
  method: ChargeRecord['metodo'],
  card?: { cartao: object; titular: object },
  counted?: CardAttempt,
): Response {
  const live = getDb().cobrancas.find((c) => c.usuario === user.id && c.ativa);
  if (live) {
    saveDb();
    return erroDoAsaas(proxyComum.recusaDaAtiva(live, foiPaga(live), regras));
  }
  const now = pbDate(new Date());
  const sent: ChargeRecord = {
    ...proxyComum.novaCobranca(user.id, attempt, method, order),
    id: newId(),
    collectionId: 'pbc_cobrancas',
    collectionName: 'cobrancas',
    asaas_id: '',
    motivo: '',
    created: now,
    updated: now,
  };
  getDb().cobrancas.push(sent);
  const body = proxyComum.corpoDaCobranca(
    { ...order, metodo: method, cliente: customer, tentativa: attempt },
    todaySaoPaulo(),
    card,
    '127.0.0.1',
  );
  const result = proxyComum.resultadoDaCriacao(
    respostaDoAsaas(asaasCall('POST', '/v3/payments', body)),
    regras,
  );
  const charge = getDb().cobrancas.find((c) => c.id === sent.id) ?? sent;
  if (result.descontar) descontarTentativa(counted);
  aplicarStatus(result.criada ? aprenderIds(charge, result.criada) : charge, result.status, result.motivo);
  // The answer is the charge as it is now; the events Asaas sends after its answer come after the server's.
  const answer = result.erro
    ? erroDoAsaas(result.erro)
    : HttpResponse.json(proxyComum.respostaDaCobranca(charge));
  entregarEventos();
  return answer;
}

export const asaasRoutes = [
  http.post('*/payments/asaas/customer', async ({ request }) => {
    const user = await payer(request);
    if (user instanceof Response) return user;
    const existing = clienteAsaas(user.id);
    if (existing) return HttpResponse.json({ id: existing });
    // Made from the account's own data, whatever the browser sends (proxy_comum.js corpoDoCliente).
    const made = asaasCall('POST', '/v3/customers', { ...proxyComum.corpoDoCliente(user, comum.digitos) });
    const result = proxyComum.resultadoDoCliente(respostaDoAsaas(made), regras);
    if (result.erro) return erroDoAsaas(result.erro);
    getDb().asaasClientes.push({ usuario: user.id, asaas_id: result.id });
    saveDb();
    return HttpResponse.json({ id: result.id });
  }),

  http.post('*/payments/asaas/installment', async ({ request }) => {
    const read = await pedidoDe(request);
    if (read instanceof Response) return read;
    const { user, body } = read;
    const attempt = novaTentativa(user, body);
    if (attempt instanceof Response) return attempt;
    const pedido = precificar(user, body, 'cartao_credito');
    if (pedido instanceof Response) return pedido;
    const card = maquina.dadosDoCartao(body, CAMPOS, comum.cpfValido);
    if ('erro' in card) return campoInvalido(card.erro);
    conciliarAtiva(user.id);
    const refusal = pedidoExistente(user.id);
    if (refusal) return refusal;
    const counted = contarTentativa(user.id);
    if (counted instanceof Response) return counted;
    liberarPixPendente(user.id);
    return cobrar(pedido, attempt, 'cartao_credito', card, counted);
  }),

  http.post('*/payments/asaas/pix', async ({ request }) => {
    const read = await pedidoDe(request);
    if (read instanceof Response) return read;
    const { user, body } = read;
    const pedido = precificar(user, body, 'pix');
    if (pedido instanceof Response) return pedido;
    const live = conciliarAtiva(user.id);
    const refusal = pedidoExistente(user.id);
    if (refusal) return refusal;
    // The pending Pix of the same order is answered again instead of a new one.
    if (live && proxyComum.reusarPix(live, pedido.order.tipo, pedido.order.flex))
      return HttpResponse.json(proxyComum.respostaDaCobranca(live));
    liberarPixPendente(user.id);
    const attempt = novaTentativa(user, body);
    return attempt instanceof Response ? attempt : cobrar(pedido, attempt, 'pix');
  }),

  http.get('*/payments/asaas/pix/:id', async ({ request, params }) => {
    const user = await payer(request);
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
