// @ts-check
// An Asaas API v3 stand-in on loopback: Asaas's behaviour (fake-asaas/fake-asaas.mjs) served over HTTP, with the
// webhooks it sends POSTed to the configured URL with the `asaas-access-token` header. Used by the real-server
// tests and `npm run backend`; never in production.
//
//   import { startAsaasStandIn } from './asaas-stand-in.mjs';
//   const asaas = await startAsaasStandIn({ apiKey, webhook: { url, token }, pixAutoPayMs, eventsOnCreate });
//
// A new charge's events (PAYMENT_CREATED, then PAYMENT_CONFIRMED per installment) go out as `eventsOnCreate`
// says: 'before' the POST's answer (the last installment's first), 'after' it, 'alternate', or 'none'. Refunds
// and DELETE send theirs just after their answer.
//
// Test-only endpoints (no key): GET /__control/requests, GET /__control/payments, GET /__control/customers,
// GET /__control/webhooks,
// POST /__control/payments {payment} (a payment Asaas holds, e.g. one made elsewhere),
// POST /__control/payments/{id}/event {event} (applies the event and delivers its webhook; answers the
// server's {status, body}), POST /__control/config {eventsOnCreate, eventsOnRefund ('after' or 'before' the refund's
// answer), rateLimitNext: n (the next n API calls get a
// 429), rateLimitEvery: n (every n-th call does), serverErrorNext: n (the next n calls get a 500; serverErrorOnly,
// like rateLimitOnly, names the one call), refundNoAnswerNext: n (the next n refunds are made, listed in the
// payment's `refunds`, and their webhooks sent when the answer is due, but the call is held open `noAnswerMs`),
// invoiceErrorNext: n (the next n invoices end in ERROR)},
// POST /__control/reset, GET /__control/invoices, POST /__control/invoices/{id}/event {event} (likewise for an
// invoice: INVOICE_AUTHORIZED, _ERROR...; any other event, e.g. a replay of INVOICE_CREATED, as it stands).
// An invoice's steps (INVOICE_CREATED, _SYNCHRONIZED, then _AUTHORIZED or _ERROR) go out one after another just
// after the POST's answer; its PDF and XML are served at /nfse/{id}.pdf and .xml, as Asaas links them.
import { createServer } from 'node:http';
import { createFakeAsaas, errors } from '../../fake-asaas/fake-asaas.mjs';
import { encodePng } from '../fixtures/png.mjs';

export { TEST_CARDS, todaySaoPaulo } from '../../fake-asaas/fake-asaas.mjs';

/** @import { AsaasInvoice, AsaasPayment, FakeAsaas, FakeAsaasSettings } from '../../fake-asaas/fake-asaas.mjs' */
/** @typedef {FakeAsaasSettings['eventsOnCreate']} EventsOnCreate */

/**
 * A call Asaas received, as tests read it (the card cut to its last four digits).
 * @typedef {object} AsaasRequest
 * @property {string} method
 * @property {string} path
 * @property {'ok' | 'wrong'} accessToken whether `access_token` was the stand-in's key
 * @property {string} userAgent
 * @property {Record<string, unknown>} body
 */

/**
 * @typedef {object} AsaasStandIn
 * @property {string} url the API's base, with /v3
 * @property {number} port
 * @property {FakeAsaas['state'] & {
 *   requests: AsaasRequest[],
 *   webhooks: { event: string, paymentId: string, status: number }[],
 * }} state
 * @property {() => Promise<void>} close
 */

/**
 * An event to send as a webhook: a payment's, or an invoice's (with `apply`, applied first).
 * @typedef {{ payment: AsaasPayment, event: string, invoice?: undefined }
 *   | { invoice: AsaasInvoice, event: string, apply?: boolean }} Delivery
 */

/**
 * A small black-and-white PNG derived from the payload (a stand-in for the QR code image).
 * @param {string} payload
 */
function qrPng(payload) {
  const size = 25;
  const scale = 8;
  const seed = [...payload].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  /** @type {(x: number, y: number) => boolean | number} */
  const dark = (x, y) => {
    /** @type {(fx: number, fy: number) => boolean} */
    const finder = (fx, fy) => x >= fx && x < fx + 7 && y >= fy && y < fy + 7;
    if (finder(0, 0) || finder(size - 7, 0) || finder(0, size - 7)) {
      const inX = x < 7 ? x : x - (size - 7);
      const inY = y < 7 ? y : y - (size - 7);
      const ring = Math.max(Math.abs(inX - 3), Math.abs(inY - 3));
      return ring !== 2;
    }
    return ((seed >>> (x * 7 + y * 13) % 29) ^ (x * y)) & 1;
  };
  const px = size * scale + 16;
  const rows = [];
  for (let y = 0; y < px; y++) {
    const row = Buffer.alloc(px + 1);
    for (let x = 0; x < px; x++) {
      const mx = Math.floor((x - 8) / scale);
      const my = Math.floor((y - 8) / scale);
      const inside = mx >= 0 && my >= 0 && mx < size && my < size;
      row[x + 1] = inside && dark(mx, my) ? 0 : 255;
    }
    rows.push(row);
  }
  return encodePng(px, px, 0, Buffer.concat(rows)).toString('base64');
}

/**
 * A one-page PDF that says which invoice it is (a stand-in for the city's document).
 * @param {AsaasInvoice} invoice
 */
function invoicePdf(invoice) {
  const text = `NFS-e ${invoice.number} - R$ ${Number(invoice.value).toFixed(2)}`;
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Starts the stand-in. Options: port (0 = any free one), apiKey (required in `access_token`),
 * webhook ({url, token}: where events go), pixAutoPayMs (a Pix charge is paid by itself after this long),
 * noAnswerMs (how long the 'no answer' card hangs), eventsOnCreate (see above; 'none' by default).
 * @param {object} [options]
 * @param {number} [options.port]
 * @param {string} [options.apiKey]
 * @param {{ url: string, token: string } | null} [options.webhook]
 * @param {number} [options.pixAutoPayMs]
 * @param {number} [options.noAnswerMs]
 * @param {EventsOnCreate} [options.eventsOnCreate]
 * @returns {Promise<AsaasStandIn>}
 */
export function startAsaasStandIn({
  port = 0,
  apiKey = 'chave-de-teste',
  webhook = null,
  pixAutoPayMs = 0,
  noAnswerMs = 120_000,
  eventsOnCreate = 'none',
} = {}) {
  const asaas = createFakeAsaas({ qrImage: qrPng });
  /** @type {Partial<FakeAsaasSettings>} the stand-in's own settings, over the fake's (restored by its reset) */
  const initial = { eventsOnCreate };
  asaas.configure(initial);
  /** @type {AsaasStandIn['state']} */
  const state = { ...asaas.state, requests: [], webhooks: [] };
  /** @type {Set<NodeJS.Timeout>} */
  const timers = new Set();

  /**
   * POSTs one event to the configured URL as Asaas does; returns the server's answer.
   * @param {Delivery} delivery
   */
  async function deliver(delivery) {
    const { event } = delivery;
    if (delivery.invoice && delivery.apply) asaas.applyInvoiceEvent(delivery.invoice, event);
    if (!webhook?.url) return { status: 0 };
    const id = delivery.invoice ? delivery.invoice.id : delivery.payment.id;
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'asaas-access-token': webhook.token ?? '' },
        body: JSON.stringify(
          delivery.invoice
            ? asaas.invoiceWebhookEvent(delivery.invoice, event)
            : asaas.webhookEvent(delivery.payment, event),
        ),
      });
      state.webhooks.push({ event, paymentId: id, status: response.status });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      state.webhooks.push({ event, paymentId: id, status: 0 });
      return { status: 0, error: String(error) };
    }
  }

  /**
   * @param {number} ms
   * @param {() => unknown} work
   */
  function later(ms, work) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void work();
    }, ms);
    timers.add(timer);
  }

  /**
   * Delivers the events due before the answer, in order, and schedules the rest just after it.
   * @param {(Delivery & { when: 'before' | 'after' })[]} events
   */
  async function deliverBefore(events) {
    for (const e of events.filter((e) => e.when === 'before')) await deliver(e);
  }
  /** @param {(Delivery & { when: 'before' | 'after' })[]} events */
  function deliverAfter(events) {
    const after = events.filter((e) => e.when === 'after');
    if (after.length > 0)
      later(50, async () => {
        for (const e of after) await deliver(e);
      });
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, unknown>} body
   * @returns {Promise<[number, unknown]>}
   */
  async function control(method, path, body) {
    if (path === '/__control/requests') return [200, state.requests];
    if (method === 'GET' && path === '/__control/payments') return [200, [...state.payments.values()]];
    if (method === 'GET' && path === '/__control/customers') return [200, [...state.customers.values()]];
    if (path === '/__control/webhooks') return [200, state.webhooks];
    if (method === 'POST' && path === '/__control/payments')
      return [200, asaas.store(/** @type {AsaasPayment} */ (body.payment))];
    if (method === 'POST' && path === '/__control/config')
      return [200, asaas.configure(/** @type {Partial<FakeAsaasSettings>} */ (body))];
    if (method === 'POST' && path === '/__control/reset') {
      asaas.reset();
      asaas.configure(initial);
      state.requests.length = 0;
      state.webhooks.length = 0;
      return [204, null];
    }
    if (method === 'GET' && path === '/__control/invoices') return [200, [...state.invoices.values()]];
    const invoiceEvent = path.match(/^\/__control\/invoices\/([^/]+)\/event$/);
    if (method === 'POST' && invoiceEvent) {
      const invoice = state.invoices.get(invoiceEvent[1] ?? '');
      if (!invoice) return [404, { message: 'no such invoice' }];
      return [200, await deliver({ invoice, event: String(body.event), apply: true })];
    }
    const event = path.match(/^\/__control\/payments\/([^/]+)\/event$/);
    if (method === 'POST' && event) {
      const payment = state.payments.get(event[1] ?? '');
      if (!payment) return [404, { message: 'no such payment' }];
      return [200, await deliver(asaas.applyEvent(payment, String(body.event)))];
    }
    return [404, { message: 'unknown control path' }];
  }

  const server = createServer(async (req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
    /** @type {Record<string, unknown>} */
    let body = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      res
        .writeHead(400, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(errors('invalid_json', 'JSON inválido.')));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stand-in');
    /** @type {(status: number, payload: unknown) => void} */
    const send = (status, payload) => {
      if (payload === null) res.writeHead(status).end();
      else res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
    };
    const nfse = url.pathname.match(/^\/nfse\/([^/]+)\.(pdf|xml)$/);
    if (req.method === 'GET' && nfse) {
      const invoice = state.invoices.get(nfse[1] ?? '');
      if (!invoice?.number) {
        send(404, errors('not_found', 'Nota fiscal não encontrada.'));
        return;
      }
      res
        .writeHead(200, {
          'Content-Type': nfse[2] === 'pdf' ? 'application/pdf' : 'application/xml',
          'Content-Disposition': `attachment; filename="nfse-${invoice.number}.${nfse[2]}"`,
        })
        .end(nfse[2] === 'pdf' ? invoicePdf(invoice) : `<nfse numero="${invoice.number}"/>`);
      return;
    }
    if (url.pathname.startsWith('/__control/')) {
      const [status, payload] = await control(req.method ?? '', url.pathname, body);
      send(status, payload);
      return;
    }
    // What Asaas received, with the card cut to its last four digits (tests read this).
    const recorded = structuredClone(body);
    const card = /** @type {{ number?: unknown, ccv?: unknown } | undefined} */ (recorded.creditCard);
    if (card) {
      card.number = String(card.number ?? '').slice(-4);
      card.ccv = '***';
    }
    state.requests.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      accessToken: req.headers['access_token'] === apiKey ? 'ok' : 'wrong',
      userAgent: req.headers['user-agent'] ?? '',
      body: recorded,
    });
    if (req.headers['access_token'] !== apiKey) {
      send(401, errors('invalid_access_token', 'A chave de API fornecida é inválida.'));
      return;
    }
    const answer = asaas.request(req.method ?? '', url.pathname, url.searchParams, body);
    if (answer.status === 'hang') {
      // A refund made but not answered (refundNoAnswerNext) still sends its webhooks, the last once it is due.
      await deliverBefore(answer.events);
      later(noAnswerMs, () => {
        asaas.list(answer.pending ?? []);
        send(200, answer.body);
        deliverAfter(answer.events);
      });
      return;
    }
    await deliverBefore(answer.events);
    send(answer.status, answer.body);
    deliverAfter(answer.events);
    const made = answer.status === 200 && req.method === 'POST' && url.pathname === '/v3/payments';
    const pix = made ? /** @type {AsaasPayment} */ (answer.body) : null;
    if (pix?.billingType === 'PIX' && pixAutoPayMs > 0) {
      later(pixAutoPayMs, () =>
        pix.status === 'PENDING' ? deliver(asaas.applyEvent(pix, 'PAYMENT_RECEIVED')) : undefined,
      );
    }
  });

  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const bound = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
      asaas.configure({ invoiceBaseUrl: `http://127.0.0.1:${bound}` });
      resolve({
        url: `http://127.0.0.1:${bound}/v3`,
        port: bound,
        state,
        close: () =>
          new Promise((done) => {
            timers.forEach((t) => clearTimeout(t));
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
