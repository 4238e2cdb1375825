/**
 * The staff list's own routes (pb_hooks/lib/lista_equipe.js). The server reads them from its indexes; the double
 * has none, so it answers from its own list of the same bookings (registros.ts listRecords). The text search is the
 * kit's `filtroEquivalente`, which tests/server/busca-texto.test.ts holds equal to the route on a real PocketBase.
 */
import { http, HttpResponse } from 'msw';
import busca from '../../pocketbase/pb_hooks/lib/busca_texto.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import { pbError, staffOnly } from './http';
import { listRecords } from './registros';

/** The bookings' list as the double's record list answers `query` to the request's viewer. */
function lista(request: Request, query: Record<string, string>): Response {
  const url = new URL(`/api/collections/agendamentos/records?${new URLSearchParams(query)}`, request.url);
  return listRecords('agendamentos', new Request(url, { headers: request.headers }));
}

export const buscaRoutes = [
  // GET /api/agendamentos/busca (listarPorTexto): the staff list searched for text anywhere in the customer's key.
  http.get('*/api/agendamentos/busca', async ({ request }) => {
    const { denied } = await staffOnly(request, busca.MSG.soEquipe);
    if (denied) return denied;
    const query = new URL(request.url).searchParams;
    const read = busca.pedidoDe((name) => query.get(name) ?? '', comum.termoBusca);
    if (!read.pedido) return pbError(400, busca.MSG[read.erro]);
    const p = read.pedido;
    const answer = lista(request, {
      filter: busca.filtroEquivalente(p),
      // The list's order with its ties, as the kit's query orders it (lib/paginas.js chavesDe).
      sort: paginas.ordemDe(paginas.chavesDe(p.ordem), false),
      page: String(p.pagina),
      perPage: String(p.porPagina),
      expand: 'usuario',
    });
    if (p.total === null || !answer.ok) return answer;
    // The total the list already knows is answered back, not counted again.
    const page = (await answer.json()) as { perPage: number };
    return HttpResponse.json({ ...page, totalItems: p.total, totalPages: Math.ceil(p.total / page.perPage) });
  }),
  // GET /api/agendamentos/marco (marcoDaPagina): where a page of the staff list starts, from the row before it.
  http.get('*/api/agendamentos/marco', async ({ request }) => {
    const { denied } = await staffOnly(request, busca.MSG.soEquipe);
    if (denied) return denied;
    const query = new URL(request.url).searchParams;
    const read = paginas.pedidoDoMarco((name) => query.get(name) ?? '', busca.COLUNAS);
    if (!read.pedido) return pbError(400, read.erro);
    const p = read.pedido;
    const found = (await lista(request, {
      filter: query.get('filter') ?? '',
      sort: paginas.ordemDe(p.chaves, false),
      perPage: '1',
      page: String(Math.max(1, p.inicio)),
    }).json()) as { totalItems: number; items: Record<string, unknown>[] };
    const row = paginas.saltoDoMarco(p.inicio, found.totalItems) ? found.items[0] : undefined;
    return HttpResponse.json({
      totalItems: found.totalItems,
      anterior: row ? paginas.anteriorDe(p.chaves, row) : null,
    });
  }),
];
