import type { PaymentRecordInput } from './api/asaas';

/**
 * Where this customer's last payment stands, kept in the tab's storage (decisions.md) so that a reload, the
 * Back button or a remount cannot lead to a second charge:
 * - `charging`: the charge was sent and has not answered (if the page is left now, its fate is unknown);
 * - `uncertain`: the charge timed out or failed on the server side: it may have gone through;
 * - `saving`: the charge went through and the order is not saved yet (finished on the next visit).
 * Keyed by user, so nobody else sees it; logout keeps it, because losing it would lose a paid order.
 * Holds no card data.
 */
export type PaymentState =
  | { state: 'charging' }
  | { state: 'uncertain' }
  | { state: 'saving'; record: PaymentRecordInput };

const key = (userId: string) => `payment_state:${userId}`;

function write(userId: string, value: PaymentState) {
  try {
    sessionStorage.setItem(key(userId), JSON.stringify(value));
  } catch {
    /* storage blocked: the customer still sees the outcome and the payment id on screen */
  }
}

export const markCharging = (userId: string) => write(userId, { state: 'charging' });
export const markUncertain = (userId: string) => write(userId, { state: 'uncertain' });
export const keepPendingSave = (record: PaymentRecordInput) =>
  write(record.usuario, { state: 'saving', record });

export function readPaymentState(userId: string): PaymentState | null {
  try {
    const raw = sessionStorage.getItem(key(userId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || !('state' in value)) return null;
    if (value.state === 'charging' || value.state === 'uncertain') return value as PaymentState;
    if (value.state === 'saving' && 'record' in value && value.record && typeof value.record === 'object') {
      return value as PaymentState;
    }
    return null;
  } catch {
    return null;
  }
}

export function clearPaymentState(userId: string) {
  try {
    sessionStorage.removeItem(key(userId));
  } catch {
    /* nothing kept */
  }
}
