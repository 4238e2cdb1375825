// The two backends the contract suite asks the same questions: the demo's stand-in (src/mocks/, through MSW)
// and the real PocketBase with this project's kit. Each also drives what stands behind it the same way: the
// e-mails it sent, and Asaas (a payment's status, and a webhook event delivered to the server).
import { getResponse } from 'msw';
import { inject } from 'vitest';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { TEST_WEBHOOK_TOKEN } from '../../scripts/backend/real-backend.mjs';
import type { PaymentRecord } from '@/lib/types';
import { getDb } from '@/mocks/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';
import { handlers } from '@/mocks/handlers';
import type { FakeAsaasSettings } from '../../fake-asaas/fake-asaas.mjs';
import { asaasEvent as demoAsaasEvent, demoAsaas } from '@/mocks/asaas';
import { getMailbox } from '@/mocks/mailbox';
import { DEMO_WEBHOOK_TOKEN } from '@/mocks/jsvm/env';
import {
  asaasConfig,
  asaasEvent,
  asaasCustomerHeld,
  asaasPayment,
  asaasStore,
  linkToken,
  mailsTo,
  nextIp,
  PB_URL,
  postWebhook,
  superuser,
} from './helpers';

export interface Backend {
  name: string;
  client: () => PocketBase;
  /** The token of the verification link e-mailed to `email`. */
  verificationToken: (email: string) => Promise<string>;
  /** Whether `email` was sent a mail with this subject. */
  mailed: (email: string, subject: string) => Promise<boolean>;
  /** The plain text of each mail with this subject sent to `email` (line ends as \n, trimmed). */
  mailTexts: (email: string, subject: string) => Promise<string[]>;
  /** A payment as Asaas holds it (what the server sent it: `description`; whether it was cancelled: `deleted`). */
  asaasPayment: (paymentId: string) => Promise<Record<string, unknown> | undefined>;
  /** A customer as Asaas holds it (what the server sent Asaas when it made it). */
  asaasCustomer: (customerId: string) => Promise<Record<string, unknown> | undefined>;
  /** Sets the status Asaas reports for a payment. */
  asaasStatus: (paymentId: string, status: string) => Promise<void>;
  /** Delivers an Asaas webhook event about a payment, as Asaas posts it. */
  webhook: (event: string, paymentId: string) => Promise<{ status: number }>;
  /** Something happens to a payment at Asaas (a Pix overdue, then paid): Asaas applies it and sends its event. */
  asaasEvent: (paymentId: string, event: string) => Promise<void>;
  /** Sets how Asaas behaves (fake-asaas/fake-asaas.mjs settings: when a new charge's events are sent). */
  asaasConfig: (settings: Partial<FakeAsaasSettings>) => Promise<void>;
  /** The ids of every payment of the charge `paymentId` belongs to (one per installment). */
  installments: (paymentId: string) => Promise<string[]>;
  /**
   * Writes an order's fields past the API's rules, as the server itself does: its payment time (`pago_em`) moved
   * back, a refund's state.
   */
  orderFields: (paymentRowId: string, fields: Partial<PaymentRecord>) => Promise<void>;
}

const sameCharge = (payments: { id: string; installment?: unknown }[], paymentId: string): string[] => {
  const installment = payments.find((p) => p.id === paymentId)?.installment;
  return installment ? payments.filter((p) => p.installment === installment).map((p) => p.id) : [paymentId];
};

const mswFetch = async (url: RequestInfo | URL, init?: RequestInit) =>
  (await getResponse(handlers, new Request(url, init))) ??
  new Response(JSON.stringify({ status: 404, message: 'no handler', data: {} }), { status: 404 });

/** An SDK client with its own address (the per-IP limits keep clients apart by it), through `fetch`. */
function sdk(url: string, fetcher?: typeof fetch): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  const ip = nextIp();
  pb.beforeSend = (target, options) => ({
    url: target,
    options: {
      ...options,
      ...(fetcher ? { fetch: fetcher } : {}),
      headers: { ...options.headers, 'X-Forwarded-For': ip },
    },
  });
  return pb;
}

const plain = (text: string) => text.replace(/\r\n/g, '\n').trim();

let eventCounter = 0;
const eventBody = (event: string, paymentId: string) => ({
  id: `evt_contrato_${Date.now().toString(36)}_${eventCounter++}`,
  event,
  payment: { id: paymentId },
});

export const BACKENDS: Backend[] = [
  {
    name: 'the demo stand-in (MSW)',
    client: () => sdk('http://msw.local', mswFetch as typeof fetch),
    verificationToken: async (email) =>
      getMailbox().findLast((m) => m.email === email && m.kind === 'verification')?.token ?? '',
    mailed: async (email, subject) => getMailbox().some((m) => m.email === email && m.subject === subject),
    mailTexts: async (email, subject) =>
      getMailbox()
        .filter((m) => m.email === email && m.subject === subject)
        .map((m) => plain(m.text ?? '')),
    asaasPayment: async (paymentId) => getDb().asaasCharges.find((p) => p.id === paymentId),
    asaasCustomer: async (customerId) => getDb().asaasCustomers.find((c) => c.id === customerId),
    asaasStatus: async (paymentId, status) => {
      const payment = getDb().asaasCharges.find((p) => p.id === paymentId);
      if (payment) payment.status = status;
    },
    webhook: async (event, paymentId) =>
      mswFetch('http://msw.local/payments/asaas/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'asaas-access-token': DEMO_WEBHOOK_TOKEN },
        body: JSON.stringify(eventBody(event, paymentId)),
      }),
    asaasEvent: async (paymentId, event) => demoAsaasEvent(paymentId, event),
    asaasConfig: async (settings) => void demoAsaas().configure(settings),
    installments: async (paymentId) => sameCharge(getDb().asaasCharges, paymentId),
    orderFields: async (id, fields) => {
      const payment = getDb().pagamentos.find((p) => p.id === id);
      if (payment) Object.assign(payment, fields);
    },
  },
  {
    name: 'PocketBase with the kit',
    client: () => sdk(PB_URL),
    verificationToken: async (email) => {
      const mails = await mailsTo(email, { subject: /Confirme seu e-mail/ });
      const mail = mails.at(-1);
      return mail ? linkToken(mail, '/confirm_verification') : '';
    },
    mailed: async (email, subject) =>
      (await mailsTo(email, { timeoutMs: 500 })).some((m) => m.subject === subject),
    mailTexts: async (email, subject) =>
      (await mailsTo(email, { timeoutMs: 500 }))
        .filter((m) => m.subject === subject)
        .map((m) => plain(m.text)),
    asaasPayment,
    asaasCustomer: asaasCustomerHeld,
    asaasStatus: async (paymentId, status) => {
      const payment = await asaasPayment(paymentId);
      if (payment) await asaasStore({ ...payment, status });
    },
    webhook: (event, paymentId) => postWebhook(eventBody(event, paymentId), TEST_WEBHOOK_TOKEN),
    asaasEvent: async (paymentId, event) => {
      const { status } = await asaasEvent(paymentId, event);
      if (status !== 200) throw new Error(`the server answered ${status} to ${event}`);
    },
    asaasConfig,
    installments: async (paymentId) => {
      const response = await fetch(`${inject('asaasUrl')}/__control/payments`);
      return sameCharge((await response.json()) as { id: string; installment?: unknown }[], paymentId);
    },
    orderFields: async (id, fields) => {
      await (await superuser()).collection('pagamentos').update(id, fields);
    },
  },
];

/** A client of `backend` signed in as one of the demo's accounts (the seed's, on both backends). */
export async function signedIn(backend: Backend, account: keyof typeof DEMO_ACCOUNTS): Promise<PocketBase> {
  const pb = backend.client();
  await pb.collection('usuarios').authWithPassword(DEMO_ACCOUNTS[account].email, DEMO_PASSWORD);
  return pb;
}

/** What a call answered: the status, message, and the field errors as PocketBase wrote them (`data`). */
export async function answerInFull(call: Promise<unknown>) {
  try {
    await call;
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof ClientResponseError)) throw error;
    const data = (error.response?.data ?? {}) as Record<string, { code?: string; message?: string }>;
    return { status: error.status, message: error.message, data };
  }
}

/** What a call answered: the status, message, and the codes of the field errors. */
export async function answer(call: Promise<unknown>) {
  const { data, ...rest } = await answerInFull(call);
  if (!data) return rest;
  return { ...rest, codes: Object.fromEntries(Object.entries(data).map(([field, e]) => [field, e?.code])) };
}
