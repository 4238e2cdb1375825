/**
 * Asaas's payment events (pocketbase/pb_hooks/lib/webhook.js): only with the token, each event once; the charge
 * takes the status the demo's Asaas reports for the payment, whatever the event says. The demo's Asaas delivers
 * its events here itself (asaas.ts), as the stand-in posts them to the server.
 */
import { http, HttpResponse } from 'msw';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb } from './db';
import { isObject, latency, pbError, readJson, toText } from './http';
import { aplicarStatus, isPaid } from './pedidos';

/** The demo's ASAAS_WEBHOOK_TOKEN (the real-server tests configure the same one). */
export const DEMO_WEBHOOK_TOKEN = 'token-webhook-de-teste';

const { eventos, recusas } = regras.asaas;
const RECUSAS: Record<string, string> = recusas;
const received = new Set<string>();

/** Handles one event for the Asaas payment `paymentId`; the result the server records for it. */
export function processarEvento(event: string, paymentId: string): string {
  if (!eventos.includes(event)) return 'ignorado: evento sem efeito';
  const asaas = getDb().asaasCharges.find((p) => p.id === paymentId);
  if (!asaas) return 'ignorado: pagamento que o Asaas não conhece';
  const charge = getDb().cobrancas.find(
    (c) => c.asaas_id === asaas.id || (!c.asaas_id && c.tentativa === asaas.externalReference),
  );
  if (!charge) return 'ignorado: cobrança que o servidor não fez';
  if (!charge.asaas_id) charge.asaas_id = asaas.id;
  const refusal = RECUSAS[event];
  aplicarStatus(charge, refusal && !isPaid(asaas.status) ? refusal : asaas.status);
  return `cobrança ${charge.id}: ${charge.status}`;
}

export const webhookRoutes = [
  http.post('*/payments/asaas/webhook', async ({ request }) => {
    await latency();
    if (request.headers.get('asaas-access-token') !== DEMO_WEBHOOK_TOKEN)
      return pbError(401, regras.pagamento.tokenInvalido);
    const body = (await readJson(request)) ?? {};
    const id = toText(body.id);
    const event = toText(body.event);
    if (!id || !event) return pbError(400, 'Evento sem id ou tipo.');
    if (received.has(id)) return HttpResponse.json({ recebido: true, repetido: true });
    received.add(id);
    const payment = isObject(body.payment) ? body.payment : {};
    return HttpResponse.json({ recebido: true, resultado: processarEvento(event, toText(payment.id)) });
  }),
];
