/**
 * The guarantee in the demo (pocketbase/pb_hooks/lib/garantia.js): on, with 3 windows, so the terms page and the
 * tracking page show it (a real server has it off unless GARANTIA_ATIVA=true). Each attempt staff record is marked
 * with its window and what it means, by the kit's garantia_comum.js; the refund itself is the server's cron (the
 * demo has no clock of its own and never refunds by itself).
 */
import { http, HttpResponse } from 'msw';
import type { BookingRecord } from '@/lib/types';
import garantia from '../../pocketbase/pb_hooks/lib/garantia_comum.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import { getDb } from './db';
import { consulateOfBooking, DEMO_GUARANTEE, diaStore } from './dia-store';

export { DEMO_GUARANTEE };

/** The start of the booking's consulate window running at `now` (0: none known; lib/garantia.js janelaAtual). */
function windowNow(booking: BookingRecord, now: number): number {
  return janelas.janelaEmCurso(consulateOfBooking(booking.id), now) ?? 0;
}

/** lib/garantia.js marcarTentativa: a new attempt's window and what it means (garantia_comum.js marcasDaTentativa). */
export function markAttempt(booking: BookingRecord): ReturnType<typeof garantia.marcasDaTentativa> {
  const handling = diaStore().atendimentos.find((a) => a.agendamento === booking.id);
  return garantia.marcasDaTentativa({
    ativa: DEMO_GUARANTEE.ativa,
    status: booking.status_agendamento,
    janelaMs: windowNow(booking, Date.now()),
    documentos: getDb()
      .documentos.filter((d) => d.agendamento === booking.id)
      .map((d) => d.status),
    atendimento: handling ?? null,
  });
}

export const guaranteeRoutes = [http.get('*/api/garantia', () => HttpResponse.json(DEMO_GUARANTEE))];
