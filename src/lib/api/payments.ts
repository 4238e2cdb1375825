import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { PaymentRecord } from '@/lib/types';
import { ownRowsFilter } from './own-rows';

/** The signed-in customer's payments, newest first. Shared by the header, checkout and tracking. */
export const paymentQueries = {
  all: () => ['pagamentos'] as const,
  mine: (userId: string, admin = false) =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'mine', { userId, admin }] as const,
      queryFn: () =>
        pb.collection('pagamentos').getFullList<PaymentRecord>({
          ...ownRowsFilter(userId, admin),
          sort: '-created',
        }),
      enabled: userId !== '',
    }),
};
