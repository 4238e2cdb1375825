/**
 * The Asaas proxy (pocketbase/pb_hooks/lib/proxy.js): /payments/asaas/* in front of the demo's Asaas (asaas.ts).
 * Signed-in verified customers only. The steps and their order are the kit's proxy_fluxo.js; the double gives it
 * its rows and its Asaas (the ports).
 */
import { http, HttpResponse } from 'msw';
import type { ChargeRecord } from '@/lib/types';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import type { Recusa } from '../../pocketbase/pb_hooks/lib/proxy_comum.js';
import proxyFluxo, { type Portas, type Resposta } from '../../pocketbase/pb_hooks/lib/proxy_fluxo.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import type { DemoDb, StoredUser } from './schema';
import { newId, pbDate } from './util';
import { asaasCall, entregarEventos, respostaDoAsaas, todaySaoPaulo } from './asaas';
import { currentUser, type Json, latency, MSG, param, pbError, readJson } from './http';
import { aplicarStatus, aprenderIds, conciliar, conciliarAtiva } from './pedidos';

const PAGAMENTO = regras.pagamento;
const CARD_LIMIT = regras.limiteCartao.cliente;

/** The answer to give for a refusal the kit decided (from Asaas's answer or not): { http, mensagem } and its field. */
const erroDoAsaas = ({ http, mensagem, campo, code, detalhe }: Recusa): Response =>
  pbError(http, mensagem, campo ? { [campo]: { code, message: detalhe } } : {});

/** A flow's answer (proxy_fluxo.js): the rows saved, then its refusal or its 200; Asaas's events come after it. */
function responder(resultado: Resposta): Response {
  saveDb();
  const answer = resultado.erro ? erroDoAsaas(resultado.erro) : HttpResponse.json(resultado.resposta);
  entregarEventos();
  return answer;
}

/** After the double's latency, the signed-in verified customer, or the server's refusal. */
async function payer(request: Request): Promise<StoredUser | Response> {
  await latency();
  const user = currentUser(request);
  if (!user) return pbError(401, MSG.unauthorized);
  if (!user.verified) return pbError(403, PAGAMENTO.naoVerificado);
  return user;
}

/** A charge request's signed-in verified customer and its body, or the server's refusal. */
async function pedidoDe(request: Request): Promise<{ user: StoredUser; body: Json } | Response> {
  const user = await payer(request);
  if (user instanceof Response) return user;
  const body = await readJson(request);
  return body ? { user, body } : pbError(400, MSG.invalidJson);
}

const clienteAsaas = (userId: string): string =>
  getDb().asaasClientes.find((c) => c.usuario === userId)?.asaas_id ?? '';

type CardAttempt = DemoDb['tentativasCartao'][number];

const live = (userId: string): ChargeRecord | null =>
  getDb().cobrancas.find((c) => c.usuario === userId && c.ativa) ?? null;

/**
 * proxy_fluxo.js's ports on the double's rows (proxy.js portas): written in place (the demo runs one request at a
 * time, so a live charge is refused by a look rather than a unique index), the demo's Asaas asked; the demo's buyer
 * is local (127.0.0.1), and its card attempts are limited per customer only (one IP).
 */
const portas: Portas<ChargeRecord, CardAttempt> = {
  clienteAsaas,
  guardarCliente: (usuario, asaasId) => {
    getDb().asaasClientes.push({ usuario, asaas_id: asaasId });
    return asaasId;
  },
  daTentativa: (tentativa) => getDb().cobrancas.find((c) => c.tentativa === tentativa) ?? null,
  conciliar: (charge) => {
    conciliar(charge);
    return charge;
  },
  conciliarAtiva: (userId) => conciliarAtiva(userId) ?? null,
  temPedido: (userId) => pedidoAberto.temPedidoAberto(getDb().pagamentos.filter((p) => p.usuario === userId)),
  // lib/limite.js: a card attempt this customer may still make (regras.json limiteCartao.cliente), counted.
  contarTentativa: (userId) => {
    const attempts = getDb().tentativasCartao;
    const since = Date.now() - CARD_LIMIT.janelaMin * 60_000;
    if (attempts.filter((t) => t.usuario === userId && t.at >= since).length >= CARD_LIMIT.tentativas)
      return null;
    const counted = { usuario: userId, at: Date.now() };
    attempts.push(counted);
    return counted;
  },
  descontar: (counted) => {
    const attempts = getDb().tentativasCartao;
    const at = attempts.indexOf(counted);
    if (at >= 0) attempts.splice(at, 1);
  },
  pixPendentes: (userId) => getDb().cobrancas.filter((c) => c.usuario === userId && c.metodo === 'pix'),
  aplicarStatus: (charge, status) => aplicarStatus(charge, status),
  abrir: (campos) => {
    if (live(campos.usuario)) return null;
    const now = pbDate(new Date());
    const sent: ChargeRecord = {
      ...campos,
      tipo_servico: campos.tipo_servico as ChargeRecord['tipo_servico'],
      id: newId(),
      collectionId: 'pbc_cobrancas',
      collectionName: 'cobrancas',
      asaas_id: '',
      motivo: '',
      created: now,
      updated: now,
    };
    getDb().cobrancas.push(sent);
    return sent;
  },
  ativa: live,
  registrar: (sent, resultado) => {
    const charge = getDb().cobrancas.find((c) => c.id === sent.id) ?? sent;
    const { criada, status, motivo } = resultado;
    aplicarStatus(criada ? aprenderIds(charge, criada) : charge, status, motivo);
    return charge;
  },
  pixDoCliente: (userId, asaasId) =>
    getDb().cobrancas.find((c) => c.asaas_id === asaasId && c.usuario === userId && c.metodo === 'pix') ??
    null,
  asaas: (metodo, caminho, corpo = {}) => {
    const [pathname = '', query = ''] = `/v3${caminho}`.split('?');
    return respostaDoAsaas(asaasCall(metodo, pathname, corpo, new URLSearchParams(query)));
  },
  hoje: todaySaoPaulo,
  ip: () => '127.0.0.1',
  novaTentativa: () => `tentativa-${newId(20)}`,
};

export const asaasRoutes = [
  http.post('*/payments/asaas/customer', async ({ request }) => {
    const user = await payer(request);
    return user instanceof Response ? user : responder(proxyFluxo.criarCliente(portas, user));
  }),

  http.post('*/payments/asaas/installment', async ({ request }) => {
    const read = await pedidoDe(request);
    if (read instanceof Response) return read;
    return responder(proxyFluxo.cobrarCartao(portas, read.user.id, read.body));
  }),

  http.post('*/payments/asaas/pix', async ({ request }) => {
    const read = await pedidoDe(request);
    if (read instanceof Response) return read;
    return responder(proxyFluxo.cobrarPix(portas, read.user.id, read.body));
  }),

  http.get('*/payments/asaas/pix/:id', async ({ request, params }) => {
    const user = await payer(request);
    if (user instanceof Response) return user;
    return responder(proxyFluxo.qrCodePix(portas, user.id, param(params, 'id')));
  }),
];
