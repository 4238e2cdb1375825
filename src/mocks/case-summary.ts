/**
 * Each booking's case summary as the server keeps it (`consulado`, `documentacao`), from the double's applicants
 * and documents by the kit's own twin of its SQL (processo_comum.js resumoDaLista), and the words of the rule of
 * lib/agenda.js that ANALISE_OK waits for every document to be approved. A booking without applicants has no
 * consulate and its documentation pending, as the server computes it.
 */
import { REGRAS } from '@/lib/processo';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';

interface CaseRows {
  agendamentos: ReadonlyArray<{ id: string }>;
  requerentes?: ReadonlyArray<{ agendamento: string; uf: string }>;
  documentos?: ReadonlyArray<{ agendamento: string; status: string }>;
}

export type CaseSummary = ReturnType<typeof processoComum.resumoDaLista>;

/** The summary of a booking's case file. */
export function caseSummary(db: CaseRows, bookingId: string): CaseSummary {
  const ofBooking = (row: { agendamento: string }) => row.agendamento === bookingId;
  return processoComum.resumoDaLista(
    (db.requerentes ?? []).filter(ofBooking),
    (db.documentos ?? []).filter(ofBooking),
    REGRAS,
  );
}

/** lib/agenda.js casoAprovado: every document approved, or no case file at all (a booking from before it). */
export function caseApproved(db: CaseRows, bookingId: string): boolean {
  const hasApplicants = (db.requerentes ?? []).some((r) => r.agendamento === bookingId);
  return !hasApplicants || caseSummary(db, bookingId).documentacao === 'aprovada';
}
