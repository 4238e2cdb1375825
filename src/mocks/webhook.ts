/**
 * Asaas's payment events (pocketbase/pb_hooks/lib/webhook.js): the steps and their order are the kit's
 * pedido_fluxo.js receber (only with the token, each event once, the charge taking the status the demo's Asaas
 * reports for the payment when asked); this gives it the demo's rows and Asaas (its ports). The demo's Asaas delivers
 * its events here itself (asaas.ts entregar), as the stand-in posts them to the server.
 */
import { http, HttpResponse } from 'msw';
import pedidoFluxo, { type Recebido } from '../../pocketbase/pb_hooks/lib/pedido_fluxo.js';
import { getDb } from './db';
import { fieldOf, type Json, latency, pbError, readJson } from './http';
import { asaasCall, respostaDoAsaas } from './asaas';
import { executar, portas } from './pedidos';

/** The demo's ASAAS_WEBHOOK_TOKEN (the real-server tests configure the same one). */
export const DEMO_WEBHOOK_TOKEN = 'token-webhook-de-teste';

/**
 * One event as Asaas posts it, with its token (`token`: the header; the demo's Asaas posts its own): the flow's
 * answer. Like the kit (webhook.js), the double records each event with its result (asaas_eventos), in its store;
 * what follows a move runs once it is saved.
 */
function receber(body: Json, token: string | null): Recebido {
  const depois: (() => void)[] = [];
  const eventos = getDb().asaasEventos;
  const feito = pedidoFluxo.receber(
    {
      autorizado: () => token === DEMO_WEBHOOK_TOKEN,
      recebido: (id) => eventos.some((e) => e.evento_id === id),
      asaas: (metodo, caminho) => respostaDoAsaas(asaasCall(metodo, `/v3${caminho}`)),
      registrar: (registro, efeito) => {
        const resultado = efeito({
          ...portas(depois),
          acharCobranca: (busca) =>
            getDb().cobrancas.find((c) =>
              Object.entries(busca).every(([k, v]) => (fieldOf(c, k) ?? '') === v),
            ) ?? null,
        });
        eventos.push({ ...registro, resultado: resultado.slice(0, 200) });
        return resultado;
      },
    },
    body,
  );
  if (!feito.erro) executar(depois);
  return feito;
}

/** One event as the demo's Asaas posts it (the token is its own); null: Asaas did not answer. */
export function entregar(body: Json): Json | null {
  const feito = receber(body, DEMO_WEBHOOK_TOKEN);
  return feito.erro ? null : feito.resposta;
}

export const webhookRoutes = [
  http.post('*/payments/asaas/webhook', async ({ request }) => {
    await latency();
    const feito = receber((await readJson(request)) ?? {}, request.headers.get('asaas-access-token'));
    return feito.erro ? pbError(feito.erro.http, feito.erro.message) : HttpResponse.json(feito.resposta);
  }),
];
