import type { PaymentRecordInput } from './api/asaas';

/**
 * A charge that went through but whose record was not saved yet, kept in the tab's storage (decisions.md)
 * so that the save is finished on the next visit. Keyed by user, so nobody else sees it; logout keeps it,
 * because losing it would lose a paid order. Holds no card data.
 */
const key = (userId: string) => `pending_payment_save:${userId}`;

export function keepPendingSave(input: PaymentRecordInput) {
  try {
    sessionStorage.setItem(key(input.usuario), JSON.stringify(input));
  } catch {
    /* storage blocked: the customer still gets the payment id on screen */
  }
}

export function readPendingSave(userId: string): PaymentRecordInput | null {
  try {
    const raw = sessionStorage.getItem(key(userId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'asaas_id_pagamento' in value && 'usuario' in value) {
      return value as PaymentRecordInput;
    }
    return null;
  } catch {
    return null;
  }
}

export function clearPendingSave(userId: string) {
  try {
    sessionStorage.removeItem(key(userId));
  } catch {
    /* nothing kept */
  }
}
