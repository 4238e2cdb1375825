import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { PaymentRecord } from '@/lib/types';

/** The signed-in customer's payments, newest first. Shared by the header, checkout and tracking. */
export const paymentQueries = {
  all: () => ['pagamentos'] as const,
  mine: (userId: string) =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'mine', { userId }] as const,
      // Filtered by owner too: an admin's list rule sees everyone's payments.
      queryFn: () =>
        pb.collection('pagamentos').getFullList<PaymentRecord>({
          filter: pb.filter('usuario = {:userId}', { userId }),
          sort: '-created',
        }),
      enabled: userId !== '',
    }),
};
