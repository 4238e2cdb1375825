import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { DocumentoRecord, RequerenteRecord } from '@/lib/processo';

/**
 * The case file of a booking: its applicants and their documents (pocketbase/pb_hooks/lib/processo.js). Shared
 * by the case file page and tracking (which tells a resent case from a refused one).
 */
export const caseFileQueries = {
  all: () => ['processo'] as const,
  applicants: (bookingId: string) =>
    queryOptions({
      queryKey: [...caseFileQueries.all(), 'requerentes', { bookingId }] as const,
      queryFn: () =>
        pb.collection('requerentes').getFullList<RequerenteRecord>({
          filter: pb.filter('agendamento = {:id}', { id: bookingId }),
          sort: 'created',
        }),
      enabled: bookingId !== '',
    }),
  documents: (bookingId: string) =>
    queryOptions({
      queryKey: [...caseFileQueries.all(), 'documentos', { bookingId }] as const,
      queryFn: () =>
        pb.collection('documentos').getFullList<DocumentoRecord>({
          filter: pb.filter('agendamento = {:id}', { id: bookingId }),
          sort: 'created',
        }),
      enabled: bookingId !== '',
    }),
  /**
   * A file token (PocketBase's, valid for a few minutes): protected files are fetched with it. Kept apart from
   * all(): a new token read before the documents would re-render a replaced (deleted) file's address.
   */
  fileToken: () =>
    queryOptions({
      queryKey: ['processo-token'] as const,
      queryFn: () => pb.files.getToken(),
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),
};
