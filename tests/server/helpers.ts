// Helpers for the real-server tier: SDK clients, customers made the way the app makes them (register, the
// link from the captured e-mail, log in), the captured mails and what the Asaas stand-in received.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { expect, inject } from 'vitest';
import type { CapturedMail } from '../../scripts/backend/mail-capture.mjs';
import type { AsaasRequest } from '../../scripts/backend/asaas-stand-in.mjs';
import type { FakeAsaasSettings } from '../../fake-asaas/fake-asaas.mjs';
import { freePort, startPocketBase } from '../../scripts/backend/pocketbase-server.mjs';
import { TEST_ASAAS_KEY, TEST_WEBHOOK_TOKEN } from '../../scripts/backend/real-backend.mjs';
import { scaleRows } from '../../scripts/bench/bench-server.mjs';
import { applyStaffRule, insertRows, passwordHash } from '../../scripts/backend/seed.mjs';
import type { RegisterInput } from '@/features/auth/api/auth';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';

export const PB_URL = inject('pbUrl');
const MAIL_URL = inject('mailUrl');
const ASAAS_URL = inject('asaasUrl');
export const PASSWORD = 'Senha@2026';

let counter = 0;
const run = Date.now().toString(36);
const unique = () => `${run}${(counter++).toString(36)}`;

/**
 * A fresh IP per customer (sent as X-Forwarded-For, which the test server trusts) keeps the per-IP limits
 * apart: random in 10.0.0.0/8, since the test files run in parallel workers that share the server.
 */
const byte = () => Math.floor(Math.random() * 254) + 1;
export const nextIp = () => `10.${byte()}.${byte()}.${byte()}`;

/** An SDK client as the app makes one; `ip` is the address the server will see; `url` another server's. */
export function client(ip = nextIp(), url: string = PB_URL): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  pb.beforeSend = (url, options) => {
    options.headers = { ...options.headers, 'X-Forwarded-For': ip };
    return { url, options };
  };
  return pb;
}

let superuserClient: PocketBase | null = null;
export async function superuser(): Promise<PocketBase> {
  if (superuserClient?.authStore.isValid) return superuserClient;
  // An address of its own, like every client here: the superuser's login is limited per IP (limites.json), and
  // each test file logs in once.
  const pb = client();
  const { email, password } = inject('superuser');
  await pb.collection('_superusers').authWithPassword(email, password);
  superuserClient = pb;
  return pb;
}

/** A client of the server at `url` signed in as `email` (password PASSWORD). */
export async function signedIn(url: string, email: string): Promise<PocketBase> {
  const pb = client(nextIp(), url);
  await pb.collection('usuarios').authWithPassword(email, PASSWORD);
  return pb;
}

/** A CPF with valid check digits, from any 9 digits. */
export function cpf(base9: string): string {
  const s = comum.comDigitosCpf(base9);
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** A random valid CPF: one account per CPF, and the test files run in parallel workers. */
export const nextCpf = () => cpf(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));

/** CPF and phone as the server stores them: digits only. */
export const digits = (text: string) => text.replace(/\D/g, '');

/** What the app's registration form sends (features/auth). */
export type { RegisterInput };

export function registration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    nome_completo: 'Maria da Conceição Souza',
    email: `cliente-${unique()}@teste.passaporte.test`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    cpf: nextCpf(),
    celular: '(11) 98765-4321',
    ...overrides,
  };
}

/** Polls the SMTP capture for mails to `address` until `count` of them (matching `subject`) arrived. */
export async function mailsTo(
  address: string,
  { subject, count = 1, timeoutMs = 5000 } = {} as {
    subject?: RegExp;
    count?: number;
    timeoutMs?: number;
  },
): Promise<CapturedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${MAIL_URL}/mails?to=${encodeURIComponent(address)}`);
    const all = (await response.json()) as CapturedMail[];
    const found = subject ? all.filter((m) => subject.test(m.subject)) : all;
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The query parameter `name` of the first link in a mail's HTML that points at `path`. */
export function linkToken(mail: CapturedMail, path: string): string {
  const match = mail.html.match(new RegExp(`href="[^"]*${path}\\?token=([^"&]+)"`));
  if (!match?.[1]) throw new Error(`no ${path} link in mail "${mail.subject}"`);
  return match[1];
}

export interface Customer {
  pb: PocketBase;
  id: string;
  email: string;
  ip: string;
  input: RegisterInput;
}

/** Registers a customer and, unless told otherwise, verifies them through the e-mailed link and logs in. */
export async function newCustomer({
  verified = true,
  admin = false,
  ...overrides
}: Partial<RegisterInput> & {
  verified?: boolean;
  admin?: boolean;
} = {}): Promise<Customer> {
  const ip = nextIp();
  const pb = client(ip);
  const input = registration(overrides);
  const record = await pb.collection('usuarios').create(input);
  if (verified) {
    await pb.collection('usuarios').requestVerification(input.email);
    const [mail] = await mailsTo(input.email, { subject: /Confirme seu e-mail/ });
    if (!mail) throw new Error(`no verification mail for ${input.email}`);
    await pb.collection('usuarios').confirmVerification(linkToken(mail, '/confirm_verification'));
  }
  if (admin) await (await superuser()).collection('usuarios').update(record.id, { admin: true });
  await pb.collection('usuarios').authWithPassword(input.email, input.password);
  return { pb, id: record.id, email: input.email, ip, input };
}

/** The error a call ends with (fails the test when it succeeds). */
export async function failure(call: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ClientResponseError) return error;
    throw error;
  }
  expect.fail('the call was expected to fail');
}

// ---------------------------------------------------------------- Asaas stand-in

export async function asaasRequests(): Promise<AsaasRequest[]> {
  const response = await fetch(`${ASAAS_URL}/__control/requests`);
  return (await response.json()) as AsaasRequest[];
}

/** Every payment the stand-in holds. */
export async function asaasPayments(): Promise<({ id: string } & Record<string, unknown>)[]> {
  const response = await fetch(`${ASAAS_URL}/__control/payments`);
  return (await response.json()) as ({ id: string } & Record<string, unknown>)[];
}

export async function asaasPayment(id: string): Promise<Record<string, unknown> | undefined> {
  return (await asaasPayments()).find((p) => p.id === id);
}

/** A customer as the stand-in holds it (what the server sent Asaas when it made it). */
export async function asaasCustomerHeld(id: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`${ASAAS_URL}/__control/customers`);
  const all = (await response.json()) as { id: string }[];
  return all.find((c) => c.id === id);
}

/** Applies an event to a stand-in charge and delivers its webhook to the server; returns the server's answer. */
export async function asaasEvent(
  paymentId: string,
  event: string,
): Promise<{ status: number; body?: string }> {
  const response = await fetch(`${ASAAS_URL}/__control/payments/${paymentId}/event`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ event }),
  });
  return (await response.json()) as { status: number; body?: string };
}

/** Stores a payment as Asaas holds it (a documented payload), so the server's GET /payments/{id} finds it. */
export async function asaasStore(payment: Record<string, unknown>): Promise<void> {
  await fetch(`${ASAAS_URL}/__control/payments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ payment }),
  });
}

/** Sets the stand-in's behaviour (fake-asaas/fake-asaas.mjs settings); `asaasConfig({})` reads it. */
export async function asaasConfig(settings: Partial<FakeAsaasSettings>): Promise<void> {
  await fetch(`${ASAAS_URL}/__control/config`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
  });
}

/** Delivers a webhook event to the server as Asaas does (with the configured token). */
export async function postWebhook(
  body: unknown,
  token: string | null = 'token-webhook-de-teste',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${PB_URL}/payments/asaas/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token === null ? {} : { 'asaas-access-token': token }),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What the server holds for a customer: payments, bookings, charges. */
export async function orderOf(userId: string) {
  const su = await superuser();
  const filter = su.filter('usuario = {:id}', { id: userId });
  return {
    payments: await su.collection('pagamentos').getFullList({ filter }),
    bookings: await su.collection('agendamentos').getFullList({ filter }),
    charges: await su.collection('cobrancas').getFullList({ filter, sort: 'created' }),
  };
}

// ---------------------------------------------------------------- payments

/** The stand-in's test cards (regras.json), and one it approves. */
export const CARDS = {
  ...regras.cartoesTeste,
  approved: '4111111111111111',
  declined: regras.cartoesTeste.declined[0] ?? '',
};

export async function asaasCustomer(customer: Customer): Promise<string> {
  const { id } = await customer.pb.send<{ id: string }>('/payments/asaas/customer', {
    method: 'POST',
    body: {
      name: customer.input.nome_completo,
      cpfCnpj: customer.input.cpf.replace(/\D/g, ''),
      email: customer.email,
    },
  });
  return id;
}

/** The card request the app sends (seed fields plus tipo_servico, flex and the attempt id). */
export function cardRequest(
  customerId: string,
  customer: Customer,
  {
    tipo = 'individual',
    flex = false,
    parcelas = 1,
    number = CARDS.approved,
    attempt = `tentativa-${unique()}`,
  }: {
    tipo?: 'individual' | 'familiar';
    flex?: boolean;
    parcelas?: number;
    number?: string;
    attempt?: string;
  } = {},
) {
  const total = regras.precos[tipo] + (flex ? regras.taxaFlex : 0);
  return {
    installmentCount: parcelas,
    customer: customerId,
    value: comum.parcelamento(total, parcelas).valor,
    totalValue: total,
    billingType: 'CREDIT_CARD',
    dueDate: '2020-01-01',
    creditCard: { holderName: 'MARIA C SOUZA', number, expiryMonth: '12', expiryYear: '2031', ccv: '123' },
    creditCardHolderInfo: {
      name: customer.input.nome_completo,
      email: customer.email,
      cpfCnpj: customer.input.cpf.replace(/\D/g, ''),
      postalCode: '01310100',
      addressNumber: '1000',
      phone: '11987654321',
    },
    remoteIp: '1.1.1.1',
    tipo_servico: tipo,
    flex,
    externalReference: attempt,
  };
}

export interface ChargeAnswer {
  id: string;
  status: string;
  externalReference: string;
}

export function payByCard(customer: Customer, body: Record<string, unknown>) {
  return customer.pb.send<ChargeAnswer>('/payments/asaas/installment', { method: 'POST', body });
}

/** A customer who bought `tipo` by card: the server wrote their payment and NOVO booking. */
export async function paidCustomer(options: Parameters<typeof cardRequest>[2] = {}) {
  const customer = await newCustomer();
  const asaasId = await asaasCustomer(customer);
  const charge = await payByCard(customer, cardRequest(asaasId, customer, options));
  return { customer, asaasId, charge };
}

/** A Pix charge for the individual service, as the app asks the proxy for one. */
export async function pixCharge(customer: Customer, asaasId: string) {
  return customer.pb.send<{ id: string; status: string }>('/payments/asaas/pix', {
    method: 'POST',
    body: {
      customer: asaasId,
      billingType: 'PIX',
      value: 699,
      dueDate: '2020-01-01',
      tipo_servico: 'individual',
      flex: false,
    },
  });
}

// ---------------------------------------------------------------- a server of a test's own

/**
 * A PocketBase of the test's own (a setting the tier's server has on, turned off: `env`), charging through the
 * tier's Asaas stand-in, with its superuser client and one paid-ready customer (verified, logged in). The
 * stand-in's webhooks still go to the tier's server: what the test checks is what this server asked.
 */
export async function ownServer(env: Record<string, string>) {
  const pb = await startPocketBase({
    port: await freePort(),
    env: {
      ASAAS_API_URL: `${ASAAS_URL}/v3`,
      ASAAS_API_KEY: TEST_ASAAS_KEY,
      ASAAS_WEBHOOK_TOKEN: TEST_WEBHOOK_TOKEN,
      MAIL_SENDER_ADDRESS: 'nao-responda@passaporte-italiano.test',
      ...env,
    },
  });
  const admin = new PocketBase(pb.url);
  admin.authStore.save(pb.superuser.token);
  const input = registration();
  await admin.collection('usuarios').create({ ...input, verified: true });
  const client = new PocketBase(pb.url);
  await client.collection('usuarios').authWithPassword(input.email, input.password);
  const customer: Customer = {
    pb: client,
    id: client.authStore.record?.id ?? '',
    email: input.email,
    ip: '',
    input,
  };
  return { url: pb.url, dataDir: pb.dataDir, admin, customer, stop: pb.stop };
}

/**
 * Moves records' `created` (an autodate the API never sets) `days` back, in the data.db of a running server of the
 * test's own, past the API as the seed writes it (scripts/backend/seed.mjs): what a job that reads the age sees.
 */
export function createdDaysAgo(dataDir: string, table: string, ids: string[], days: number): void {
  const created = new Date(Date.now() - days * 86_400_000).toISOString().replace('T', ' ');
  const result = spawnSync(
    process.env.PYTHON || 'python3',
    [
      '-c',
      'import sqlite3,sys; c=sqlite3.connect(sys.argv[1], timeout=30); ' +
        'c.executemany(f"UPDATE `{sys.argv[2]}` SET created = ? WHERE id = ?", [(sys.argv[3], i) for i in sys.argv[4:]]); ' +
        'c.commit(); print(c.total_changes)',
      path.join(dataDir, 'data.db'),
      table,
      created,
      ...ids,
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0 || Number(result.stdout.trim()) !== ids.length)
    throw new Error(`could not age ${table} ${ids.join(', ')}: ${result.stderr || result.stdout}`);
}

/**
 * A PocketBase of the test's own seeded as the bench seeds it (scripts/bench/bench-server.mjs scaleRows), straight into
 * its database past the API: 12 customers, the first of them staff, the third hiding its e-mail; clients signed in
 * as the staff member and the second customer, a visitor's and the superuser's.
 */
export async function scaleServer(bookings: number, env: Record<string, string> = {}) {
  const server = await startPocketBase({ port: await freePort(), env });
  const hash = await passwordHash(server, PASSWORD);
  const rows = scaleRows({ customers: 12, bookings, hash });
  const [first, second, third] = rows.usuarios;
  if (!first || !second || !third) throw new Error('the seed has no accounts');
  third.emailVisibility = false;
  insertRows(server.dataDir, rows);
  await applyStaffRule(server, rows.usuarios);
  const root = client(nextIp(), server.url);
  root.authStore.save(server.superuser.token);
  return {
    server,
    staffId: String(first.id),
    staff: await signedIn(server.url, first.email),
    customer: await signedIn(server.url, second.email),
    visitor: client(nextIp(), server.url),
    root,
  };
}

/** Closes a booking 31 days ago (FINALIZADO) and runs the retention job on it, until it has. */
export async function closedAndRetained(bookingId: string): Promise<void> {
  const su = await superuser();
  await su.collection('agendamentos').update(bookingId, { status_agendamento: 'FINALIZADO' });
  const daysAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().replace('T', ' ');
  await su.collection('agendamentos').update(bookingId, { encerrado_em: daysAgo });
  await su.crons.run('processo_retencao');
  await expect
    .poll(async () => (await su.collection('agendamentos').getOne(bookingId)).arquivos_excluidos_em)
    .not.toBe('');
}
