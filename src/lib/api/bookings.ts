import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { BookingRecord } from '@/lib/types';

/**
 * The signed-in customer's bookings, newest first. Shared by tracking and 'Minha conta'. The server writes
 * them with the payment (pocketbase/pb_hooks/lib/pedidos.js); the browser only reads them.
 */
export const myBookingQueries = {
  all: () => ['agendamentos'] as const,
  mine: (userId: string, admin = false) =>
    queryOptions({
      queryKey: [...myBookingQueries.all(), 'mine', { userId, admin }] as const,
      queryFn: () =>
        pb.collection('agendamentos').getFullList<BookingRecord>({
          expand: 'usuario',
          // Always filtered: the index on usuario answers at once (a customer who reaches tracking has rows;
          // unfiltered, the list rule's OR made SQLite scan every booking: 200 ms at 100,000).
          filter: pb.filter('usuario = {:userId}', { userId }),
          sort: '-created',
        }),
      enabled: userId !== '',
    }),
};
