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
import { caseSummary } from './case-summary';
import { getDb } from './db';
import { diaStore } from './dia-store';
import { pbDate } from './util';

export const DEMO_GUARANTEE = { ativa: true, janelas: 3 };

const ms = (value: string | undefined) => {
  const t = Date.parse(String(value ?? '').replace(' ', 'T'));
  return Number.isNaN(t) ? 0 : t;
};

/** The start of the booking's consulate window running at `now` (0: none known). */
function windowNow(booking: BookingRecord, now: number): number {
  // The double keeps no copy of the booking's consulate: it reads it from the applicants (case-summary.ts).
  const codigo = caseSummary(getDb(), booking.id)?.consulado;
  const c = diaStore().consulados.find((x) => x.codigo === codigo);
  if (c?.janelas_estado !== 'conhecidas') return 0;
  return janelas.janelaAnterior(c.janelas ?? [], c.fuso, now) ?? 0;
}

/** lib/garantia.js marcarTentativa: a new attempt's window and what it means, from the case as it is now. */
export function markAttempt(booking: BookingRecord): {
  janela: string;
  garantia: ReturnType<typeof garantia.classificar>;
} {
  const janelaMs = windowNow(booking, Date.now());
  const handling = diaStore().atendimentos.find((a) => a.agendamento === booking.id);
  return {
    janela: janelaMs ? pbDate(new Date(janelaMs)) : '',
    garantia: garantia.classificar({
      ativa: DEMO_GUARANTEE.ativa,
      status: booking.status_agendamento,
      janelaMs,
      documentosPendentes: getDb().documentos.some(
        (d) => d.agendamento === booking.id && (d.status === 'pendente' || d.status === 'recusado'),
      ),
      pedido: handling?.pedido ?? '',
      pedidoEmMs: ms(handling?.pedido_em),
      entregueEmMs: ms(handling?.entregue_em),
    }),
  };
}

export const guaranteeRoutes = [http.get('*/api/garantia', () => HttpResponse.json(DEMO_GUARANTEE))];
