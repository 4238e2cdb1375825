/**
 * Asaas's payment events (pocketbase/pb_hooks/lib/webhook.js): only with the token, each event once; the charge
 * takes the status the demo's Asaas reports for the payment when asked (GET), whatever the event says. The demo's
 * Asaas delivers its events here itself (asaas.ts entregar), as the stand-in posts them to the server.
 */
import { http, HttpResponse } from 'msw';
import type { ChargeRecord } from '@/lib/types';
import type { AsaasPayment } from '../../fake-asaas/fake-asaas.mjs';
import maquina from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import webhookComum from '../../pocketbase/pb_hooks/lib/webhook_comum.js';
import { getDb, saveDb } from './db';
import { fieldOf, isObject, type Json, latency, pbError, readJson, toText } from './http';
import { asaasCall, respostaDoAsaas } from './asaas';
import { anotarEstornos, aplicarStatus, aprenderIds, statusDoAsaas } from './pedidos';

/** The demo's ASAAS_WEBHOOK_TOKEN (the real-server tests configure the same one). */
export const DEMO_WEBHOOK_TOKEN = 'token-webhook-de-teste';

/**
 * The charge a payment belongs to (webhook_comum.buscasDoPagamento says where to look), with the ids the payment
 * teaches it (pedidos.ts aprenderIds).
 */
function cobrancaDoPagamento(payment: Json): ChargeRecord | undefined {
  for (const busca of webhookComum.buscasDoPagamento(payment)) {
    const holds = (c: ChargeRecord) => Object.entries(busca).every(([k, v]) => (fieldOf(c, k) ?? '') === v);
    const charge = getDb().cobrancas.find(holds);
    if (charge) return aprenderIds(charge, payment);
  }
  return undefined;
}

/**
 * Handles one event for the Asaas payment `paymentId` as pb_hooks/lib/webhook.js aplicarPagamento does; the result
 * the server records for it, or null when Asaas did not say what the payment is (the event is not recorded; Asaas
 * delivers it again). Which events count, the status the charge takes and the result are webhook_comum.js's.
 */
function processarEvento(event: string, paymentId: string): string | null {
  const path = `/v3/payments/${encodeURIComponent(paymentId)}`;
  const leitura =
    webhookComum.contaEvento(event, regras) && paymentId
      ? webhookComum.leituraDoAsaas<AsaasPayment>(respostaDoAsaas(asaasCall('GET', path)))
      : { achado: null };
  if (leitura.indisponivel) return null;
  const verificado = leitura.achado;
  const charge = verificado ? cobrancaDoPagamento(verificado) : undefined;
  const ignored = webhookComum.ignorado(event, Boolean(verificado), Boolean(charge), regras);
  if (ignored || !verificado || !charge) return ignored ?? '';
  aplicarStatus(charge, maquina.statusDoEvento(event, statusDoAsaas(charge, verificado), regras));
  anotarEstornos(charge, verificado);
  return webhookComum.resultado(charge);
}

/**
 * One event as Asaas posts it (the token already checked); null: Asaas did not answer. Each event id is handled
 * once: like the kit (webhook.js processar), the double records it with its result (asaas_eventos), in its store.
 */
export function entregar(body: Json): Json | null {
  const id = toText(body.id);
  const eventos = getDb().asaasEventos;
  if (eventos.some((e) => e.evento_id === id)) return { recebido: true, repetido: true };
  const event = toText(body.event);
  const payment = isObject(body.payment) ? body.payment : {};
  const resultado = processarEvento(event, toText(payment.id));
  if (resultado === null) return null;
  eventos.push({
    evento_id: id,
    evento: event,
    asaas_id: toText(payment.id),
    resultado: resultado.slice(0, 200),
  });
  saveDb();
  return { recebido: true, resultado };
}

export const webhookRoutes = [
  http.post('*/payments/asaas/webhook', async ({ request }) => {
    await latency();
    if (request.headers.get('asaas-access-token') !== DEMO_WEBHOOK_TOKEN)
      return pbError(401, regras.pagamento.tokenInvalido);
    const body = (await readJson(request)) ?? {};
    if (!toText(body.id) || !toText(body.event)) return pbError(400, webhookComum.SEM_ID);
    const answer = entregar(body);
    return answer ? HttpResponse.json(answer) : pbError(503, webhookComum.INDISPONIVEL);
  }),
];
