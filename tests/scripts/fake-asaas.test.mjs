// The fake Asaas (fake-asaas/fake-asaas.mjs) and its HTTP stand-in behave as Asaas documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createFakeAsaas, todaySaoPaulo } from '../../fake-asaas/fake-asaas.mjs';
import { startAsaasStandIn } from '../../scripts/backend/asaas-stand-in.mjs';

const none = new URLSearchParams();
const holder = {
  name: 'Maria Souza',
  email: 'maria@exemplo.test',
  cpfCnpj: '52998224725',
  postalCode: '01310100',
  addressNumber: '1000',
  phone: '11987654321',
};

function withCustomer() {
  const asaas = createFakeAsaas();
  const customer = asaas.request('POST', '/v3/customers', none, { name: 'Maria', cpfCnpj: '52998224725' });
  return { asaas, customer: customer.body.id };
}

const newPix = (asaas, customer) =>
  asaas.request('POST', '/v3/payments', none, {
    customer,
    billingType: 'PIX',
    value: 699,
    dueDate: todaySaoPaulo(),
  }).body;

const card = (customer, extra = {}) => ({
  customer,
  billingType: 'CREDIT_CARD',
  dueDate: todaySaoPaulo(),
  installmentCount: 3,
  totalValue: 1000,
  creditCard: {
    holderName: 'MARIA',
    number: '4111111111111111',
    expiryMonth: '12',
    expiryYear: '2031',
    ccv: '1',
  },
  creditCardHolderInfo: holder,
  remoteIp: '1.1.1.1',
  externalReference: 'tentativa-1',
  ...extra,
});

test('a card in 3x is three payments tied by `installment`, each with its own id and events', () => {
  const { asaas, customer } = withCustomer();
  asaas.configure({ eventsOnCreate: 'before' });
  const answer = asaas.request('POST', '/v3/payments', none, card(customer));
  assert.equal(answer.status, 200);
  const all = [...asaas.state.payments.values()];
  assert.equal(all.length, 3);
  assert.equal(new Set(all.map((p) => p.id)).size, 3);
  assert.ok(all.every((p) => p.installment === answer.body.installment && p.status === 'CONFIRMED'));
  assert.deepEqual(
    all.map((p) => p.installmentNumber),
    [1, 2, 3],
  );
  // The centavos left over go to the last installment.
  assert.deepEqual(
    all.map((p) => p.value),
    [333.33, 333.33, 333.34],
  );
  // Created and confirmed, per installment, all ahead of the answer, the last installment's first.
  assert.equal(answer.events.length, 6);
  assert.ok(answer.events.every((e) => e.when === 'before'));
  assert.equal(answer.events[0].payment.installmentNumber, 3);
  const confirmed = answer.events.filter((e) => e.event === 'PAYMENT_CONFIRMED').map((e) => e.payment.id);
  assert.deepEqual(confirmed.sort(), all.map((p) => p.id).sort());
  // A webhook as Asaas posts it.
  const hook = asaas.webhookEvent(all[1], 'PAYMENT_CONFIRMED');
  assert.match(hook.id, /^evt_/);
  assert.equal(hook.payment.installment, answer.body.installment);
  assert.equal(hook.payment.installmentNumber, 2);
});

test("'alternate' sends one charge's events before its answer and the next one's after", () => {
  const { asaas, customer } = withCustomer();
  asaas.configure({ eventsOnCreate: 'alternate' });
  const first = asaas.request(
    'POST',
    '/v3/payments',
    none,
    card(customer, { installmentCount: undefined, value: 10 }),
  );
  const second = asaas.request(
    'POST',
    '/v3/payments',
    none,
    card(customer, { installmentCount: undefined, value: 10 }),
  );
  assert.deepEqual([...new Set(first.events.map((e) => e.when))], ['before']);
  assert.deepEqual([...new Set(second.events.map((e) => e.when))], ['after']);
});

test('every holder field Asaas requires is required', () => {
  const { asaas, customer } = withCustomer();
  for (const field of Object.keys(holder)) {
    const answer = asaas.request(
      'POST',
      '/v3/payments',
      none,
      card(customer, { creditCardHolderInfo: { ...holder, [field]: '' } }),
    );
    assert.equal(answer.status, 400, field);
    assert.match(answer.body.errors[0].code, /^invalid_/);
  }
  assert.equal(asaas.state.payments.size, 0);
});

test('a Pix stays payable after its due date: OVERDUE, then RECEIVED', () => {
  const { asaas, customer } = withCustomer();
  const pix = newPix(asaas, customer);
  assert.equal(asaas.applyEvent(pix, 'PAYMENT_OVERDUE').payment.status, 'OVERDUE');
  assert.equal(asaas.request('GET', `/v3/payments/${pix.id}/pixQrCode`, none, {}).status, 200);
  const received = asaas.applyEvent(pix, 'PAYMENT_RECEIVED');
  assert.equal(received.payment.status, 'RECEIVED');
  assert.equal(received.payment.paymentDate, todaySaoPaulo());
});

test('DELETE removes an unpaid payment with its event, and never a paid one', () => {
  const { asaas, customer } = withCustomer();
  const pix = newPix(asaas, customer);
  const deleted = asaas.request('DELETE', `/v3/payments/${pix.id}`, none, {});
  assert.deepEqual(deleted.body, { deleted: true, id: pix.id });
  assert.deepEqual(
    deleted.events.map((e) => e.event),
    ['PAYMENT_DELETED'],
  );
  const paid = asaas.request(
    'POST',
    '/v3/payments',
    none,
    card(customer, { installmentCount: undefined, value: 1 }),
  );
  assert.equal(asaas.request('DELETE', `/v3/payments/${paid.body.id}`, none, {}).status, 400);
});

test('refunds: partial, then only what remains, then the installment refund', () => {
  const { asaas, customer } = withCustomer();
  const single = asaas.request(
    'POST',
    '/v3/payments',
    none,
    card(customer, { installmentCount: undefined, value: 699 }),
  );
  const id = single.body.id;
  const partial = asaas.request('POST', `/v3/payments/${id}/refund`, none, { value: 200, description: 'x' });
  assert.equal(partial.status, 200);
  assert.equal(partial.body.status, 'CONFIRMED');
  assert.deepEqual(
    partial.events.map((e) => e.event),
    ['PAYMENT_PARTIALLY_REFUNDED'],
  );
  assert.equal(asaas.request('POST', `/v3/payments/${id}/refund`, none, { value: 499.01 }).status, 400);
  const rest = asaas.request('POST', `/v3/payments/${id}/refund`, none, {});
  assert.equal(rest.body.status, 'REFUNDED');
  assert.deepEqual(
    rest.body.refunds.map((r) => r.value),
    [200, 499],
  );
  assert.deepEqual(
    rest.events.map((e) => e.event),
    ['PAYMENT_REFUNDED'],
  );

  const parcelado = asaas.request('POST', '/v3/payments', none, card(customer));
  const installment = asaas.request(
    'POST',
    `/v3/installments/${parcelado.body.installment}/refund`,
    none,
    {},
  );
  assert.equal(installment.status, 200);
  assert.deepEqual(
    installment.events.map((e) => `${e.event} ${e.payment.installmentNumber}`),
    ['PAYMENT_REFUNDED 1', 'PAYMENT_REFUNDED 2', 'PAYMENT_REFUNDED 3'],
  );
});

test('a 429 on request: the next n calls, or every n-th call', () => {
  const { asaas } = withCustomer();
  asaas.configure({ rateLimitNext: 2 });
  const statuses = () => asaas.request('GET', '/v3/payments', none, {}).status;
  assert.deepEqual([statuses(), statuses(), statuses()], [429, 429, 200]);
  asaas.reset();
  asaas.configure({ rateLimitEvery: 3 });
  assert.deepEqual(
    [statuses(), statuses(), statuses(), statuses(), statuses(), statuses()],
    [200, 200, 429, 200, 200, 429],
  );
});

test('a 500 on request: the next n calls, or only the one named, and nothing done', () => {
  const { asaas } = withCustomer();
  asaas.configure({ serverErrorNext: 1 });
  const statuses = () => asaas.request('GET', '/v3/payments', none, {}).status;
  assert.deepEqual([statuses(), statuses()], [500, 200]);
  asaas.configure({ serverErrorNext: 1, serverErrorOnly: 'POST /v3/payments/pay_x/refund' });
  assert.equal(statuses(), 200);
  const refused = asaas.request('POST', '/v3/payments/pay_x/refund', none, {});
  assert.equal(refused.status, 500);
  assert.deepEqual(refused.events, []);
  assert.equal(asaas.request('POST', '/v3/payments/pay_x/refund', none, {}).status, 404);
});

test('the stand-in POSTs the events itself, with the token, before the answer when told to', async () => {
  const received = [];
  const hooks = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({
        token: req.headers['asaas-access-token'],
        body: JSON.parse(Buffer.concat(chunks).toString()),
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  const stand = await startAsaasStandIn({
    apiKey: 'k',
    webhook: { url: `http://127.0.0.1:${hooks.address().port}/hook`, token: 'segredo' },
    eventsOnCreate: 'before',
  });
  try {
    const call = (path, body) =>
      fetch(`${stand.url}${path}`, {
        method: 'POST',
        headers: { access_token: 'k', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const customer = await call('/customers', { name: 'Maria', cpfCnpj: '52998224725' });
    const payment = await call('/payments', card(customer.id, { installmentCount: 2, totalValue: 100 }));
    // Every event had reached the server when the POST's answer came.
    assert.equal(received.length, 4);
    assert.ok(received.every((r) => r.token === 'segredo'));
    assert.ok(received.every((r) => r.body.payment.installment === payment.installment));
    assert.deepEqual(received.map((r) => r.body.event).sort(), [
      'PAYMENT_CONFIRMED',
      'PAYMENT_CONFIRMED',
      'PAYMENT_CREATED',
      'PAYMENT_CREATED',
    ]);
  } finally {
    await stand.close();
    await new Promise((resolve) => hooks.close(resolve));
  }
});

test('service invoices: scheduled, synchronized and authorized step by step; an error on request; a cancellation', () => {
  const { asaas, customer } = withCustomer();
  const pix = newPix(asaas, customer);
  const invoice = (extra = {}) =>
    asaas.request('POST', '/v3/invoices', none, {
      payment: pix.id,
      serviceDescription: 'Assessoria',
      value: 699,
      effectiveDate: todaySaoPaulo(),
      municipalServiceCode: '17.01',
      externalReference: 'pedido.0',
      ...extra,
    });
  // One of payment/installment/customer, and a municipal service, are required.
  assert.equal(invoice({ municipalServiceCode: undefined }).status, 400);
  assert.equal(invoice({ payment: 'pay_nenhum' }).status, 400);
  const made = invoice();
  assert.equal(made.status, 200);
  assert.equal(made.body.status, 'SCHEDULED');
  assert.deepEqual(
    made.events.map((e) => e.event),
    ['INVOICE_CREATED', 'INVOICE_SYNCHRONIZED', 'INVOICE_AUTHORIZED'],
  );
  // Each step happens when its webhook goes out: a GET meanwhile sees the invoice as it stands.
  const stored = () => asaas.request('GET', `/v3/invoices/${made.body.id}`, none).body;
  for (const e of made.events) asaas.applyInvoiceEvent(e.invoice, e.event);
  assert.equal(stored().status, 'AUTHORIZED');
  assert.match(stored().number, /^\d+$/);
  assert.match(stored().pdfUrl, new RegExp(`/nfse/${made.body.id}\\.pdf$`));
  assert.equal(
    asaas.request('GET', '/v3/invoices', new URLSearchParams({ externalReference: 'pedido.0' }), null).body
      .totalCount,
    1,
  );
  // Issued: the city cancels it (PROCESSING_CANCELLATION, then CANCELED).
  const cancel = asaas.request('POST', `/v3/invoices/${made.body.id}/cancel`, none, {});
  assert.equal(cancel.body.status, 'PROCESSING_CANCELLATION');
  for (const e of cancel.events) if (e.apply) asaas.applyInvoiceEvent(e.invoice, e.event);
  assert.equal(stored().status, 'CANCELED');
  assert.equal(asaas.request('POST', `/v3/invoices/${made.body.id}/cancel`, none, {}).status, 400);
  // The next invoice fails, as the city would refuse it, with Asaas's description.
  asaas.configure({ invoiceErrorNext: 1 });
  const failing = invoice({ externalReference: 'pedido.1' });
  assert.equal(failing.events.at(-1).event, 'INVOICE_ERROR');
  for (const e of failing.events) asaas.applyInvoiceEvent(e.invoice, e.event);
  const failed = asaas.request('GET', `/v3/invoices/${failing.body.id}`, none).body;
  assert.equal(failed.status, 'ERROR');
  assert.match(failed.statusDescription, /prefeitura/);
  assert.equal(invoice({ externalReference: 'pedido.2' }).events.at(-1).event, 'INVOICE_AUTHORIZED');
});
