/** The Asaas proxy (pocketbase/pb_hooks/lib/proxy.js): /payments/asaas/* in front of the demo's Asaas. */
import { http, HttpResponse } from 'msw';
import { installmentPlan } from '@/lib/installments';
import type { ChargeRecord } from '@/lib/types';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import type { StoredUser } from './schema';
import { newId, pbDate } from './util';
import {
  asaasCardOutcome,
  DEMO_TEST_CARDS,
  PIX_QR_PNG,
  pixPayload,
  recordAsaasCharge,
  todaySaoPaulo,
} from './asaas';
import { currentUser, isObject, type Json, latency, MSG, param, pbError, readJson, toText } from './http';
import { aplicarStatus, conciliar, foiPaga } from './pedidos';

const PAGAMENTO = regras.pagamento;

/**
 * The server's proxy, as pocketbase/pb_hooks implements it: signed-in verified customers only; the server
 * prices the order, reuses one Asaas customer per user, refuses a second live charge and a repeated attempt,
 * rate-limits card attempts, and writes the payment and NOVO booking of a paid charge itself. Behind it, the
 * demo's Asaas: the same test cards as scripts/asaas-stand-in.mjs.
 */

/** Card attempts per customer that may reach Asaas (pb_hooks/lib/regras.js LIMITE_CLIENTE). */
const CARD_LIMIT = regras.limiteCartao.cliente;

const digits = (value: unknown): string => toText(value).replace(/\D/g, '');

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

function respostaCobranca(charge: ChargeRecord): Json {
  return {
    id: charge.asaas_id,
    status: charge.status,
    externalReference: charge.tentativa,
    billingType: charge.metodo === 'pix' ? 'PIX' : 'CREDIT_CARD',
    value: installmentPlan(charge.valor, charge.parcelas).value,
    totalValue: charge.valor,
    installmentCount: charge.parcelas,
    tipo_servico: charge.tipo_servico,
    flex: charge.flex,
  };
}

/** Writes the payment row and the NOVO booking of a paid charge, once (pb_hooks/lib/pedidos.js). */

function tentativaDe(body: Json): string | Response {
  const value = body.externalReference;
  if (value === undefined || value === null || value === '') return `tentativa-${newId(20)}`;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(value))
    return fieldError('externalReference', PAGAMENTO.tentativaInvalida);
  return value;
}

/** The same answer again for an attempt already sent; null when the attempt is new. */
function repetirTentativa(user: StoredUser, attempt: string): Response | null {
  const earlier = getDb().cobrancas.find((c) => c.tentativa === attempt);
  if (!earlier) return null;
  if (earlier.usuario !== user.id) return pbError(409, PAGAMENTO.tentativaRepetida);
  conciliar(earlier);
  if (earlier.status === 'ENVIANDO' || earlier.status === 'INDETERMINADA')
    return pbError(502, PAGAMENTO.indeterminado, {
      cobranca: { code: 'indeterminada', message: PAGAMENTO.indeterminado },
    });
  if (earlier.status === 'RECUSADA')
    return pbError(400, PAGAMENTO.recusado, {
      asaas: { code: 'recusada', message: earlier.motivo || PAGAMENTO.recusado },
    });
  if (earlier.status === 'NAO_CRIADA')
    return pbError(400, PAGAMENTO.naoCriada, { asaas: { code: 'nao_criada', message: PAGAMENTO.naoCriada } });
  return HttpResponse.json(respostaCobranca(earlier));
}

function abrirCobranca(
  user: StoredUser,
  attempt: string,
  order: PricedOrder,
  method: ChargeRecord['metodo'],
): ChargeRecord | Response {
  const live = cobrancaAtiva(user.id);
  if (live) {
    return foiPaga(live)
      ? pbError(409, PAGAMENTO.pedidoExiste)
      : pbError(409, PAGAMENTO.cobrancaEmCurso, {
          cobranca: { code: 'cobranca_em_curso', message: live.status },
        });
  }
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

function cartaoDe(body: Json): string | null {
  const card = isObject(body.creditCard) ? body.creditCard : {};
  const number = digits(card.number);
  const ok =
    toText(card.holderName).trim() !== '' &&
    number.length >= 13 &&
    number.length <= 19 &&
    digits(card.expiryMonth).length === 2 &&
    digits(card.expiryYear).length === 4 &&
    /^\d{3,4}$/.test(digits(card.ccv));
  return ok ? number : null;
}

export const asaasRoutes = [
  http.post('*/payments/asaas/customer', async ({ request }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const db = getDb();
    const existing = clienteAsaas(user.id);
    if (existing) return HttpResponse.json({ id: existing });
    // Made from the account's own data, whatever the browser sends.
    const customer = {
      id: `cus_${newId(12)}`,
      name: user.nome_completo,
      cpfCnpj: digits(user.cpf),
      email: user.email,
      dateCreated: todaySaoPaulo(),
    };
    db.asaasCustomers.push(customer);
    db.asaasClientes.push({ usuario: user.id, asaas_id: customer.id });
    saveDb();
    return HttpResponse.json({ id: customer.id });
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
    const number = cartaoDe(body);
    if (!number) return fieldError('creditCard', PAGAMENTO.cartaoInvalido);
    const db = getDb();
    db.cobrancas.filter((c) => c.usuario === user.id).forEach(conciliar);
    if (db.pagamentos.some((p) => p.usuario === user.id)) return pbError(409, PAGAMENTO.pedidoExiste);
    const since = Date.now() - CARD_LIMIT.janelaMin * 60_000;
    if (
      db.tentativasCartao.filter((t) => t.usuario === user.id && t.at >= since).length >=
      CARD_LIMIT.tentativas
    )
      return pbError(429, PAGAMENTO.limite);
    db.tentativasCartao.push({ usuario: user.id, at: Date.now() });
    const live = cobrancaAtiva(user.id);
    if (live?.metodo === 'pix' && live.status === 'PENDING') aplicarStatus(live, 'DELETED');
    const charge = abrirCobranca(user, attempt, order, 'cartao_credito');
    if (charge instanceof Response) {
      saveDb();
      return charge;
    }
    const outcome = asaasCardOutcome(number);
    if ('issue' in outcome) {
      aplicarStatus(charge, 'RECUSADA', outcome.issue.description);
      return pbError(400, PAGAMENTO.recusado, {
        asaas: { code: outcome.issue.code, message: outcome.issue.description },
      });
    }
    if ('unknown' in outcome) {
      // The charge may exist at Asaas: it stays live until the server knows. The demo's Asaas made the 5xx
      // card's charge and never made the silent card's.
      if (number === DEMO_TEST_CARDS.serverError)
        recordAsaasCharge(charge, customer, 'CONFIRMED', number.slice(-4));
      charge.asaas_id = '';
      aplicarStatus(charge, 'INDETERMINADA');
      return pbError(502, PAGAMENTO.indeterminado, {
        cobranca: { code: 'indeterminada', message: PAGAMENTO.indeterminado },
      });
    }
    recordAsaasCharge(charge, customer, outcome.status, number.slice(-4));
    aplicarStatus(charge, outcome.status);
    return HttpResponse.json(respostaCobranca(charge));
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
    getDb()
      .cobrancas.filter((c) => c.usuario === user.id)
      .forEach(conciliar);
    if (getDb().pagamentos.some((p) => p.usuario === user.id)) return pbError(409, PAGAMENTO.pedidoExiste);
    const live = cobrancaAtiva(user.id);
    if (live?.metodo === 'pix' && live.status === 'PENDING') {
      if (live.tipo_servico === order.tipo && live.flex === order.flex)
        return HttpResponse.json(respostaCobranca(live));
      aplicarStatus(live, 'DELETED');
    }
    const attempt = tentativaDe(body);
    if (attempt instanceof Response) return attempt;
    const repeated = repetirTentativa(user, attempt);
    if (repeated) return repeated;
    const charge = abrirCobranca(user, attempt, order, 'pix');
    if (charge instanceof Response) return charge;
    recordAsaasCharge(charge, customer, 'PENDING', null);
    aplicarStatus(charge, 'PENDING');
    return HttpResponse.json(respostaCobranca(charge));
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
    const asaas = getDb().asaasCharges.find((c) => c.id === id);
    return HttpResponse.json({
      encodedImage: PIX_QR_PNG,
      payload: asaas ? pixPayload(asaas) : '',
      expirationDate: `${asaas?.dueDate ?? todaySaoPaulo()} 23:59:59`,
      status: charge.status,
    });
  }),
];
