/**
 * GET /api/agendamentos/busca (pb_hooks/lib/lista_equipe.js listarPorTexto): the staff list searched for text
 * anywhere in the customer's key. The server reads it from a full-text index; the double has no index to read,
 * so it answers with its own list of the same bookings: the kit's `filtroEquivalente`, which the server test
 * (tests/server/busca-texto.test.ts) holds equal to the route on a real PocketBase.
 */
import { http } from 'msw';
import busca from '../../pocketbase/pb_hooks/lib/busca_texto.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import { currentUser, latency, MSG, pbError } from './http';
import { listRecords } from './registros';

export const buscaRoutes = [
  http.get('*/api/agendamentos/busca', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    if (!user.admin) return pbError(403, busca.MSG.soEquipe);
    const query = new URL(request.url).searchParams;
    const read = busca.pedidoDe((name) => query.get(name) ?? '', comum.termoBusca);
    if (!read.pedido) return pbError(400, busca.MSG[read.erro]);
    const p = read.pedido;
    const list = new URL('/api/collections/agendamentos/records', request.url);
    list.searchParams.set('filter', busca.filtroEquivalente(p));
    list.searchParams.set('sort', p.ordem);
    list.searchParams.set('page', String(p.pagina));
    list.searchParams.set('perPage', String(p.porPagina));
    list.searchParams.set('expand', 'usuario');
    return listRecords('agendamentos', new Request(list, { headers: request.headers }));
  }),
];
