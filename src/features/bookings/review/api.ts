/**
 * The case file as staff review it: the review PATCH the server turns into the booking's next step
 * (pb_hooks/lib/processo.js). The queries (applicants, documents with their reviewer, the file token) are the
 * customer's side's too (src/lib/api/case-file.ts caseFileQueries). The records' types and the rules (checklist,
 * consulates, refusal reasons, the list's documentation states) are src/lib/processo.ts's, the customer's side's.
 */
import { REGRAS, type DocumentoRecord, type MotivoRecusa } from '@/lib/processo';
import { pb } from '@/lib/pocketbase';
import kitCsv from '../../../../pocketbase/pb_hooks/lib/csv_agendamentos.js';

export const REFUSAL_REASONS = Object.keys(REGRAS.motivosRecusa) as MotivoRecusa[];

/** The staff documentation state of a booking (agendamentos.documentacao), as the list shows it. */
export type CaseState = keyof typeof REGRAS.documentacao;
export const CASE_STATES = Object.keys(REGRAS.documentacao) as CaseState[];
export const CASE_STATE_LABELS: Record<CaseState, string> = REGRAS.documentacao;

/** What a booking whose applicants are served by different consulates holds (lib/processo_resumo.js). */
export const SEVERAL_CONSULATES = REGRAS.varios.id;

/** 'Curitiba', 'Vários consulados', or '' for none yet. */
export function consulateLabel(id: string | undefined): string {
  return kitCsv.nomeDoConsulado(id ?? '');
}

export type Review =
  | { status: 'aprovado' }
  | { status: 'recusado'; motivo: MotivoRecusa; motivo_texto: string };

/** Staff's review of one document; the server signs and dates it and moves the booking when it is the last. */
export function reviewDocument(id: string, review: Review): Promise<DocumentoRecord> {
  return pb.collection('documentos').update<DocumentoRecord>(id, review);
}
