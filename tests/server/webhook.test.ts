// Asaas's webhook: the token, each event once, orders for confirmed charges the server made, the rest recorded.
import { describe, expect, it } from 'vitest';
import { SLOW_DOMAIN } from '../../scripts/backend/mail-capture.mjs';
import {
  asaasCustomer,
  asaasEvent,
  asaasPayment,
  CARDS,
  cardRequest,
  asaasStore,
  client,
  mailsTo,
  newCustomer,
  orderOf,
  payByCard,
  PB_URL,
  postWebhook as post,
  registration,
  superuser,
  type Customer,
} from './helpers';

async function chargeInAnalysis() {
  const customer = await newCustomer();
  const customerId = await asaasCustomer(customer);
  const charge = await payByCard(customer, cardRequest(customerId, customer, { number: CARDS.riskAnalysis }));
  return { customer, customerId, charge };
}

describe('the webhook token', () => {
  it.each([
    ['no token', null],
    ['a wrong token', 'token-errado'],
    ['an empty token', ''],
  ])('refuses %s with 401 and changes nothing', async (_label, token) => {
    const { customer, charge } = await chargeInAnalysis();
    const answer = await post(
      {
        id: `evt_${Date.now()}`,
        event: 'PAYMENT_CONFIRMED',
        payment: { id: charge.id, status: 'CONFIRMED' },
      },
      token,
    );
    expect(answer.status).toBe(401);
    expect((await orderOf(customer.id)).payments).toEqual([]);
  });

  it('answers 401 before reading the body: a caller without the token learns nothing of what it sent', async () => {
    for (const [body, token] of [
      ['{not json', null],
      ['{not json', 'token-errado'],
      ['[1, 2]', null],
    ] as const) {
      const response = await fetch(`${PB_URL}/payments/asaas/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { 'asaas-access-token': token } : {}) },
        body,
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Token do webhook inválido.' });
    }
  });
});

describe('events', () => {
  it('approval after risk analysis makes the order, once, however often it is delivered', async () => {
    const { customer, charge } = await chargeInAnalysis();
    const event = {
      id: `evt_aprov_${Date.now()}`,
      event: 'PAYMENT_APPROVED_BY_RISK_ANALYSIS',
      payment: { id: charge.id, status: 'CONFIRMED' },
    };
    const first = await post(event, 'token-webhook-de-teste');
    const replay = await post(event, 'token-webhook-de-teste');
    expect(first.status).toBe(200);
    expect(replay).toEqual({ status: 200, body: { recebido: true, repetido: true } });
    // A different event for the same charge (Asaas sends CONFIRMED too) adds nothing either.
    expect((await asaasEvent(charge.id, 'PAYMENT_CONFIRMED')).status).toBe(200);
    const order = await orderOf(customer.id);
    expect(order.payments).toHaveLength(1);
    expect(order.bookings).toMatchObject([{ status_agendamento: 'NOVO' }]);
    expect(order.charges).toMatchObject([{ status: 'CONFIRMED', ativa: true }]);
  });

  it('reproval after risk analysis ends the charge and lets the customer pay again', async () => {
    const { customer, customerId, charge } = await chargeInAnalysis();
    expect((await asaasEvent(charge.id, 'PAYMENT_REPROVED_BY_RISK_ANALYSIS')).status).toBe(200);
    expect((await orderOf(customer.id)).charges).toMatchObject([
      { status: 'REPROVED_BY_RISK_ANALYSIS', ativa: false },
    ]);
    const again = await payByCard(customer, cardRequest(customerId, customer));
    expect(again.status).toBe('CONFIRMED');
    expect((await orderOf(customer.id)).payments).toHaveLength(1);
  });

  it('a refused capture ends the charge without an order', async () => {
    const { customer, charge } = await chargeInAnalysis();
    expect((await asaasEvent(charge.id, 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED')).status).toBe(200);
    const order = await orderOf(customer.id);
    expect(order.payments).toEqual([]);
    expect(order.charges).toMatchObject([{ status: 'CAPTURE_REFUSED', ativa: false }]);
  });

  it('the order of a charge confirmed after the customer left is written by the webhook', async () => {
    // The proxy never learnt the charge's outcome (timeout); Asaas's events tell it.
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    await payByCard(customer, cardRequest(customerId, customer, { number: CARDS.noAnswer })).catch(
      () => undefined,
    );
    const [charge] = (await orderOf(customer.id)).charges;
    expect(charge).toMatchObject({ status: 'INDETERMINADA', asaas_id: '' });
    // The payment as Asaas's documentation shows it in an event (the server reads it back from Asaas).
    const payment = {
      object: 'payment',
      id: `pay_tardio_${Date.now()}`,
      customer: 'cus_000005219613',
      value: 699,
      netValue: 670.04,
      billingType: 'CREDIT_CARD',
      status: 'CONFIRMED',
      dueDate: '2026-11-24',
      installment: null,
      installmentNumber: null,
      externalReference: charge?.tentativa,
      deleted: false,
      refunds: null,
      chargeback: null,
    };
    await asaasStore(payment);
    const answer = await post(
      { id: `evt_tardio_${Date.now()}`, event: 'PAYMENT_CONFIRMED', payment },
      'token-webhook-de-teste',
    );
    expect(answer.status).toBe(200);
    const order = await orderOf(customer.id);
    expect(order.payments).toHaveLength(1);
    expect(order.bookings).toHaveLength(1);
    expect(order.charges[0]).toMatchObject({ status: 'CONFIRMED' });
  });

  it('refunds and chargebacks are recorded on the charge and the payment', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const charge = await payByCard(customer, cardRequest(customerId, customer));
    expect((await asaasEvent(charge.id, 'PAYMENT_CHARGEBACK_REQUESTED')).status).toBe(200);
    let order = await orderOf(customer.id);
    expect(order.payments[0]?.status_asaas).toBe('CHARGEBACK_REQUESTED');
    expect((await asaasEvent(charge.id, 'PAYMENT_REFUNDED')).status).toBe(200);
    order = await orderOf(customer.id);
    expect(order.payments[0]?.status_asaas).toBe('REFUNDED');
    expect(order.charges[0]?.status).toBe('REFUNDED');
  });

  it('a late "pending" event cannot undo a paid charge', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const charge = await payByCard(customer, cardRequest(customerId, customer));
    await post(
      {
        id: `evt_atrasado_${Date.now()}`,
        event: 'PAYMENT_CREATED',
        payment: { id: charge.id, status: 'PENDING' },
      },
      'token-webhook-de-teste',
    );
    expect((await orderOf(customer.id)).charges[0]).toMatchObject({ status: 'CONFIRMED', ativa: true });
  });

  it('a charge the server never made is ignored with a 200 (so Asaas does not retry it)', async () => {
    const answer = await post(
      {
        id: `evt_alheio_${Date.now()}`,
        event: 'PAYMENT_CONFIRMED',
        payment: { id: 'pay_de_outro_sistema', status: 'CONFIRMED', externalReference: 'nao-e-nosso' },
      },
      'token-webhook-de-teste',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.resultado).toMatch(/ignorado/);
    const su = await superuser();
    expect(
      await su
        .collection('pagamentos')
        .getFullList({ filter: 'asaas_id_pagamento = "pay_de_outro_sistema"' }),
    ).toEqual([]);
  });
});

describe('e-mails go after the answer', () => {
  // The capture accepts mail to SLOW_DOMAIN only after 4 s: a slow SMTP server.
  const SMTP_DELAY_MS = 4000;

  /** A verified customer whose mailbox is on the slow server (made verified by a superuser: no mail). */
  async function slowMailCustomer(): Promise<Customer> {
    const input = registration({
      email: `lento-${Date.now()}${Math.random().toString(36).slice(2, 6)}@${SLOW_DOMAIN}`,
    });
    const record = await (await superuser()).collection('usuarios').create({ ...input, verified: true });
    const pb = client();
    await pb.collection('usuarios').authWithPassword(input.email, input.password);
    return { pb, id: record.id, email: input.email, ip: '', input };
  }

  it('the webhook answers Asaas at once; the receipt still arrives through a slow SMTP server', async () => {
    const customer = await slowMailCustomer();
    const customerId = await asaasCustomer(customer);
    const charge = await payByCard(
      customer,
      cardRequest(customerId, customer, { number: CARDS.riskAnalysis }),
    );
    const started = Date.now();
    // The stand-in approves the charge and delivers Asaas's event; its answer is the server's.
    const answer = await asaasEvent(charge.id, 'PAYMENT_APPROVED_BY_RISK_ANALYSIS');
    const took = Date.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/CONFIRMED/);
    expect(took).toBeLessThan(SMTP_DELAY_MS / 2);
    // The order was committed before the answer, and the receipt follows it.
    expect((await orderOf(customer.id)).payments).toHaveLength(1);
    const receipts = await mailsTo(customer.email, { subject: /Comprovante/, timeoutMs: SMTP_DELAY_MS * 3 });
    expect(receipts).toHaveLength(1);
  });

  it('a paid card charge is answered at once; the receipt follows through a slow SMTP server', async () => {
    const customer = await slowMailCustomer();
    const customerId = await asaasCustomer(customer);
    const started = Date.now();
    const charge = await payByCard(customer, cardRequest(customerId, customer));
    expect(Date.now() - started).toBeLessThan(SMTP_DELAY_MS / 2);
    expect(charge.status).toBe('CONFIRMED');
    const receipts = await mailsTo(customer.email, { subject: /Comprovante/, timeoutMs: SMTP_DELAY_MS * 3 });
    expect(receipts).toHaveLength(1);
  });
});

describe("Asaas's documented payloads, replayed", () => {
  /** A payment as Asaas's webhook documentation shows one (card, paid), for the server's own charge. */
  function documented(
    stored: Record<string, unknown>,
    overrides: Record<string, unknown>,
  ): Record<string, unknown> {
    return {
      object: 'payment',
      dateCreated: '2026-11-24',
      customer: stored.customer,
      subscription: null,
      paymentLink: null,
      dueDate: stored.dueDate,
      originalDueDate: stored.dueDate,
      value: stored.value,
      netValue: 670.04,
      originalValue: null,
      interestValue: null,
      description: 'Agendamento individual',
      billingType: 'CREDIT_CARD',
      status: 'CONFIRMED',
      pixTransaction: null,
      confirmedDate: '2026-11-24',
      paymentDate: null,
      clientPaymentDate: null,
      creditDate: '2026-12-24',
      estimatedCreditDate: '2026-12-24',
      invoiceUrl: 'https://www.asaas.com/i/080225913252',
      transactionReceiptUrl: 'https://www.asaas.com/comprovantes/4937311816045162',
      deleted: false,
      anticipated: false,
      anticipable: false,
      postalService: false,
      creditCard: { creditCardNumber: '1111', creditCardBrand: 'VISA', creditCardToken: null },
      refunds: null,
      chargeback: null,
      ...stored,
      ...overrides,
    };
  }

  async function replay(event: string, payment: Record<string, unknown>) {
    await asaasStore(payment);
    return post({ id: `evt_doc_${event}_${Date.now()}`, event, dateCreated: '2026-11-24 10:28:40', payment });
  }

  it('a chargeback on installment 3 (its own id, no externalReference) reaches the order', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const charge = await payByCard(customer, cardRequest(customerId, customer, { parcelas: 3 }));
    const [first] = (await orderOf(customer.id)).charges;
    const third = documented((await asaasPayment(charge.id)) ?? {}, {
      id: `pay_parcela3_${Date.now()}`,
      installmentNumber: 3,
      externalReference: null,
      status: 'CHARGEBACK_REQUESTED',
      chargeback: { status: 'REQUESTED', reason: 'ABSENCE_OF_PRINT' },
    });
    expect(third.installment).toBe(first?.parcelamento);
    const answer = await replay('PAYMENT_CHARGEBACK_REQUESTED', third);
    expect(answer.status).toBe(200);
    expect(String(answer.body.resultado)).toMatch(/CHARGEBACK_REQUESTED/);
    const order = await orderOf(customer.id);
    expect(order.payments).toHaveLength(1);
    expect(order.payments[0]?.status_asaas).toBe('CHARGEBACK_REQUESTED');
    const disputed = await replay('PAYMENT_CHARGEBACK_DISPUTE', {
      ...third,
      status: 'CHARGEBACK_DISPUTE',
      chargeback: { status: 'IN_DISPUTE', reason: 'ABSENCE_OF_PRINT' },
    });
    expect(disputed.status).toBe(200);
    expect((await orderOf(customer.id)).payments[0]?.status_asaas).toBe('CHARGEBACK_DISPUTE');
  });

  it('refunds listed by Asaas (one made in its own panel) are counted: partial, then the rest', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const charge = await payByCard(customer, cardRequest(customerId, customer));
    const stored = (await asaasPayment(charge.id)) ?? {};
    const refund = (value: number, status = 'DONE') => ({
      dateCreated: '2026-11-24 10:28:40',
      status,
      value,
      description: 'Estorno pelo painel do Asaas',
      transactionReceiptUrl: 'https://www.asaas.com/comprovantes/6677732109104548',
    });
    // A cancelled refund gives nothing back.
    const partly = documented(stored, { refunds: [refund(150), refund(50, 'CANCELLED')] });
    expect((await replay('PAYMENT_PARTIALLY_REFUNDED', partly)).status).toBe(200);
    let order = await orderOf(customer.id);
    expect(order.payments[0]).toMatchObject({ status_asaas: 'PARTIALLY_REFUNDED', valor_estornado: 150 });
    expect(order.bookings[0]?.status_agendamento).toBe('NOVO');
    const all = documented(stored, {
      status: 'REFUNDED',
      refunds: [refund(150), refund(50, 'CANCELLED'), refund(549)],
    });
    expect((await replay('PAYMENT_REFUNDED', all)).status).toBe(200);
    order = await orderOf(customer.id);
    expect(order.payments[0]).toMatchObject({ status_asaas: 'REFUNDED', valor_estornado: 699 });
    expect(order.bookings[0]?.status_agendamento).toBe('CANCELADO');
    expect(order.charges[0]).toMatchObject({ status: 'REFUNDED', ativa: false });
  });
});
