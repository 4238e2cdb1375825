import { ClientResponseError } from 'pocketbase';
import { env } from '@/config/env';
import { backendReady } from '@/lib/backend-ready';
import { pb } from '@/lib/pocketbase';
import type { PaymentRecord } from '@/lib/types';

/** The Asaas proxy lives on the PocketBase host; the SDK's send gives it the same URL and error type. */

export interface AsaasCustomerInput {
  name: string;
  cpfCnpj: string;
  email: string;
}

export interface AsaasInstallmentInput {
  installmentCount: number;
  customer: string;
  value: number;
  totalValue: number;
  billingType: 'CREDIT_CARD';
  dueDate: string;
  creditCard: { holderName: string; number: string; expiryMonth: string; expiryYear: string; ccv: string };
  creditCardHolderInfo: {
    name: string;
    email: string;
    cpfCnpj: string;
    postalCode: string;
    addressNumber: string;
    phone: string;
  };
  remoteIp: string;
}

export async function lookupIp(): Promise<string> {
  await backendReady;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  try {
    const response = await fetch(env.ipLookupUrl, { signal: controller.signal });
    const body: unknown = await response.json();
    const ip = body && typeof body === 'object' && 'ip' in body ? body.ip : '';
    return typeof ip === 'string' ? ip : '';
  } finally {
    clearTimeout(timer);
  }
}

/** How long each payment call may take before it counts as failed (or, for the charge, as unknown). */
export const PAYMENT_TIMEOUTS_MS = { customer: 20_000, charge: 60_000, save: 15_000 };

/** An abort signal that fires after `ms`; a hung request must not leave the customer waiting forever. */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
}

export async function createCustomer(input: AsaasCustomerInput): Promise<string> {
  const body = await pb.send<{ id?: string }>('/payments/asaas/customer', {
    method: 'POST',
    body: input,
    signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.customer),
  });
  if (!body.id) throw new Error('Asaas customer without id');
  return body.id;
}

export async function createInstallmentCharge(input: AsaasInstallmentInput): Promise<{ id?: string }> {
  return pb.send<{ id?: string }>('/payments/asaas/installment', {
    method: 'POST',
    body: input,
    signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.charge),
  });
}

/** Asaas answers a refused card with HTTP 400 and `errors[].code`; such a charge was not made. */
export function isDeclined(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status >= 400 && error.status < 500;
}

export interface PaymentRecordInput {
  usuario: string;
  tipo_servico: string;
  preco_servico: number;
  metodo_pagamento: 'cartao_credito';
  numero_parcelas: number;
  asaas_id_pagamento: string;
}

export function createPaymentRecord(input: PaymentRecordInput) {
  return pb
    .collection('pagamentos')
    .create<PaymentRecord>(input, { signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.save) });
}

/** Finds the record of an Asaas payment, so a retried save never writes it twice. */
export async function findPaymentRecord(userId: string, asaasId: string): Promise<PaymentRecord | null> {
  const list = await pb.collection('pagamentos').getList<PaymentRecord>(1, 1, {
    filter: pb.filter('usuario = {:userId} && asaas_id_pagamento = {:asaasId}', { userId, asaasId }),
    signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.save),
  });
  return list.items[0] ?? null;
}
