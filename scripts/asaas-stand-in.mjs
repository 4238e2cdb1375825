// An Asaas API v3 stand-in on loopback, answering as Asaas does for what the PocketBase proxy calls:
// customers, card and Pix charges (with the statuses a real account sees), Pix QR codes, deletion, and
// webhooks sent to the server. Used by the real-server tests and `npm run backend`; never in production.
//
//   import { startAsaasStandIn } from './asaas-stand-in.mjs';
//   const asaas = await startAsaasStandIn({ apiKey, webhook: { url, token }, pixAutoPayMs });
//
// As Asaas documents: a card charge in 2x or more is one payment per installment (each with its own id and
// webhooks, tied by `installment`); a Pix stays payable after its due date (OVERDUE, then RECEIVED); refunds
// (POST /payments/{id}/refund, POST /installments/{id}/refund) and DELETE send their webhooks.
//
// Test-only endpoints (no key): GET /__control/requests, GET /__control/payments,
// POST /__control/payments {payment} (a payment Asaas holds, e.g. one made elsewhere),
// POST /__control/payments/{id}/event {event} (applies the event and delivers its webhook),
// POST /__control/config {eventsOnCreate: 'none'|'after'|'before', rateLimitNext: n} (a card charge's
// PAYMENT_CONFIRMED per installment sent after or before the POST's answer; the next n API calls get a 429),
// POST /__control/reset.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Card numbers with a fixed outcome (all pass the Luhn check); any other valid card is approved. */
export const TEST_CARDS = {
  declined: ['5184019740373151', '4916561358240741'],
  riskAnalysis: '4000000000000010',
  pending: '4000000000000028',
  insufficientFunds: '4000000000000036',
  /** hangs for `noAnswerMs`; Asaas lists the (confirmed) charge only once that time is over */
  noAnswer: '4000000000000044',
  /** a 500, though the charge was made (and confirmed) */
  serverError: '4000000000000051',
  wrongCvv: '4000000000000069',
  /** a 500, and no charge was made */
  serverErrorNoCharge: '4000000000000077',
};

const DECLINED = 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.';

const EVENT_STATUS = {
  PAYMENT_CONFIRMED: 'CONFIRMED',
  PAYMENT_RECEIVED: 'RECEIVED',
  PAYMENT_APPROVED_BY_RISK_ANALYSIS: 'CONFIRMED',
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'REFUSED',
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: 'REFUSED',
  PAYMENT_AWAITING_RISK_ANALYSIS: 'AWAITING_RISK_ANALYSIS',
  PAYMENT_REFUNDED: 'REFUNDED',
  PAYMENT_RESTORED: 'PENDING',
  PAYMENT_CHARGEBACK_REQUESTED: 'CHARGEBACK_REQUESTED',
  PAYMENT_OVERDUE: 'OVERDUE',
  PAYMENT_DELETED: 'DELETED',
};

const PAID = ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'];

const id = (prefix) => `${prefix}_${randomBytes(8).toString('hex')}`;

/** Today in America/Sao_Paulo (UTC-3, no daylight saving since 2019). */
export function todaySaoPaulo(now = Date.now()) {
  return new Date(now - 3 * 3600 * 1000).toISOString().slice(0, 10);
}

function validCpf(value) {
  const d = String(value ?? '').replace(/\D/g, '');
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  for (let t = 9; t < 11; t++) {
    let sum = 0;
    for (let i = 0; i < t; i++) sum += Number(d[i]) * (t + 1 - i);
    if (((sum * 10) % 11) % 10 !== Number(d[t])) return false;
  }
  return true;
}

/** A small black-and-white PNG derived from the payload (a stand-in for the QR code image). */
function qrPng(payload) {
  const size = 25;
  const scale = 8;
  const seed = [...payload].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const dark = (x, y) => {
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
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(px, 0);
  header.writeUInt32BE(px, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

function crc32(buffer) {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const errors = (code, description) => ({ errors: [{ code, description }] });

/**
 * Starts the stand-in. Options: port (0 = any free one), apiKey (required in `access_token`),
 * webhook ({url, token}: where events go), pixAutoPayMs (a Pix charge is paid by itself after this long),
 * noAnswerMs (how long the 'no answer' card hangs).
 */
export function startAsaasStandIn({
  port = 0,
  apiKey = 'chave-de-teste',
  webhook = null,
  pixAutoPayMs = 0,
  noAnswerMs = 120_000,
} = {}) {
  const state = { customers: new Map(), payments: new Map(), requests: [], webhooks: [] };
  const settings = { eventsOnCreate: 'none', rateLimitNext: 0 };
  const timers = new Set();

  async function deliver(payment, event) {
    if (!webhook?.url) return { status: 0 };
    const body = {
      id: id('evt'),
      event,
      dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
      payment: { object: 'payment', ...payment },
    };
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'asaas-access-token': webhook.token ?? '' },
        body: JSON.stringify(body),
      });
      state.webhooks.push({ event, paymentId: payment.id, status: response.status });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      state.webhooks.push({ event, paymentId: payment.id, status: 0 });
      return { status: 0, error: String(error) };
    }
  }

  function applyEvent(payment, event) {
    const status = EVENT_STATUS[event];
    if (status) payment.status = status;
    if (event === 'PAYMENT_DELETED') payment.deleted = true;
    if (event === 'PAYMENT_RESTORED') payment.deleted = false;
    if (event === 'PAYMENT_CHARGEBACK_REQUESTED') {
      payment.chargeback = { status: 'REQUESTED', reason: 'ABSENCE_OF_PRINT', value: payment.value };
    }
    if (event === 'PAYMENT_RECEIVED') payment.paymentDate = todaySaoPaulo();
    return deliver(payment, event);
  }

  function later(send) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void send();
    }, 50);
    timers.add(timer);
  }

  /** A full refund (no value, or the rest) ends as REFUNDED; a smaller one as a partial refund. */
  function refundPayment(payment, value, description) {
    if (!PAID.includes(payment.status)) {
      return [400, errors('invalid_action', 'Só é possível estornar uma cobrança recebida ou confirmada.')];
    }
    const refunded = (payment.refunds ?? []).reduce((sum, r) => sum + r.value, 0);
    const rest = Math.round((payment.value - refunded) * 100) / 100;
    const amount = value === undefined || value === null ? rest : Number(value);
    if (!(amount > 0) || amount > rest + 0.001) {
      return [400, errors('invalid_value', 'O valor do estorno excede o valor disponível da cobrança.')];
    }
    payment.refunds = [
      ...(payment.refunds ?? []),
      { dateCreated: todaySaoPaulo(), status: 'DONE', value: amount, description: description ?? null },
    ];
    const full = Math.abs(amount - rest) < 0.001;
    if (full) payment.status = 'REFUNDED';
    later(() => deliver(payment, full ? 'PAYMENT_REFUNDED' : 'PAYMENT_PARTIALLY_REFUNDED'));
    return [200, payment];
  }

  function createPayment(body) {
    const customer = state.customers.get(body.customer);
    if (!customer) return [400, errors('invalid_customer', 'Cliente inválido ou inexistente.')];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(body.dueDate ?? ''))) {
      return [400, errors('invalid_dueDate', 'Informe a data de vencimento.')];
    }
    if (body.dueDate < todaySaoPaulo()) {
      return [400, errors('invalid_dueDate', 'Não é permitido data de vencimento inferior a hoje.')];
    }
    const count = Number(body.installmentCount ?? 1);
    const total = Number(body.installmentCount ? body.totalValue : body.value);
    if (!(total > 0)) return [400, errors('invalid_value', 'Informe o valor da cobrança.')];
    const payment = {
      object: 'payment',
      id: id('pay'),
      customer: body.customer,
      billingType: body.billingType,
      value: count > 1 ? Math.floor((total * 100) / count) / 100 : total,
      installment: count > 1 ? id('ins') : null,
      installmentNumber: count > 1 ? 1 : null,
      dueDate: body.dueDate,
      description: body.description,
      externalReference: body.externalReference ?? null,
      status: 'PENDING',
      dateCreated: todaySaoPaulo(),
      deleted: false,
      refunds: null,
      chargeback: null,
    };
    // One payment per installment; the last one takes the centavos left over.
    const installments = Array.from({ length: count }, (_, i) =>
      i === 0
        ? payment
        : {
            ...payment,
            id: id('pay'),
            installmentNumber: i + 1,
            value:
              i === count - 1
                ? Math.round(total * 100 - payment.value * 100 * (count - 1)) / 100
                : payment.value,
          },
    );
    if (body.billingType === 'PIX') {
      state.payments.set(payment.id, payment);
      if (pixAutoPayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (payment.status === 'PENDING') void applyEvent(payment, 'PAYMENT_RECEIVED');
        }, pixAutoPayMs);
        timers.add(timer);
      }
      return [200, payment];
    }
    if (body.billingType !== 'CREDIT_CARD')
      return [400, errors('invalid_billingType', 'Forma de pagamento inválida.')];
    const card = body.creditCard ?? {};
    const holder = body.creditCardHolderInfo ?? {};
    if (!card.number || !card.ccv || !card.expiryMonth || !card.expiryYear || !card.holderName) {
      return [400, errors('invalid_creditCard', 'Informe os dados do cartão de crédito.')];
    }
    if (!holder.cpfCnpj || !holder.postalCode || !holder.addressNumber || !holder.email) {
      return [400, errors('invalid_creditCardHolderInfo', 'Informe os dados do titular do cartão.')];
    }
    if (!body.remoteIp) return [400, errors('invalid_remoteIp', 'Informe o IP do comprador.')];
    // A CEP the postal service does not know, as Asaas reports it.
    if (String(holder.postalCode) === '00000000') {
      return [400, errors('invalid_postalCode', 'O CEP informado é inválido.')];
    }
    const number = String(card.number);
    if (TEST_CARDS.declined.includes(number)) return [400, errors('invalid_creditCard', DECLINED)];
    if (number === TEST_CARDS.insufficientFunds) {
      return [400, errors('invalid_creditCard', 'Transação não autorizada. Saldo insuficiente.')];
    }
    if (number === TEST_CARDS.wrongCvv) {
      return [400, errors('invalid_creditCard', 'Transação não autorizada. Código de segurança inválido.')];
    }
    if (number === TEST_CARDS.serverErrorNoCharge)
      return [500, { errors: [{ code: 'internal', description: 'Erro interno.' }] }];
    const status =
      number === TEST_CARDS.riskAnalysis
        ? 'AWAITING_RISK_ANALYSIS'
        : number === TEST_CARDS.pending
          ? 'PENDING'
          : 'CONFIRMED';
    for (const p of installments) {
      p.creditCard = {
        creditCardNumber: number.slice(-4),
        creditCardBrand: number.startsWith('5') ? 'MASTERCARD' : 'VISA',
      };
      p.status = status;
    }
    // Still being processed: listed (GET /payments) only when its answer is sent.
    if (number === TEST_CARDS.noAnswer) return ['hang', payment, installments];
    for (const p of installments) state.payments.set(p.id, p);
    if (number === TEST_CARDS.serverError)
      return [500, { errors: [{ code: 'internal', description: 'Erro interno.' }] }];
    return [200, payment, installments];
  }

  function route(method, path, query, body) {
    if (method === 'POST' && path === '/v3/customers') {
      if (!body.name) return [400, errors('invalid_name', 'O campo nome deve ser informado.')];
      if (!validCpf(body.cpfCnpj))
        return [400, errors('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.')];
      const customer = {
        object: 'customer',
        id: id('cus'),
        name: body.name,
        cpfCnpj: body.cpfCnpj,
        email: body.email,
      };
      state.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v3/payments') return createPayment(body);
    if (method === 'GET' && path === '/v3/payments') {
      const data = [...state.payments.values()].filter(
        (p) => !query.get('externalReference') || p.externalReference === query.get('externalReference'),
      );
      return [200, { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data }];
    }
    const qr = path.match(/^\/v3\/payments\/([^/]+)\/pixQrCode$/);
    if (method === 'GET' && qr) {
      const payment = state.payments.get(qr[1]);
      if (!payment || payment.billingType !== 'PIX')
        return [404, errors('not_found', 'Cobrança não encontrada.')];
      const payload = `00020101021226800014br.gov.bcb.pix2558pix.example/qr/v2/${payment.id}5204000053039865406${payment.value.toFixed(2)}5802BR6304ABCD`;
      return [
        200,
        {
          encodedImage: qrPng(payload),
          payload,
          expirationDate: `${payment.dueDate} 23:59:59`,
          success: true,
        },
      ];
    }
    const one = path.match(/^\/v3\/payments\/([^/]+)$/);
    if (one && method === 'GET') {
      const payment = state.payments.get(one[1]);
      return payment ? [200, payment] : [404, errors('not_found', 'Cobrança não encontrada.')];
    }
    if (one && method === 'DELETE') {
      const payment = state.payments.get(one[1]);
      if (!payment) return [404, errors('not_found', 'Cobrança não encontrada.')];
      if (PAID.includes(payment.status)) {
        return [400, errors('invalid_action', 'Não é possível remover uma cobrança paga.')];
      }
      payment.deleted = true;
      later(() => deliver(payment, 'PAYMENT_DELETED'));
      return [200, { deleted: true, id: payment.id }];
    }
    const refund = path.match(/^\/v3\/payments\/([^/]+)\/refund$/);
    if (method === 'POST' && refund) {
      const payment = state.payments.get(refund[1]);
      if (!payment) return [404, errors('not_found', 'Cobrança não encontrada.')];
      return refundPayment(payment, body.value, body.description);
    }
    const installmentRefund = path.match(/^\/v3\/installments\/([^/]+)\/refund$/);
    if (method === 'POST' && installmentRefund) {
      const all = [...state.payments.values()].filter((p) => p.installment === installmentRefund[1]);
      if (all.length === 0) return [404, errors('not_found', 'Parcelamento não encontrado.')];
      if (!all.every((p) => PAID.includes(p.status))) {
        return [400, errors('invalid_action', 'Só é possível estornar um parcelamento pago.')];
      }
      for (const p of all) refundPayment(p, undefined, body.description);
      return [200, { object: 'installment', id: installmentRefund[1], status: 'REFUNDED' }];
    }
    return [404, errors('not_found', 'Recurso não encontrado.')];
  }

  async function control(method, path, body) {
    if (path === '/__control/requests') return [200, state.requests];
    if (method === 'GET' && path === '/__control/payments') return [200, [...state.payments.values()]];
    if (path === '/__control/webhooks') return [200, state.webhooks];
    if (method === 'POST' && path === '/__control/payments') {
      const payment = { object: 'payment', deleted: false, ...body.payment };
      state.payments.set(payment.id, payment);
      return [200, payment];
    }
    if (method === 'POST' && path === '/__control/config') {
      Object.assign(settings, body);
      return [200, settings];
    }
    if (method === 'POST' && path === '/__control/reset') {
      settings.eventsOnCreate = 'none';
      settings.rateLimitNext = 0;
      state.customers.clear();
      state.payments.clear();
      state.requests.length = 0;
      state.webhooks.length = 0;
      return [204, null];
    }
    const event = path.match(/^\/__control\/payments\/([^/]+)\/event$/);
    if (method === 'POST' && event) {
      const payment = state.payments.get(event[1]);
      if (!payment) return [404, { message: 'no such payment' }];
      return [200, await applyEvent(payment, String(body.event))];
    }
    return [404, { message: 'unknown control path' }];
  }

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');
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
    const send = (status, payload) => {
      if (payload === null) res.writeHead(status).end();
      else res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
    };
    if (url.pathname.startsWith('/__control/')) {
      const [status, payload] = await control(req.method, url.pathname, body);
      send(status, payload);
      return;
    }
    // What Asaas received, with the card cut to its last four digits (tests read this).
    const recorded = structuredClone(body);
    if (recorded.creditCard) {
      recorded.creditCard.number = String(recorded.creditCard.number ?? '').slice(-4);
      recorded.creditCard.ccv = '***';
    }
    state.requests.push({
      method: req.method,
      path: url.pathname + url.search,
      accessToken: req.headers['access_token'] === apiKey ? 'ok' : 'wrong',
      userAgent: req.headers['user-agent'] ?? '',
      body: recorded,
    });
    if (req.headers['access_token'] !== apiKey) {
      send(401, errors('invalid_access_token', 'A chave de API fornecida é inválida.'));
      return;
    }
    if (settings.rateLimitNext > 0) {
      settings.rateLimitNext--;
      send(429, errors('too_many_requests', 'Limite de requisições atingido. Tente novamente mais tarde.'));
      return;
    }
    const [status, payload, installments] = route(req.method, url.pathname, url.searchParams, body);
    if (status === 'hang') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        for (const p of installments) state.payments.set(p.id, p);
        send(200, payload);
      }, noAnswerMs);
      timers.add(timer);
      return;
    }
    // A card charge's events, one per installment, sent as Asaas does: sometimes before the answer.
    const events =
      status === 200 && installments && settings.eventsOnCreate !== 'none'
        ? installments.filter((p) => p.status === 'CONFIRMED')
        : [];
    if (settings.eventsOnCreate === 'before') {
      // Out of order, as deliveries may be: the last installment's event first.
      for (const p of [...events].reverse()) await deliver(p, 'PAYMENT_CONFIRMED');
    }
    send(status, payload);
    if (settings.eventsOnCreate === 'after')
      for (const p of events) later(() => deliver(p, 'PAYMENT_CONFIRMED'));
  });

  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const bound = server.address().port;
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
