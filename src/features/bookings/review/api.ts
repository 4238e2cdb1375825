/**
 * The case file as staff read and review it: a booking's applicants (`requerentes`) and their documents
 * (`documentos`), the file token their protected files are fetched with, and the review PATCH the server turns
 * into the booking's next step (pb_hooks/lib/processo.js). The records' types and the rules (checklist,
 * consulates, refusal reasons, the list's documentation states) are src/lib/processo.ts's, the customer's side's.
 */
import { queryOptions } from '@tanstack/react-query';
import { REGRAS, type DocumentoRecord, type MotivoRecusa, type RequerenteRecord } from '@/lib/processo';
import { pb } from '@/lib/pocketbase';

export const REFUSAL_REASONS = Object.keys(REGRAS.motivosRecusa) as MotivoRecusa[];

/** A document as staff read it: with the reviewer's name. */
export type DocumentRecord = DocumentoRecord & {
  expand?: { revisado_por?: { id: string; nome_completo: string } };
};

/** The staff documentation state of a booking (agendamentos.documentacao), as the list shows it. */
export type CaseState = keyof typeof REGRAS.documentacao;
export const CASE_STATES = Object.keys(REGRAS.documentacao) as CaseState[];
export const CASE_STATE_LABELS: Record<CaseState, string> = REGRAS.documentacao;

/** What a booking whose applicants are served by different consulates holds (lib/processo_resumo.js). */
export const SEVERAL_CONSULATES = REGRAS.varios.id;

/** 'Curitiba', 'Vários consulados', or '' for none yet. */
export function consulateLabel(id: string | undefined): string {
  if (!id) return '';
  if (id === SEVERAL_CONSULATES) return REGRAS.varios.nome;
  const consulados: Record<string, { nome: string } | undefined> = REGRAS.consulados;
  return consulados[id]?.nome ?? id;
}

const byBooking = (id: string) => pb.filter('agendamento = {:id}', { id });

export const caseQueries = {
  all: (bookingId: string) => ['agendamentos', 'detail', bookingId, 'processo'] as const,
  applicants: (bookingId: string) =>
    queryOptions({
      queryKey: [...caseQueries.all(bookingId), 'requerentes'] as const,
      queryFn: () =>
        pb
          .collection('requerentes')
          .getFullList<RequerenteRecord>({ filter: byBooking(bookingId), sort: 'created,id' }),
    }),
  documents: (bookingId: string) =>
    queryOptions({
      queryKey: [...caseQueries.all(bookingId), 'documentos'] as const,
      queryFn: () =>
        pb.collection('documentos').getFullList<DocumentRecord>({
          filter: byBooking(bookingId),
          sort: 'created,id',
          expand: 'revisado_por',
        }),
    }),
  /** A file token (PocketBase's lasts minutes): renewed before it runs out, while the page is open. */
  fileToken: () =>
    queryOptions({
      queryKey: ['file-token'] as const,
      queryFn: () => pb.files.getToken(),
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
};

/** The URL of one of a document's files, fetched with the staff member's file token. */
export function fileUrl(doc: DocumentRecord, name: string, token: string): string {
  return pb.files.getURL(doc, name, { token });
}

export type Review =
  | { status: 'aprovado' }
  | { status: 'recusado'; motivo: MotivoRecusa; motivo_texto: string };

/** Staff's review of one document; the server signs and dates it and moves the booking when it is the last. */
export function reviewDocument(id: string, review: Review): Promise<DocumentRecord> {
  return pb.collection('documentos').update<DocumentRecord>(id, review);
}
