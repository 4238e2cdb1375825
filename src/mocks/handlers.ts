/**
 * The demo backend's routes (MSW), standing in for PocketBase with the kit (pocketbase/) and the Asaas proxy;
 * the contract suite (tests/server/contract*.test.ts) runs the same calls on both. One list per domain file; a
 * new domain adds one line here.
 */
import { http } from 'msw';
import { configurarWebhook } from './asaas';
import { authRoutes } from './auth';
import { accountRoutes } from './conta';
import { diaRoutes, prenotamiRoutes } from './dia';
import { diaRelayRoutes } from './dia-relay';
import { waitRoutes } from './espera';
import { refundRoutes } from './estornos';
import { buscaRoutes } from './busca';
import { exportRoutes } from './exportar';
import { guaranteeRoutes } from './garantia';
import { notFound } from './http';
import { invoiceRoutes } from './notas';
import { processoRoutes } from './processo';
import { asaasRoutes } from './proxy';
import { recordRoutes } from './registros';
import { diaKitRoutes, remarcarRoutes } from './jsvm/kit';
import { entregar, webhookRoutes } from './webhook';

// The demo's Asaas posts its events to the double's webhook route, as Asaas posts them to the server's.
configurarWebhook(entregar);

const fallbackRoutes = [
  // Only real API paths: in `npm run dev` the worker also sees source modules such as /src/lib/api/payments.ts.
  http.all('*/api/*', ({ request }) =>
    new URL(request.url).pathname.startsWith('/api/') ? notFound() : undefined,
  ),
  http.all('*/payments/asaas/*', () => notFound()),
];

export const handlers = [
  ...authRoutes,
  // Before the case file's: the owner's Prenot@mi contacts and the appointments' confirmation files.
  ...prenotamiRoutes,
  ...diaRelayRoutes,
  ...processoRoutes,
  ...diaRoutes,
  ...diaKitRoutes,
  ...waitRoutes,
  ...remarcarRoutes,
  ...exportRoutes,
  ...buscaRoutes,
  ...recordRoutes,
  ...accountRoutes,
  ...asaasRoutes,
  ...webhookRoutes,
  ...refundRoutes,
  ...invoiceRoutes,
  ...guaranteeRoutes,
  ...fallbackRoutes,
];
