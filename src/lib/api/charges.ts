import { queryOptions } from '@tanstack/react-query';
import { pb } from '@/lib/pocketbase';
import type { ChargeRecord, PaymentRecord } from '@/lib/types';
import { asaas } from '../../../pocketbase/pb_hooks/lib/regras.json';
import { ownRowsFilter } from './own-rows';
import { hasOpenOrder } from './payments';

/** Asaas statuses of a paid charge: the server writes its order (pocketbase/pb_hooks/lib/regras.json). */
export const CHARGE_PAID: readonly string[] = asaas.pago;
/** Asaas statuses of a charge that is held, not paid: the order waits for the webhook. */
export const CHARGE_IN_ANALYSIS: readonly string[] = asaas.emAnalise;
/** The proxy sent the charge and never learnt its outcome (timeout, 5xx): it may have gone through. */
export const CHARGE_UNKNOWN: readonly string[] = asaas.semResposta;

/** How often a page showing a charge that still waits for its outcome asks the server again. */
export const CHARGE_POLL_MS = 3000;

export const isChargePaid = (charge: ChargeRecord | null | undefined): boolean =>
  CHARGE_PAID.includes(charge?.status ?? '');

/**
 * A live charge still waiting for its outcome: a Pix not paid yet, a card held by Asaas, a charge in flight or
 * of unknown outcome. The server learns the outcome (the webhook, or asking Asaas when the charge is read), so
 * a page that shows one asks again every few seconds, on any device, and turns into the order by itself.
 */
export const chargeAwaitsOutcome = (charge: ChargeRecord | null | undefined): boolean =>
  !!charge && (CHARGE_IN_ANALYSIS.includes(charge.status) || CHARGE_UNKNOWN.includes(charge.status));

/**
 * The customer's payments are asked for again while the live charge waits for its outcome, and while a paid
 * charge's order has not been read yet (the server writes it a moment after the charge is settled).
 */
export const paymentsShouldBePolled = (
  liveCharge: ChargeRecord | null | undefined,
  payments: readonly Pick<PaymentRecord, 'status_asaas'>[] | undefined,
): boolean =>
  payments !== undefined &&
  !hasOpenOrder(payments) &&
  (chargeAwaitsOutcome(liveCharge) || isChargePaid(liveCharge));

/** The charge of `latest` that is still live (ativa): while there is one, the server refuses another. */
export const liveOf = (latest: ChargeRecord | null | undefined): ChargeRecord | null =>
  latest?.ativa ? latest : null;

/**
 * Asaas statuses of a card charge that ended unpaid after the customer was told to wait (held for analysis, or
 * of unknown outcome): the page that showed "não pague de novo" says it is over and nothing was charged.
 * An immediate refusal (RECUSADA) has its own answer on screen and is not repeated.
 */
const ENDED_AFTER_WAITING = ['NAO_CRIADA', 'REPROVED_BY_RISK_ANALYSIS', 'CAPTURE_REFUSED'];

/** How long the "not concluded" notice is worth saying after the charge ended. */
const ENDED_NOTICE_MS = 30 * 86_400_000;

/** The latest charge when it ended unpaid after a wait (see ENDED_AFTER_WAITING) in the last 30 days, or null. */
export function endedAfterWaiting(
  latest: ChargeRecord | null | undefined,
  now: number = Date.now(),
): ChargeRecord | null {
  if (!latest || latest.ativa || !ENDED_AFTER_WAITING.includes(latest.status)) return null;
  const ended = Date.parse(latest.updated.replace(' ', 'T'));
  return Number.isFinite(ended) && now - ended <= ENDED_NOTICE_MS ? latest : null;
}

/**
 * The customer's latest charge, as the server records it (collection `cobrancas`), live or ended: a live one
 * (`liveOf`) blocks any newer one, on any device, so the live charge is always the latest. Shared by checkout
 * and tracking.
 */
export const chargeQueries = {
  all: () => ['cobrancas'] as const,
  latest: (userId: string, admin = false) =>
    queryOptions({
      queryKey: [...chargeQueries.all(), 'latest', { userId, admin }] as const,
      queryFn: async () => {
        const list = await pb.collection('cobrancas').getList<ChargeRecord>(1, 1, {
          ...ownRowsFilter(userId, admin),
          sort: '-created',
        });
        const latest = list.items[0];
        return latest && latest.usuario === userId ? latest : null;
      },
      enabled: userId !== '',
    }),
};
