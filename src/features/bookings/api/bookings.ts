import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import type { BookingRecord, BookingStatus, ListResult } from '@/lib/types';
import { listRequestOptions, type ListParams } from '../list-params';

const agendamentos = () => pb.collection('agendamentos');

/** Staff queries. Keys run generic → specific so a save can invalidate every list at once. */
export const bookingQueries = {
  all: () => ['agendamentos'] as const,
  lists: () => [...bookingQueries.all(), 'staff-list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...bookingQueries.lists(), params] as const,
      queryFn: (): Promise<ListResult<BookingRecord>> =>
        agendamentos().getList<BookingRecord>(params.page, params.perPage, listRequestOptions(params)),
      // The page on screen stays while the next one loads, instead of flashing a skeleton.
      placeholderData: keepPreviousData,
    }),
  details: () => [...bookingQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...bookingQueries.details(), id] as const,
      queryFn: () => agendamentos().getOne<BookingRecord>(id, { expand: 'usuario' }),
    }),
};

/** Every booking matching the list's search and status filter, in its order (for the CSV export). */
export function fetchAllBookings(
  params: Pick<ListParams, 'sort' | 'search' | 'status'>,
): Promise<BookingRecord[]> {
  return agendamentos().getFullList<BookingRecord>({ ...listRequestOptions(params), batch: 500 });
}

/** The PATCH body of seed §7, exactly these keys. */
export interface BookingUpdate {
  /** ISO string of the chosen calendar day, or null to clear it. */
  data_agendamento: string | null;
  /** 'HH:mm' zero-padded, or ''. */
  hora_agendamento: string;
  local_agendamento: string;
  status_agendamento: BookingStatus;
  /** Carried along unchanged from the loaded record. */
  formulario: BookingRecord['formulario'];
}

export function updateBooking(id: string, body: BookingUpdate): Promise<BookingRecord> {
  return agendamentos().update<BookingRecord>(id, body);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 404;
}

/** The text after 'Erro: ' in the staff toasts (seed §8): the SDK's message, which carries the server's. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Ocorreu um erro desconhecido.';
}
