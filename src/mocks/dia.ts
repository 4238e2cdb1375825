/**
 * The demo double of booking day (migration 1763903000_dia_agendamento, pb_hooks/dia.pb.js), read-only: the
 * seven consulates from the same file the migration loads (pb_hooks/lib/consulados.json), and no handling,
 * relay, attempt or appointment yet (empty lists, as a fresh server answers them). Writes fall through to the
 * fallback's 404. Registered before the generic record routes, which know none of these collections.
 */
import { http, HttpResponse } from 'msw';
import dados from '../../pocketbase/pb_hooks/lib/consulados.json';
import { currentUser, latency, notFound, param } from './http';

const CREATED = '2026-11-26 00:00:00.000Z';
const consulados = dados.consulados.map((c) => ({
  ...c,
  id: `consul${c.codigo}`.slice(0, 15).padEnd(15, '0'),
  collectionId: 'pbc_consulados',
  collectionName: 'consulados',
  fuso: dados.fuso,
  verificado_em: dados.verificadoEm,
  created: CREATED,
  updated: CREATED,
}));

const page = (items: unknown[]) =>
  HttpResponse.json({ page: 1, perPage: 500, totalItems: items.length, totalPages: 1, items });

const EMPTY = [
  'historico_consulados',
  'atendimentos',
  'retransmissoes',
  'tentativas_agendamento',
  'compromissos',
];

export const diaRoutes = [
  http.get('*/api/collections/consulados/records', async ({ request }) => {
    await latency();
    // listRule: anyone signed in.
    return page(currentUser(request) ? consulados : []);
  }),
  http.get('*/api/collections/consulados/records/:id', async ({ request, params }) => {
    await latency();
    const found = consulados.find((c) => c.id === param(params, 'id'));
    return found && currentUser(request) ? HttpResponse.json(found) : notFound();
  }),
  ...EMPTY.map((name) =>
    http.get(`*/api/collections/${name}/records`, async () => {
      await latency();
      return page([]);
    }),
  ),
];
