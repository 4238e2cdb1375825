/**
 * Each booking's case summary as the server keeps it (`consulado`, `documentacao`), from the double's applicants
 * and documents by the kit's own twin of its SQL (processo_comum.js resumoDaLista), and the words of the rule of
 * lib/agenda.js that ANALISE_OK waits for every document to be approved. A booking without applicants keeps what
 * is stored on it.
 */
import { REGRAS } from '@/lib/processo';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';

interface CaseRows {
  agendamentos: ReadonlyArray<{ id: string }>;
  requerentes?: ReadonlyArray<{ agendamento: string; uf: string }>;
  documentos?: ReadonlyArray<{ agendamento: string; status: string }>;
}

export type CaseSummary = ReturnType<typeof processoComum.resumoDaLista>;

export const ANALISE_OK_TOO_EARLY = REGRAS.mensagens.analiseOkCedo;

/** The summary of a booking with applicants, or null for one without (nothing to compute). */
export function caseSummary(db: CaseRows, bookingId: string): CaseSummary | null {
  const ofBooking = (row: { agendamento: string }) => row.agendamento === bookingId;
  const applicants = (db.requerentes ?? []).filter(ofBooking);
  if (applicants.length === 0) return null;
  return processoComum.resumoDaLista(applicants, (db.documentos ?? []).filter(ofBooking), REGRAS);
}
