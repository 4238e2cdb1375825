import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { DocumentoRecord, RequerenteRecord } from '@/lib/processo';

const byBooking = (id: string) => pb.filter('agendamento = {:id}', { id });

/**
 * The case file of a booking: its applicants and their documents (pocketbase/pb_hooks/lib/processo.js). One
 * factory for the customer's case file page, tracking (which tells a resent case from a refused one), the
 * opening day and the staff booking page.
 */
export const caseFileQueries = {
  /** Every booking's case file: what a change on the customer's side refreshes. */
  all: () => ['processo'] as const,
  /** One booking's. */
  of: (bookingId: string) => [...caseFileQueries.all(), bookingId] as const,
  applicants: (bookingId: string) =>
    queryOptions({
      queryKey: [...caseFileQueries.of(bookingId), 'requerentes'] as const,
      queryFn: () =>
        pb
          .collection('requerentes')
          .getFullList<RequerenteRecord>({ filter: byBooking(bookingId), sort: 'created,id' }),
      enabled: bookingId !== '',
    }),
  /**
   * The documents; `withReviewer` (staff) expands who reviewed each. A customer does not ask for it: the reviewer
   * is a staff account they may not read.
   */
  documents: (bookingId: string, withReviewer = false) =>
    queryOptions({
      queryKey: [...caseFileQueries.of(bookingId), 'documentos', withReviewer ? 'revisor' : 'dono'] as const,
      queryFn: () =>
        pb.collection('documentos').getFullList<DocumentoRecord>({
          filter: byBooking(bookingId),
          sort: 'created,id',
          ...(withReviewer ? { expand: 'revisado_por' } : {}),
        }),
      enabled: bookingId !== '',
    }),
  /**
   * A file token (PocketBase's, valid for a few minutes): protected files are fetched with it, by the customer
   * and by staff. Kept apart from all(): a new token read before the documents would re-render a replaced
   * (deleted) file's address. Renewed before it runs out, while a page with files is open.
   */
  fileToken: () =>
    queryOptions({
      queryKey: ['file-token'] as const,
      queryFn: () => pb.files.getToken(),
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
};

/** The address of one of a document's files, with a file token (the owner's or a staff member's). */
export function fileUrl(documento: DocumentoRecord, filename: string, token: string): string {
  return pb.files.getURL(documento, filename, { token });
}
