import { env } from '@/config/env';
import { onlyDigits } from '@/lib/cpf';
import { expiryParts } from '@/lib/card';
import { todayIso } from '@/lib/dates';
import { installmentPlan } from '@/lib/installments';
import type { Session } from '@/lib/session';
import type { ServiceId } from '@/lib/types';
import {
  createCustomer,
  createInstallmentCharge,
  createNewBooking,
  createPaymentRecord,
  findPaymentRecord,
  hasBooking,
  isDeclined,
  lookupIp,
  type PaymentRecordInput,
} from './api/asaas';
import { clearPendingSave, keepPendingSave } from './pending-save';

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
    await withRetry(async (attempt) => {
      if ((resumed || attempt > 0) && (await hasBooking(record.usuario))) return;
      await createNewBooking(record.usuario);
    });
  }
  clearPendingSave(record.usuario);
}

/** Seed §7 order: IP lookup, Asaas customer, installment charge, payment record, NOVO booking. */
export async function pay(
  session: Session,
  serviceId: ServiceId,
  total: number,
  card: CardInput,
): Promise<PaymentOutcome> {
  const expiry = expiryParts(card.card_expiry_date);
  if (!expiry) return { kind: 'failed' };
  const cpfCnpj = onlyDigits(session.cpf);
  const phone = onlyDigits(session.celular);
  const plan = installmentPlan(total, card.installments);

  let chargeId: string | undefined;
  try {
    const remoteIp = await lookupIp().catch(() => '');
    const customer = await createCustomer({ name: session.nome_completo, cpfCnpj, email: session.email });
    try {
      const charge = await createInstallmentCharge({
        installmentCount: card.installments,
        customer,
        value: plan.value,
        totalValue: plan.total,
        billingType: 'CREDIT_CARD',
        dueDate: todayIso(),
        creditCard: {
          holderName: card.card_name.trim(),
          number: onlyDigits(card.card_number),
          expiryMonth: expiry.expiryMonth,
          expiryYear: expiry.expiryYear,
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
      chargeId = charge.id;
    } catch (error) {
      return isDeclined(error) ? { kind: 'failed' } : { kind: 'uncertain' };
    }
  } catch {
    return { kind: 'failed' }; // before the charge: nothing was charged
  }
  if (!chargeId) return { kind: 'failed' };

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
