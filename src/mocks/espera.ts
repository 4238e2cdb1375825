/**
 * The demo double of the published wait (pocketbase/pb_hooks/espera.pb.js, lib/espera_servidor.js): the same
 * shared rules (lib/espera.js) over the double's booking history. GET /api/espera (anyone), GET
 * /api/agendamentos/:id/espera (the owner), GET /api/espera/equipe (staff).
 */
import { http, HttpResponse } from 'msw';
import { REGRAS } from '@/lib/processo';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import espera, { type Pronto } from '../../pocketbase/pb_hooks/lib/espera.js';
import { caseSummary } from './case-summary';
import { getDb } from './db';
import { currentUser, latency, MSG as PB, param, pbError, staffOnly } from './http';
import { ownBooking } from './dia-store';

const consulates = () => espera.consulados(REGRAS);

/** The booking's consulate as the server keeps it (lib/processo_resumo.js; stored when it has no applicants). */
const consulateOf = (id: string) => caseSummary(getDb(), id).consulado;

/** Every status change since espera.historicoDesde, with its booking's consulate (espera.js eventosDe). */
function events() {
  const known = new Set(getDb().agendamentos.map((b) => b.id));
  return espera.eventosDe(
    getDb().historico_agendamentos,
    (id) => (known.has(id) ? consulateOf(id) : null),
    Date.now(),
  );
}

const summary = () => espera.resumo(events(), Date.now(), consulates());

/** The ready cases of a consulate (espera.js prontosDe), with their owner's name. */
function ready(codigo: string): (Pronto & { nome: string })[] {
  const db = getDb();
  // Only a case ready to book can be in a queue: its consulate is computed for those alone.
  const bookings = db.agendamentos
    .filter((b) => b.status_agendamento === 'ANALISE_OK')
    .map((b) => ({ ...b, consulado: consulateOf(b.id) }));
  return espera.prontosDe(bookings, db.historico_agendamentos, codigo).map((p) => {
    const owner = db.agendamentos.find((b) => b.id === p.id)?.usuario;
    return { ...p, nome: db.usuarios.find((u) => u.id === owner)?.nome_completo ?? '' };
  });
}

export const waitRoutes = [
  http.get('*/api/espera', async () => {
    await latency();
    return HttpResponse.json(summary(), {
      headers: { 'Cache-Control': `public, max-age=${espera.CACHE_MINUTOS * 60}` },
    });
  }),
  http.get('*/api/espera/equipe', async ({ request }) => {
    const { denied } = await staffOnly(request, diaComum.MSG.soEquipe);
    if (denied) return denied;
    return HttpResponse.json(espera.esperaDaEquipe(summary(), ready, Date.now()));
  }),
  http.get('*/api/agendamentos/:id/espera', async ({ request, params }) => {
    await latency();
    const viewer = currentUser(request);
    if (!viewer) return pbError(401, PB.unauthorized);
    const id = param(params, 'id');
    const booking = ownBooking(viewer, id);
    if (!booking) return pbError(404, diaComum.MSG.naoEncontrado);
    const codigo = consulateOf(id);
    return HttpResponse.json(
      espera.esperaDoCliente(summary(), codigo, booking.status_agendamento, () => ready(codigo), id),
    );
  }),
];
