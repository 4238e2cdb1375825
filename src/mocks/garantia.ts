/**
 * The guarantee in the demo (pocketbase/pb_hooks/lib/garantia.js, DEMO_GUARANTEE in demo-seed/dia.ts): each attempt
 * staff record is marked by the kit's garantia_comum.js (dia-relay.ts); the refund itself is the server's cron (the
 * demo has no clock of its own and never refunds by itself).
 */
import { http, HttpResponse } from 'msw';
import { DEMO_GUARANTEE } from '../../demo-seed/dia';

export { DEMO_GUARANTEE };

export const guaranteeRoutes = [http.get('*/api/garantia', () => HttpResponse.json(DEMO_GUARANTEE))];
