import { ClientResponseError } from 'pocketbase';
import { expiryParts } from '@/lib/card';
import { onlyDigits } from '@/lib/cpf';
import { installmentPlan } from '@/lib/installments';
import { CHARGE_IN_ANALYSIS, CHARGE_PAID } from '@/lib/api/charges';
import type { Session } from '@/lib/session';
import type { ServiceId } from '@/lib/types';
import { chargeCard, classifyChargeFailure, createCustomer, type ChargeFailure } from './api/asaas';

export interface CardInput {
  card_name: string;
  card_number: string;
  card_expiry_date: string;
  card_cvv: string;
  installments: number;
  /** The holder's CEP and house number, and when the card is someone else's, their name, CPF and phone. */
  holder: {
    postalCode: string;
    addressNumber: string;
    other: { name: string; cpf: string; phone: string } | null;
  };
}

export interface Order {
  serviceId: ServiceId;
  flex: boolean;
  total: number;
}

export type PaymentOutcome =
  /** paid: the server has written the order */
  | { kind: 'confirmed'; asaasId: string }
  /** held by Asaas (PENDING, AWAITING_RISK_ANALYSIS): the order waits for the webhook */
  | { kind: 'analysis'; asaasId: string }
  | ChargeFailure;

/**
 * The seed's order of calls, minus what the server now does itself: the Asaas customer (made by the server
 * from the account), then the card charge, priced and recorded by the server. `attempt` is sent as
 * `externalReference`: sending the same attempt again can never charge twice.
 */
export async function pay(
  session: Session,
  order: Order,
  card: CardInput,
  attempt: string,
): Promise<PaymentOutcome> {
  const expiry = expiryParts(card.card_expiry_date);
  if (!expiry) return { kind: 'declined', reason: 'Data de validade inválida' };
  let customer: string;
  try {
    customer = await createCustomer();
  } catch (error) {
    // Nothing was charged yet: whatever went wrong, trying again is safe.
    const failure = classifyChargeFailure(error);
    if (failure.kind === 'signed-out' || failure.kind === 'declined' || failure.kind === 'limited')
      return failure;
    return {
      kind: 'declined',
      reason:
        error instanceof ClientResponseError && error.status >= 500
          ? error.message
          : 'Não foi possível iniciar o pagamento. Verifique sua conexão e tente novamente.',
    };
  }
  const plan = installmentPlan(order.total, card.installments);
  try {
    const answer = await chargeCard({
      installmentCount: card.installments,
      customer,
      value: plan.value,
      totalValue: plan.total,
      billingType: 'CREDIT_CARD',
      creditCard: {
        holderName: card.card_name.trim(),
        number: onlyDigits(card.card_number),
        expiryMonth: expiry.expiryMonth,
        expiryYear: expiry.expiryYear,
        ccv: card.card_cvv,
      },
      creditCardHolderInfo: {
        name: card.holder.other?.name.trim() ?? session.nome_completo,
        email: session.email,
        cpfCnpj: onlyDigits(card.holder.other?.cpf ?? session.cpf),
        postalCode: onlyDigits(card.holder.postalCode),
        addressNumber: card.holder.addressNumber.trim(),
        phone: onlyDigits(card.holder.other?.phone ?? session.celular),
      },
      tipo_servico: order.serviceId,
      flex: order.flex,
      externalReference: attempt,
    });
    if (CHARGE_PAID.includes(answer.status)) return { kind: 'confirmed', asaasId: answer.id };
    if (CHARGE_IN_ANALYSIS.includes(answer.status)) return { kind: 'analysis', asaasId: answer.id };
    // An answer without a known status: the server holds the charge; treat it as not yet known.
    return { kind: 'unknown' };
  } catch (error) {
    return classifyChargeFailure(error);
  }
}
