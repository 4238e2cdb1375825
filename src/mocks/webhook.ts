/**
 * Asaas's payment events (pocketbase/pb_hooks/lib/webhook.js): only with the token, each event once; the charge
 * takes the status the demo's Asaas reports for the payment, whatever the event says. The demo's Asaas delivers
 * its events here itself (asaas.ts entregar), as the stand-in posts them to the server.
 */
import { http, HttpResponse } from 'msw';
import type { ChargeRecord } from '@/lib/types';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import webhookComum from '../../pocketbase/pb_hooks/lib/webhook_comum.js';
import { getDb } from './db';
import { isObject, type Json, latency, pbError, readJson, toText } from './http';
import { anotarEstornos, aplicarStatus, statusDoAsaas } from './pedidos';

/** The demo's ASAAS_WEBHOOK_TOKEN (the real-server tests configure the same one). */
export const DEMO_WEBHOOK_TOKEN = 'token-webhook-de-teste';

const received = new Set<string>();

/**
 * The charge a payment belongs to: by its Asaas id, by Asaas's `installment` id, or by the attempt id while the
 * proxy has no id yet (pb_hooks/lib/webhook.js cobrancaDoPagamento). Links the ids it learns.
 */
function cobrancaDoPagamento(payment: Json): ChargeRecord | undefined {
  const id = toText(payment.id);
  const installment = toText(payment.installment);
  const charges = getDb().cobrancas;
  let charge = id ? charges.find((c) => c.asaas_id === id) : undefined;
  if (!charge && installment) charge = charges.find((c) => c.parcelamento === installment);
  if (!charge && payment.externalReference) {
    charge = charges.find((c) => c.tentativa === toText(payment.externalReference) && !c.asaas_id);
    if (charge) charge.asaas_id = id;
  }
  if (charge && installment && !charge.parcelamento) charge.parcelamento = installment;
  return charge;
}

/**
 * Handles one event for the Asaas payment `paymentId`; the result the server records for it. Which events count, the
 * status the charge takes and the result are the kit's (pb_hooks/lib/webhook_comum.js).
 */
export function processarEvento(event: string, paymentId: string): string {
  const counts = webhookComum.contaEvento(event, regras);
  const asaas = counts && paymentId ? getDb().asaasCharges.find((p) => p.id === paymentId) : undefined;
  const charge = asaas && cobrancaDoPagamento(asaas);
  const ignored = webhookComum.ignorado(event, Boolean(asaas), Boolean(charge), regras);
  if (ignored || !asaas || !charge) return ignored ?? '';
  aplicarStatus(charge, webhookComum.statusDoEvento(event, statusDoAsaas(charge, asaas), regras));
  anotarEstornos(charge, asaas);
  return webhookComum.resultado(charge);
}

/** One event as Asaas posts it (the token already checked): each event id handled once. */
export function entregar(body: Json): Json {
  const id = toText(body.id);
  if (received.has(id)) return { recebido: true, repetido: true };
  received.add(id);
  const payment = isObject(body.payment) ? body.payment : {};
  return { recebido: true, resultado: processarEvento(toText(body.event), toText(payment.id)) };
}

export const webhookRoutes = [
  http.post('*/payments/asaas/webhook', async ({ request }) => {
    await latency();
    if (request.headers.get('asaas-access-token') !== DEMO_WEBHOOK_TOKEN)
      return pbError(401, regras.pagamento.tokenInvalido);
    const body = (await readJson(request)) ?? {};
    if (!toText(body.id) || !toText(body.event)) return pbError(400, 'Evento sem id ou tipo.');
    return HttpResponse.json(entregar(body));
  }),
];
