/**
 * GET /api/agendamentos/exportar.csv (pb_hooks/lib/exportar_csv.js): the staff list's file, built from the list's
 * own rows (the same filter and sort, read page by page as the server does) with the kit's module for every line.
 */
import { http, HttpResponse } from 'msw';
import kitCsv from '../../pocketbase/pb_hooks/lib/csv_agendamentos.js';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import type { BookingRecord, ListResult } from '@/lib/types';
import { FIELDS } from './collections';
import { pbError, staffOnly } from './http';
import { listRecords } from './registros';

const PAGE = kitCsv.POR_PAGINA;

/** The file of these bookings at `fuso` minutes from UTC: BOM, header and one line per booking. */
export function buildCsv(bookings: readonly BookingRecord[], fuso: number): string {
  const lines = bookings.map((b) =>
    kitCsv.linhaDoAgendamento(
      (campo) => String(b[campo as keyof BookingRecord] ?? ''),
      b.expand?.usuario?.nome_completo ?? '',
      // The order's service invoice (NFS-e) number, once the city issued it.
      b.expand?.pagamento?.nota_numero ?? '',
      () => fuso,
    ),
  );
  return kitCsv.BOM + kitCsv.linha(kitCsv.CABECALHO) + lines.join('');
}

export const exportRoutes = [
  http.get('*/api/agendamentos/exportar.csv', async ({ request }) => {
    const { denied } = await staffOnly(request, kitCsv.MSG.soEquipe);
    if (denied) return denied;
    const query = new URL(request.url).searchParams;
    // The kit's checks of the request: the bookings' visible fields only, and a known offset.
    const pedido = kitCsv.pedidoDaEquipe(query, FIELDS.agendamentos);
    const fuso = kitCsv.fusoDe(query.get('fuso') ?? '');
    if (!pedido || fuso === null) return pbError(400, kitCsv.MSG.invalido);
    const rows: BookingRecord[] = [];
    for (let page = 1; ; page++) {
      const list = new URL('/api/collections/agendamentos/records', request.url);
      if (pedido.filtro) list.searchParams.set('filter', pedido.filtro);
      // The list's order with its ties, as the kit reads it (lib/paginas.js).
      list.searchParams.set('sort', paginas.ordemDe(paginas.chavesDe(pedido.ordem), false));
      list.searchParams.set('page', String(page));
      list.searchParams.set('perPage', String(PAGE));
      list.searchParams.set('expand', 'usuario,pagamento');
      const answer = listRecords('agendamentos', new Request(list, { headers: request.headers }));
      if (!answer.ok) return pbError(400, kitCsv.MSG.invalido);
      const { items, totalItems } = (await answer.json()) as ListResult<BookingRecord>;
      // One file's rows at most (the server refuses a list it counts past them before sending anything).
      if (totalItems > kitCsv.LIMITE) return pbError(400, kitCsv.MSG.grande);
      rows.push(...items);
      if (items.length < PAGE) break;
    }
    return new HttpResponse(buildCsv(rows, fuso), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        // Personal data: no copy kept by the browser or a proxy (lib/exportar_csv.js).
        'Cache-Control': 'no-store',
        'Content-Disposition': `attachment; filename="${kitCsv.nomeDoArquivo(Date.now(), fuso)}"`,
      },
    });
  }),
];
