import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { BookingRecord } from '@/lib/types';

export const myBookingQueries = {
  all: () => ['agendamentos'] as const,
  mine: (userId: string) =>
    queryOptions({
      queryKey: [...myBookingQueries.all(), 'mine', { userId }] as const,
      queryFn: () =>
        pb.collection('agendamentos').getFullList<BookingRecord>({
          expand: 'usuario',
          filter: pb.filter('usuario = {:userId}', { userId }),
          sort: '-created',
        }),
      enabled: userId !== '',
    }),
};
