/**
 * Each booking's case summary as pocketbase/pb_hooks/lib/processo_resumo.js keeps it (`consulado`,
 * `documentacao`), computed from the double's applicants and documents, and the rule of lib/agenda.js that
 * ANALISE_OK waits for every document to be approved. A booking without applicants keeps what is stored on it.
 */
import { consuladoDaUf, REGRAS } from '@/lib/processo';

export interface CaseRows {
  agendamentos: ReadonlyArray<{ id: string }>;
  requerentes?: ReadonlyArray<{ agendamento: string; uf: string }>;
  documentos?: ReadonlyArray<{ agendamento: string; status: string }>;
}

export interface CaseSummary {
  consulado: string;
  documentacao: string;
}

export const ANALISE_OK_TOO_EARLY = REGRAS.mensagens.analiseOkCedo;

/** The summary of a booking with applicants, or null for one without (nothing to compute). */
export function caseSummary(db: CaseRows, bookingId: string): CaseSummary | null {
  const applicants = (db.requerentes ?? []).filter((r) => r.agendamento === bookingId);
  if (applicants.length === 0) return null;
  const consulates = new Set(applicants.map((a) => consuladoDaUf(a.uf)).filter((c) => c !== null));
  const docs = (db.documentos ?? []).filter((d) => d.agendamento === bookingId);
  const documentacao = docs.some((d) => d.status === 'recusado')
    ? 'recusada'
    : docs.some((d) => d.status === 'em_analise')
      ? 'em_analise'
      : docs.length > 0 && docs.every((d) => d.status === 'aprovado')
        ? 'aprovada'
        : 'pendente';
  const consulado = consulates.size > 1 ? REGRAS.varios.id : ([...consulates][0] ?? '');
  return { consulado, documentacao };
}
