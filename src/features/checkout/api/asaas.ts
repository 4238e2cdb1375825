import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { tooManyMessage } from '@/lib/too-many';
import type { ServiceId } from '@/lib/types';

/**
 * The Asaas proxy on the PocketBase host (pocketbase/pb_hooks). The seed's fields, plus what the server
 * needs to price the order itself: `tipo_servico`, `flex` and the attempt id (`externalReference`). The
 * server sets the due date and the buyer's IP, so the browser sends neither.
 */

export interface ChargeCardInput {
  installmentCount: number;
  customer: string;
  value: number;
  totalValue: number;
  billingType: 'CREDIT_CARD';
  creditCard: { holderName: string; number: string; expiryMonth: string; expiryYear: string; ccv: string };
  creditCardHolderInfo: {
    name: string;
    email: string;
    cpfCnpj: string;
    postalCode: string;
    addressNumber: string;
    phone: string;
  };
  tipo_servico: ServiceId;
  flex: boolean;
  externalReference: string;
}

/** The proxy's answer to a charge: the Asaas id and status, and what was bought. */
export interface ChargeAnswer {
  id: string;
  status: string;
  externalReference: string;
}

/** How long each call may take; past that a charge's outcome is unknown, never "failed". */
export const PAYMENT_TIMEOUTS_MS = { customer: 20_000, charge: 75_000 };

function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
}

export async function createCustomer(): Promise<string> {
  // The server makes the Asaas customer from the account's own data; the body is the seed's, for the record.
  const body = await pb.send<{ id?: string }>('/payments/asaas/customer', {
    method: 'POST',
    body: {},
    signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.customer),
  });
  if (!body.id) throw new Error('Asaas customer without id');
  return body.id;
}

export function chargeCard(input: ChargeCardInput): Promise<ChargeAnswer> {
  return pb.send<ChargeAnswer>('/payments/asaas/installment', {
    method: 'POST',
    body: input,
    signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.charge),
  });
}

/** A new attempt id: one attempt is one charge, however often its request is sent. */
export function newAttemptId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `tentativa-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What a failed charge request means for the customer. */
export type ChargeFailure =
  /** nothing was charged: the card was refused (Asaas's reason when it gave one) or the request was refused */
  | { kind: 'declined'; reason: string }
  /** the outcome is unknown (timeout, network, 5xx): paying again could charge twice */
  | { kind: 'unknown' }
  /** the server refuses a new charge: an order or a charge already exists */
  | { kind: 'conflict' }
  /** too many attempts: the server's own message */
  | { kind: 'limited'; message: string }
  /** the session ended: log in again */
  | { kind: 'signed-out' };

export function classifyChargeFailure(error: unknown): ChargeFailure {
  if (!(error instanceof ClientResponseError) || error.isAbort || error.status === 0)
    return { kind: 'unknown' };
  if (error.status === 401) return { kind: 'signed-out' };
  if (error.status === 409) return { kind: 'conflict' };
  const tooMany = tooManyMessage(error);
  if (tooMany) return { kind: 'limited', message: tooMany };
  if (error.status >= 400 && error.status < 500) {
    const data = error.response?.data as Record<string, { message?: unknown } | undefined> | undefined;
    const asaas = data?.asaas?.message;
    return { kind: 'declined', reason: typeof asaas === 'string' ? asaas : error.message };
  }
  return { kind: 'unknown' };
}

export interface PixInput {
  customer: string;
  value: number;
  description: string;
  tipo_servico: ServiceId;
  flex: boolean;
  externalReference: string;
}

/** A Pix charge at the server's price; a pending one of the same order is handed back instead of a new one. */
export function createPix(input: PixInput): Promise<ChargeAnswer> {
  return pb.send<ChargeAnswer>('/payments/asaas/pix', {
    method: 'POST',
    body: input,
    signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.customer),
  });
}

export interface PixQrCode {
  /** base64 PNG */
  encodedImage: string;
  /** the "copia e cola" code */
  payload: string;
  /** 'yyyy-MM-dd HH:mm:ss', São Paulo time */
  expirationDate: string;
}

export function pixQrCode(asaasId: string): Promise<PixQrCode> {
  return pb.send<PixQrCode>(`/payments/asaas/pix/${encodeURIComponent(asaasId)}`, {
    signal: timeoutSignal(PAYMENT_TIMEOUTS_MS.customer),
  });
}
