/**
 * The published wait's two queries (pocketbase/pb_hooks/lib/espera_servidor.js eventos and prontos), answered from
 * the double's booking history by the kit's own twins of them (lib/espera.js eventosDe, prontosDe); the routes, the
 * checks and the kept figures are the kit's, through the JSVM stand-in (jsvm/sql.ts).
 */
import espera from '../../pocketbase/pb_hooks/lib/espera.js';
import { caseSummary } from './case-summary';
import { getDb } from './db';

/** The booking's consulate as the server keeps it (lib/processo_resumo.js; stored when it has no applicants). */
const consulateOf = (id: string) => caseSummary(getDb(), id).consulado;

/** Every status change since espera.historicoDesde, with its booking's consulate (espera_servidor.js eventos). */
export function eventos(agoraMs: number) {
  const known = new Set(getDb().agendamentos.map((b) => b.id));
  return espera.eventosDe(
    getDb().historico_agendamentos,
    (id) => (known.has(id) ? consulateOf(id) : null),
    agoraMs,
  );
}

/** The ready cases of a consulate with their owner's name (espera_servidor.js prontos). */
export function prontos(codigo: string) {
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
