/**
 * GET /api/agendamentos/busca (pb_hooks/lib/lista_equipe.js listarPorTexto): the staff list searched for text
 * anywhere in the customer's key. The server reads it from a full-text index; the double has no index to read,
 * so it answers with its own list of the same bookings: the kit's `filtroEquivalente`, which the server test
 * (tests/server/busca-texto.test.ts) holds equal to the route on a real PocketBase.
 */
import { http, HttpResponse } from 'msw';
import busca from '../../pocketbase/pb_hooks/lib/busca_texto.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import { pbError, staffOnly } from './http';
import { listRecords } from './registros';

export const buscaRoutes = [
  http.get('*/api/agendamentos/busca', async ({ request }) => {
    const { denied } = await staffOnly(request, busca.MSG.soEquipe);
    if (denied) return denied;
    const query = new URL(request.url).searchParams;
    const read = busca.pedidoDe((name) => query.get(name) ?? '', comum.termoBusca);
    if (!read.pedido) return pbError(400, busca.MSG[read.erro]);
    const p = read.pedido;
    const list = new URL('/api/collections/agendamentos/records', request.url);
    list.searchParams.set('filter', busca.filtroEquivalente(p));
    // The list's order with its ties, as the kit's query orders it (lib/paginas.js chavesDe).
    list.searchParams.set('sort', paginas.ordemDe(paginas.chavesDe(p.ordem), false));
    list.searchParams.set('page', String(p.pagina));
    list.searchParams.set('perPage', String(p.porPagina));
    list.searchParams.set('expand', 'usuario');
    const answer = listRecords('agendamentos', new Request(list, { headers: request.headers }));
    if (p.total === null || !answer.ok) return answer;
    // The total the list already knows is answered back, not counted again (lib/lista_equipe.js listarPorTexto).
    const page = (await answer.json()) as { perPage: number };
    return HttpResponse.json({
      ...page,
      totalItems: p.total,
      totalPages: Math.ceil(p.total / page.perPage),
    });
  }),
  // GET /api/agendamentos/marco (pb_hooks/lib/lista_equipe.js marcoDaPagina): where a page of the staff list starts.
  // The server reads the row before it from the sort's index; the double reads it from its own list.
  http.get('*/api/agendamentos/marco', async ({ request }) => {
    const { denied } = await staffOnly(request, busca.MSG.soEquipe);
    if (denied) return denied;
    const query = new URL(request.url).searchParams;
    const read = paginas.pedidoDoMarco((name) => query.get(name) ?? '', busca.COLUNAS);
    if (!read.pedido) return pbError(400, read.erro);
    const p = read.pedido;
    const list = new URL('/api/collections/agendamentos/records', request.url);
    list.searchParams.set('filter', query.get('filter') ?? '');
    list.searchParams.set('sort', paginas.ordemDe(p.chaves, false));
    list.searchParams.set('perPage', '1');
    list.searchParams.set('page', String(Math.max(1, p.inicio)));
    const found = (await listRecords(
      'agendamentos',
      new Request(list, { headers: request.headers }),
    ).json()) as {
      totalItems: number;
      items: Record<string, unknown>[];
    };
    const row = paginas.saltoDoMarco(p.inicio, found.totalItems) ? found.items[0] : undefined;
    const anterior = row ? Object.fromEntries(p.chaves.map((c) => [c.campo, row[c.campo] ?? ''])) : null;
    return HttpResponse.json({ totalItems: found.totalItems, anterior });
  }),
];
