import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { ChargeRecord } from '@/lib/types';
import { ownRowsFilter } from './own-rows';

/** Asaas statuses of a paid charge: the server writes its order. */
export const CHARGE_PAID = ['CONFIRMED', 'RECEIVED'];
/** Asaas statuses of a charge that is held, not paid: the order waits for the webhook. */
export const CHARGE_IN_ANALYSIS = ['PENDING', 'AWAITING_RISK_ANALYSIS'];
/** The proxy sent the charge and never learnt its outcome (timeout, 5xx): it may have gone through. */
export const CHARGE_UNKNOWN = ['ENVIANDO', 'INDETERMINADA'];

/**
 * The customer's live charge, as the server records it (collection `cobrancas`): while there is one, the
 * server refuses another, on any device. Shared by checkout and tracking.
 */
export const chargeQueries = {
  all: () => ['cobrancas'] as const,
  live: (userId: string, admin = false) =>
    queryOptions({
      queryKey: [...chargeQueries.all(), 'live', { userId, admin }] as const,
      queryFn: async () => {
        // A live charge blocks any newer one, so it is always the customer's latest charge.
        const list = await pb.collection('cobrancas').getList<ChargeRecord>(1, 1, {
          ...ownRowsFilter(userId, admin),
          sort: '-created',
        });
        const latest = list.items[0];
        return latest && latest.ativa && latest.usuario === userId ? latest : null;
      },
      enabled: userId !== '',
    }),
};
