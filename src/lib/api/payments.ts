import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import pedidoAberto from '../../../pocketbase/pb_hooks/lib/pedido_aberto.js';
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

/**
 * Whether these payment rows hold an open order: the server's own rule (pb_hooks/lib/pedido_aberto.js), so a
 * customer whose only order was fully refunded (or withdrawn) may buy again, as the server allows.
 */
export const hasOpenOrder = (payments: readonly Pick<PaymentRecord, 'status_asaas'>[] | undefined): boolean =>
  pedidoAberto.temPedidoAberto(payments);

/** The open orders among these payment rows (a fully refunded one is closed). */
export const openOrders = <T extends Pick<PaymentRecord, 'status_asaas'>>(payments: readonly T[]): T[] =>
  payments.filter((p) => pedidoAberto.aberto(p));
