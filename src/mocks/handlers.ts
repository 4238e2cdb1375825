/**
 * The demo backend's routes (MSW), standing in for PocketBase with the kit (pocketbase/) and the Asaas proxy;
 * the contract suite (tests/server/contract*.test.ts) runs the same calls on both. One list per domain file; a
 * new domain adds one line here.
 */
import { http } from 'msw';
import { authRoutes } from './auth';
import { accountRoutes } from './conta';
import { diaRoutes } from './dia';
import { diaRelayRoutes } from './dia-relay';
import { buscaRoutes } from './busca';
import { exportRoutes } from './exportar';
import { notFound } from './http';
import { processoRoutes } from './processo';
import { recordRoutes } from './registros';
import {
  asaasRoutes,
  diaKitRoutes,
  esperaRoutes,
  estornoRoutes,
  garantiaRoutes,
  notaRoutes,
  remarcarRoutes,
} from './jsvm/kit';

const fallbackRoutes = [
  // Only real API paths: in `npm run dev` the worker also sees source modules such as /src/lib/api/payments.ts.
  http.all('*/api/*', ({ request }) =>
    new URL(request.url).pathname.startsWith('/api/') ? notFound() : undefined,
  ),
  http.all('*/payments/asaas/*', () => notFound()),
];

export const handlers = [
  ...authRoutes,
  // Before the case file's: the appointments' confirmation files.
  ...diaRelayRoutes,
  ...processoRoutes,
  ...diaRoutes,
  ...diaKitRoutes,
  ...esperaRoutes,
  ...remarcarRoutes,
  ...exportRoutes,
  ...buscaRoutes,
  ...recordRoutes,
  ...accountRoutes,
  ...asaasRoutes,
  ...estornoRoutes,
  ...notaRoutes,
  ...garantiaRoutes,
  ...fallbackRoutes,
];
