/**
 * The demo's Asaas behind the proxy: Asaas's behaviour as fake-asaas/fake-asaas.mjs describes it (the module the
 * real-server tests' stand-in serves), with its books in the demo's store and its webhooks delivered to the kit's
 * webhook route (jsvm/kit.ts), as the stand-in posts them to the server.
 */
import {
  type AsaasEvent,
  createFakeAsaas,
  type FakeAsaas,
  type FakeAsaasAnswer,
  type FakeAsaasBook,
} from '../../fake-asaas/fake-asaas.mjs';
import { pagamentoDoSeed } from '../../demo-seed/asaas';
import { getDb, saveDb } from './db';
import type { DemoDb } from './schema';
import type { Json } from './http';
import { parsePbDate } from './util';

/** A QR-code-like picture (made by scripts/backend/asaas-stand-in.mjs): the demo's Pix has no real bank behind it. */
const PIX_QR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAANgAAADYCAAAAACsS3IxAAAB30lEQVR4nO3VMW4DMQwEQP//00mXwrGyS9lGcNawPIjkDpu7fX1o3f47wLsK7GoFdrUCu1r9wG6bdd//a0H5btW3nQcMDAwM7EhYWrgLaQ+yejfNAwYGBgZ2NmwaaBpgd199IDAwMDAwsMmg8D4d5Nn5YGBgYGBgzwx6VR8YGBgYGNgrYKmmsGeh0zxgYGBgYGfCprV7gLZvNw8YGBgY2NmwNlh63x4i7U/fwcDAwMDOhk1rGiT1twet34GBgYGBHQWbBpl+b8EtJM0DAwMDAzsLliCrBW2QKaCtZT4wMDAwsKNgqwfTQNODpAOlXMvvYGBgYGBHwaaAaV86QNtfHwYMDAwM7EhY3RgWtv1/n2W9J+4FAwMDAzsKtgKlAGlRC5tC4zswMDAwsKNg2wPKauem9/XBwcDAwMDA3vgDXfVtQ+776odgYA/7wFLe+iEY2MO+t8HGA54M0vbff097wMDAwMDOgqXGtlrIKvj0kMt9YGBgYGBHwlJDWjgF785NucHAwMDAzoa1A9tFCTCFp71gYGBgYGATWL1wAUpz2n4wMDAwMLAJLAVM36dAMDAwMDCwBpaqXTCdv4KNoWBgYGBgR8J2awqbQtM7MDAwMLCzYZ9WYFcrsKsV2NXqY2HfURycKF+MA8AAAAAASUVORK5CYII=';

/** A list of the demo's store seen as one of the fake's books (Map's get/set/values/clear). */
function book<T extends { id: string }>(rows: T[]): FakeAsaasBook<T> {
  return {
    get: (id) => rows.find((r) => r.id === id),
    set: (id, value) => {
      const at = rows.findIndex((r) => r.id === id);
      if (at >= 0) rows[at] = value;
      else rows.push(value);
    },
    values: () => [...rows],
    clear: () => {
      rows.length = 0;
    },
  };
}

const fakes = new WeakMap<DemoDb, FakeAsaas>();

/** The demo's Asaas account, over the current store. */
export function demoAsaas(): FakeAsaas {
  const db = getDb();
  const known = fakes.get(db);
  if (known) return known;
  const fake = createFakeAsaas({
    qrImage: () => PIX_QR_PNG,
    state: { customers: book(db.asaasCustomers), payments: book(db.asaasCharges) },
  });
  fakes.set(db, fake);
  return fake;
}

/** A payment of the seed's orders, which Asaas holds from before the demo started, entered in its books. */
function conhecer(paymentId: string): void {
  const fake = demoAsaas();
  const charge = getDb().cobrancas.find((c) => c.asaas_id === paymentId);
  if (!charge || fake.state.payments.get(paymentId)) return;
  fake.store(pagamentoDoSeed(charge));
}

/** Events Asaas sends once its answer is out, waiting for the handler to finish (entregarEventos). */
const pending: AsaasEvent[] = [];

/**
 * Where the demo's Asaas posts its webhooks (jsvm/kit.ts entregar), given by jsvm/kit.ts as an Asaas account is given
 * its webhook URL: Asaas calls the server and the server calls Asaas; only the composition knows both.
 */
let webhook: ((body: Json) => unknown) | null = null;
export function configurarWebhook(receiver: (body: Json) => unknown): void {
  webhook = receiver;
}

function deliver(events: AsaasEvent[]): void {
  if (events.length === 0) return;
  if (!webhook)
    throw new Error('The demo Asaas has no webhook: jsvm/kit.ts gives it one (configurarWebhook).');
  const fake = demoAsaas();
  for (const { payment, event } of events) {
    const mark = pending.length;
    webhook(fake.webhookEvent(payment, event));
    // What the webhook's handling asked of Asaas (a duplicate's refund) sends its events once that handling is done.
    deliver(pending.splice(mark));
  }
}

/**
 * One call to the demo's Asaas (path with /v3). The events Asaas sends before its answer reach the webhook at
 * once; those it sends after wait for entregarEventos().
 */
export function asaasCall(
  method: string,
  path: string,
  body: Record<string, unknown> = {},
  query = new URLSearchParams(),
): FakeAsaasAnswer {
  const id = /^\/v3\/payments\/([^/]+)/.exec(path)?.[1];
  if (id) conhecer(decodeURIComponent(id));
  const answer = demoAsaas().request(method, path, query, body);
  // The demo never asks its Asaas for an invoice (notas.ts keeps the seed's): its events are payments'.
  const events = answer.events.filter((e): e is AsaasEvent => 'payment' in e);
  deliver(events.filter((e) => e.when === 'before'));
  pending.push(...events.filter((e) => e.when === 'after'));
  saveDb();
  return answer;
}

/** Delivers the events Asaas sends after its answers (a handler calls it once its own work is written). */
export function entregarEventos(): void {
  deliver(pending.splice(0));
  saveDb();
}

/** Something happens to a payment at Asaas (a Pix paid, a chargeback...): Asaas applies it and sends its event. */
export function asaasEvent(paymentId: string, event: string): void {
  const fake = demoAsaas();
  conhecer(paymentId);
  const payment = fake.state.payments.get(paymentId);
  if (payment) deliver([fake.applyEvent(payment, event)]);
  saveDb();
}

/** The demo pays a Pix a few seconds after it was made, as if the customer's bank had sent it. */
const DEMO_PIX_PAID_AFTER_MS = import.meta.env.MODE === 'test' ? 0 : 6000;
export function pagarPixDemo(): void {
  if (DEMO_PIX_PAID_AFTER_MS === 0) return;
  const madeBy = Date.now() - DEMO_PIX_PAID_AFTER_MS;
  for (const charge of getDb().cobrancas) {
    const made = parsePbDate(charge.created)?.getTime() ?? Infinity;
    if (charge.metodo === 'pix' && charge.status === 'PENDING' && made <= madeBy)
      asaasEvent(charge.asaas_id, 'PAYMENT_RECEIVED');
  }
}
