import { env } from '@/config/env';
import { onlyDigits } from '@/lib/cpf';
import { expiryParts } from '@/lib/card';
import { todayIso } from '@/lib/dates';
import { installmentPlan } from '@/lib/installments';
import type { Session } from '@/lib/session';
import type { ServiceId } from '@/lib/types';
import { ensureBooking } from '@/lib/api/bookings';
import {
  createCustomer,
  createInstallmentCharge,
  createPaymentRecord,
  findPaymentRecord,
  isDeclined,
  lookupIp,
  PAYMENT_TIMEOUTS_MS,
  timeoutSignal,
  type PaymentRecordInput,
} from './api/asaas';
import { clearPaymentState, keepPendingSave, markCharging, markUncertain } from './pending-save';

export interface CardInput {
  card_name: string;
  card_number: string;
  card_expiry_date: string;
  card_cvv: string;
  installments: number;
}

export type PaymentOutcome =
  | { kind: 'confirmed'; asaasId: string }
  /** nothing was charged: the customer may try again */
  | { kind: 'failed' }
  /** the charge's fate is unknown (timeout, 5xx): charging again could charge twice */
  | { kind: 'uncertain' }
  /** charged, but the order could not be saved yet: kept to finish on the next visit */
  | { kind: 'charged-not-saved'; asaasId: string };

/** Delays between attempts to save the order after a successful charge. */
export const SAVE_RETRY_DELAYS_MS = [400, 1200];

async function withRetry<T>(run: (attempt: number) => Promise<T>, delays = SAVE_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Saves the payment record and the NOVO booking for a charge that went through. Idempotent: a retry
 * (or the next visit, `resumed`) first looks for what an earlier attempt may have written.
 */
export async function saveOrder(record: PaymentRecordInput, resumed = false): Promise<void> {
  const saved = await withRetry(async (attempt) => {
    const existing =
      resumed || attempt > 0 ? await findPaymentRecord(record.usuario, record.asaas_id_pagamento) : null;
    return existing ?? (await createPaymentRecord(record));
  });
  if (saved.created) {
    await withRetry(() => ensureBooking(record.usuario, timeoutSignal(PAYMENT_TIMEOUTS_MS.save)));
  }
  clearPaymentState(record.usuario);
}

const resuming = new Map<string, Promise<void>>();

/** Finishes a save left by an earlier visit; a second caller (a remount, a re-login) joins the first. */
export function resumeOrder(record: PaymentRecordInput): Promise<void> {
  const running = resuming.get(record.usuario);
  if (running) return running;
  const attempt = saveOrder(record, true).finally(() => resuming.delete(record.usuario));
  resuming.set(record.usuario, attempt);
  return attempt;
}

/** Users with a payment under way in this tab, whatever component started it. */
const paying = new Set<string>();

/** Seed §7 order: IP lookup, Asaas customer, installment charge, payment record, NOVO booking. */
export async function pay(
  session: Session,
  serviceId: ServiceId,
  total: number,
  card: CardInput,
): Promise<PaymentOutcome> {
  const expiry = expiryParts(card.card_expiry_date);
  if (!expiry) return { kind: 'failed' };
  if (paying.has(session.id)) return { kind: 'uncertain' };
  paying.add(session.id);
  try {
    return await charge(session, serviceId, total, card, expiry);
  } finally {
    paying.delete(session.id);
  }
}

async function charge(
  session: Session,
  serviceId: ServiceId,
  total: number,
  card: CardInput,
  expiry: { expiryMonth: string; expiryYear: string },
): Promise<PaymentOutcome> {
  const cpfCnpj = onlyDigits(session.cpf);
  const phone = onlyDigits(session.celular);
  const plan = installmentPlan(total, card.installments);

  let chargeId: string | undefined;
  const expiryMonth = expiry.expiryMonth;
  const expiryYear = expiry.expiryYear;
  try {
    const remoteIp = await lookupIp().catch(() => '');
    const customer = await createCustomer({ name: session.nome_completo, cpfCnpj, email: session.email });
    // From here a charge may happen: a reload or Back must not lead to a second one.
    markCharging(session.id);
    try {
      const answer = await createInstallmentCharge({
        installmentCount: card.installments,
        customer,
        value: plan.value,
        totalValue: plan.total,
        billingType: 'CREDIT_CARD',
        dueDate: todayIso(),
        creditCard: {
          holderName: card.card_name.trim(),
          number: onlyDigits(card.card_number),
          expiryMonth,
          expiryYear,
          ccv: card.card_cvv,
        },
        creditCardHolderInfo: {
          name: session.nome_completo,
          email: session.email,
          cpfCnpj,
          postalCode: env.holderPostalCode,
          addressNumber: env.holderAddressNumber,
          phone,
        },
        remoteIp,
      });
      chargeId = answer.id;
    } catch (error) {
      if (isDeclined(error)) {
        clearPaymentState(session.id); // a refused card is not charged: trying again is safe
        return { kind: 'failed' };
      }
      markUncertain(session.id);
      return { kind: 'uncertain' };
    }
  } catch {
    return { kind: 'failed' }; // before the charge: nothing was charged
  }
  // The charge was accepted but its answer carries no id: it may have gone through.
  if (!chargeId) {
    markUncertain(session.id);
    return { kind: 'uncertain' };
  }

  const record: PaymentRecordInput = {
    usuario: session.id,
    tipo_servico: serviceId,
    preco_servico: plan.total,
    metodo_pagamento: 'cartao_credito',
    numero_parcelas: card.installments,
    asaas_id_pagamento: chargeId,
  };
  keepPendingSave(record);
  try {
    await saveOrder(record);
    return { kind: 'confirmed', asaasId: chargeId };
  } catch {
    return { kind: 'charged-not-saved', asaasId: chargeId };
  }
}
