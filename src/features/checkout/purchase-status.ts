import { CHARGE_IN_ANALYSIS, CHARGE_UNKNOWN, isChargePaid } from '@/lib/api/charges';
import type { ChargeRecord } from '@/lib/types';
import type { PaymentOutcome } from './payment';

/** The server's answer about this customer's purchase: their order (payments) and their live charge. */
export type ServerView =
  | { kind: 'loading' }
  | { kind: 'error' }
  | {
      kind: 'loaded';
      hasOrder: boolean;
      liveCharge: ChargeRecord | null;
      /** the latest charge, when it ended unpaid after a wait (charges.endedAfterWaiting) */
      endedCharge?: ChargeRecord | null;
    };

/** What this page is doing: nothing, a card charge under way, or a charge's answer on screen. */
export type LocalStep = { kind: 'idle' } | { kind: 'paying' } | { kind: 'answered'; outcome: PaymentOutcome };

/**
 * Where the purchase area stands: one status, derived from the server's answer and this page's step.
 * `notice`: the server's state on arrival, shown instead of the form (any device, any tab);
 * `answer`: this page's charge just came back with it, shown in a modal over the form.
 */
export type PurchaseStatus =
  /** no session: nothing to show (the page offers 'Login') */
  | { kind: 'signed-out' }
  | { kind: 'loading' }
  | { kind: 'load-error' }
  /** the customer has an order: tracking is where it goes on */
  | { kind: 'ordered' }
  /** a Pix paid while its QR code was on this page: said here, with the way on to the documents */
  | { kind: 'pix-paid' }
  | { kind: 'pix-waiting'; charge: ChargeRecord }
  /** free to pay, 'Contratar' not clicked yet; `ended`: the last charge ended unpaid after a wait */
  | { kind: 'closed'; ended: ChargeRecord | null }
  /** free to pay: the purchase form */
  | { kind: 'choosing'; ended: ChargeRecord | null }
  /** the card charge is under way */
  | { kind: 'paying' }
  /** the card charge was paid: the server wrote the order */
  | { kind: 'confirmed' }
  /** held by Asaas (PENDING, AWAITING_RISK_ANALYSIS): no new charge until the webhook settles it */
  | { kind: 'in-analysis'; shown: 'answer' | 'notice' }
  /** the charge may have gone through (timeout, network, 5xx): no new charge until the server knows */
  | { kind: 'unknown'; shown: 'answer' | 'notice' }
  /** refused: nothing charged, paying again is safe */
  | { kind: 'declined'; reason: string }
  /** too many attempts: the server's message */
  | { kind: 'limited'; message: string };

export const isPixWaiting = (charge: ChargeRecord | null | undefined): boolean =>
  charge?.metodo === 'pix' && charge.status === 'PENDING';

export function purchaseStatus({
  signedIn,
  server,
  step,
  pixSeen,
  open,
}: {
  signedIn: boolean;
  server: ServerView;
  step: LocalStep;
  /** a Pix's QR code has been shown on this page */
  pixSeen: boolean;
  /** 'Contratar' was clicked */
  open: boolean;
}): PurchaseStatus {
  if (!signedIn) return { kind: 'signed-out' };
  if (step.kind === 'paying') return { kind: 'paying' };
  const ordered = server.kind === 'loaded' && server.hasOrder;
  // While a charge's answer is on screen, it stays whatever the refetch of the server's state says, except
  // that a held or unknown answer gives way to an order the server has learnt of since (it asks Asaas).
  // A conflict (an order or live charge elsewhere) and a lost session have no screen of their own.
  if (step.kind === 'answered') {
    const outcome = step.outcome;
    switch (outcome.kind) {
      case 'confirmed':
        return { kind: 'confirmed' };
      case 'analysis':
        return ordered ? { kind: 'confirmed' } : { kind: 'in-analysis', shown: 'answer' };
      case 'unknown':
        return ordered ? { kind: 'confirmed' } : { kind: 'unknown', shown: 'answer' };
      case 'declined':
        return { kind: 'declined', reason: outcome.reason };
      case 'limited':
        return { kind: 'limited', message: outcome.message };
      case 'conflict':
      case 'signed-out':
        break;
    }
  }
  if (server.kind === 'loading') return { kind: 'loading' };
  if (server.kind === 'error') return { kind: 'load-error' };
  if (server.hasOrder) return { kind: pixSeen ? 'pix-paid' : 'ordered' };
  const charge = server.liveCharge;
  // A paid charge whose order this read missed by a moment (the payments are asked for again).
  if (isChargePaid(charge)) return { kind: 'loading' };
  if (charge) {
    if (isPixWaiting(charge)) return { kind: 'pix-waiting', charge };
    // A Pix no longer pending and not paid (expired, cancelled) leaves the customer free to pay again.
    const pixEnded = charge.metodo === 'pix' && !CHARGE_UNKNOWN.includes(charge.status);
    if (!pixEnded)
      return CHARGE_IN_ANALYSIS.includes(charge.status)
        ? { kind: 'in-analysis', shown: 'notice' }
        : { kind: 'unknown', shown: 'notice' };
  }
  return { kind: open ? 'choosing' : 'closed', ended: server.endedCharge ?? null };
}
