// Money as Asaas really behaves: installments are separate payments, events are checked with Asaas, a refund
// is final, a late Pix is never dropped (a duplicate is refunded), an unpaid Pix is cancelled when the customer
// pays by other means.
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  asaasConfig,
  asaasCustomer,
  asaasEvent,
  asaasPayment,
  asaasRequests,
  asaasStore,
  cardRequest,
  CARDS,
  failure,
  mailsTo,
  newCustomer,
  orderOf,
  paidCustomer,
  payByCard,
  pixCharge,
  postWebhook,
  superuser,
  type Customer,
} from './helpers';

afterEach(() => asaasConfig({ eventsOnCreate: 'none', rateLimitNext: 0 }));

let eventCounter = 0;
const eventId = (label: string) => `evt_${label}_${Date.now()}_${eventCounter++}`;

async function stored(id: string) {
  const payment = await asaasPayment(id);
  if (!payment) throw new Error(`the stand-in has no payment ${id}`);
  return payment;
}

async function asaasInstallments(installment: string) {
  const all = (await (await fetch(`${inject('asaasUrl')}/__control/payments`)).json()) as {
    id: string;
    installment: string | null;
    installmentNumber: number | null;
  }[];
  return all
    .filter((p) => p.installment === installment)
    .sort((a, b) => Number(a.installmentNumber) - Number(b.installmentNumber));
}

/** A staff account, so staff alerts have somewhere to go. */
const staff = newCustomer({ admin: true, nome_completo: 'Equipe Financeiro' });

describe('installments', () => {
  it.each(['before', 'after'] as const)(
    'a card charge in 3x is one order, whichever installment event comes first (events %s the answer)',
    async (when) => {
      await asaasConfig({ eventsOnCreate: when });
      const customer = await newCustomer();
      const asaasId = await asaasCustomer(customer);
      const charge = await payByCard(customer, cardRequest(asaasId, customer, { parcelas: 3 }));
      expect(charge.status).toBe('CONFIRMED');
      // Asaas made three payments tied by one installment id, and sent each one's event.
      const parcelamento = String((await stored(charge.id)).installment);
      expect(parcelamento).toMatch(/^ins_/);
      const installments = await asaasInstallments(parcelamento);
      expect(installments.map((p) => p.installmentNumber)).toEqual([1, 2, 3]);
      const su = await superuser();
      await expect
        .poll(async () => {
          const handled = await su.collection('asaas_eventos').getFullList({
            filter:
              "evento = 'PAYMENT_CONFIRMED' && (" +
              installments.map((p) => su.filter('asaas_id = {:id}', { id: p.id })).join(' || ') +
              ')',
          });
          return handled.map((h) => h.resultado as string);
        })
        .toEqual([
          expect.stringMatching(/CONFIRMED/),
          expect.stringMatching(/CONFIRMED/),
          expect.stringMatching(/CONFIRMED/),
        ]);
      const order = await orderOf(customer.id);
      expect(order.payments).toHaveLength(1);
      expect(order.bookings).toHaveLength(1);
      expect(order.payments[0]).toMatchObject({ parcelamento, numero_parcelas: 3, preco_servico: 699 });
      expect(order.charges).toMatchObject([{ parcelamento, status: 'CONFIRMED', ativa: true }]);
      expect(
        await mailsTo(customer.email, { subject: /Comprovante/, timeoutMs: 1500, count: 2 }),
      ).toHaveLength(1);
    },
  );

  it('every installment event reaches the charge by its installment id, even with a null externalReference', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const charge = await payByCard(customer, cardRequest(asaasId, customer, { parcelas: 2 }));
    const first = await stored(charge.id);
    // The documented shape of installment 2's event: its own id, the installment id, no externalReference.
    const second = {
      ...first,
      id: `pay_parcela2_${Date.now()}`,
      installmentNumber: 2,
      externalReference: null,
      status: 'REFUNDED',
      refunds: [{ status: 'DONE', value: first.value, description: null }],
    };
    await asaasStore(second);
    const answer = await postWebhook({ id: eventId('parcela2'), event: 'PAYMENT_REFUNDED', payment: second });
    expect(answer.status).toBe(200);
    expect(String(answer.body.resultado)).toMatch(/REFUNDED/);
    const order = await orderOf(customer.id);
    expect(order.payments).toHaveLength(1);
    expect(order.payments[0]?.status_asaas).toBe('REFUNDED');
  });
});

describe('events are checked with Asaas', () => {
  it('an event saying "received" for a charge Asaas still has in analysis writes no order', async () => {
    const { customer, charge } = await paidCustomer({ number: CARDS.riskAnalysis });
    const answer = await postWebhook({
      id: eventId('forjado'),
      event: 'PAYMENT_RECEIVED',
      payment: { id: charge.id, status: 'RECEIVED', value: 699 },
    });
    expect(answer.status).toBe(200);
    const order = await orderOf(customer.id);
    expect(order.payments).toEqual([]);
    expect(order.charges[0]?.status).toBe('AWAITING_RISK_ANALYSIS');
  });

  it('Asaas unreachable: the event is not answered 200 (Asaas delivers it again) and nothing is recorded', async () => {
    const { charge } = await paidCustomer({ number: CARDS.riskAnalysis });
    await asaasConfig({ rateLimitNext: 1 });
    const id = eventId('sem-asaas');
    const answer = await postWebhook({ id, event: 'PAYMENT_CONFIRMED', payment: { id: charge.id } });
    expect(answer.status).toBe(503);
    const su = await superuser();
    expect(
      await su.collection('asaas_eventos').getFullList({ filter: su.filter('evento_id = {:id}', { id }) }),
    ).toEqual([]);
  });

  it('a payment below the price is never a paid order: it is flagged and staff are told', async () => {
    const admin = await staff;
    const { customer, charge } = await paidCustomer({ number: CARDS.riskAnalysis });
    await asaasStore({ ...(await stored(charge.id)), status: 'RECEIVED', value: 9.9 });
    const answer = await postWebhook({
      id: eventId('valor'),
      event: 'PAYMENT_RECEIVED',
      payment: { id: charge.id },
    });
    expect(answer.status).toBe(200);
    const order = await orderOf(customer.id);
    expect(order.payments).toEqual([]);
    expect(order.charges[0]).toMatchObject({ status: 'VALOR_DIVERGENTE' });
    const alerts = await mailsTo(admin.email, { subject: /valor abaixo do preço/ });
    expect(alerts.some((m) => m.text.includes(charge.id))).toBe(true);
  });

  it('a refund is final: a late "confirmed" never turns it back into paid', async () => {
    const { customer, charge } = await paidCustomer();
    expect((await asaasEvent(charge.id, 'PAYMENT_REFUNDED')).status).toBe(200);
    // Asaas, wrongly or late, reports the payment confirmed again.
    await asaasStore({ ...(await stored(charge.id)), status: 'CONFIRMED' });
    await postWebhook({ id: eventId('tardio'), event: 'PAYMENT_CONFIRMED', payment: { id: charge.id } });
    const order = await orderOf(customer.id);
    expect(order.charges[0]).toMatchObject({ status: 'REFUNDED', ativa: false });
    expect(order.payments[0]?.status_asaas).toBe('REFUNDED');
  });

  it('PAYMENT_RESTORED and PAYMENT_UPDATED take the status Asaas reports', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const pix = await pixCharge(customer, asaasId);
    expect((await asaasEvent(pix.id, 'PAYMENT_DELETED')).status).toBe(200);
    expect((await orderOf(customer.id)).charges[0]).toMatchObject({ status: 'DELETED', ativa: false });
    expect((await asaasEvent(pix.id, 'PAYMENT_RESTORED')).status).toBe(200);
    expect((await orderOf(customer.id)).charges[0]).toMatchObject({ status: 'PENDING', ativa: true });
    await asaasStore({ ...(await stored(pix.id)), status: 'RECEIVED' });
    await postWebhook({ id: eventId('upd'), event: 'PAYMENT_UPDATED', payment: { id: pix.id } });
    expect((await orderOf(customer.id)).payments).toHaveLength(1);
  });
});

describe('no paid charge is dropped', () => {
  it('a Pix paid after its due date (OVERDUE at Asaas, still payable) becomes the order', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const pix = await pixCharge(customer, asaasId);
    expect((await asaasEvent(pix.id, 'PAYMENT_OVERDUE')).status).toBe(200);
    expect((await orderOf(customer.id)).charges[0]).toMatchObject({ status: 'OVERDUE', ativa: false });
    const answer = await asaasEvent(pix.id, 'PAYMENT_RECEIVED');
    expect(answer.status).toBe(200);
    const order = await orderOf(customer.id);
    expect(order.payments).toMatchObject([{ status_asaas: 'RECEIVED', metodo_pagamento: 'pix' }]);
    expect(order.bookings).toMatchObject([{ status_agendamento: 'NOVO' }]);
    expect(order.charges[0]).toMatchObject({ status: 'RECEIVED', ativa: true, duplicada: false });
    expect(await mailsTo(customer.email, { subject: /Comprovante/ })).toHaveLength(1);
  });

  it('paying by card cancels (DELETE) the customer’s overdue Pix', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const pix = await pixCharge(customer, asaasId);
    expect((await asaasEvent(pix.id, 'PAYMENT_OVERDUE')).status).toBe(200);
    expect((await orderOf(customer.id)).charges[0]).toMatchObject({ status: 'OVERDUE', ativa: false });
    await payByCard(customer, cardRequest(asaasId, customer));
    const requests = await asaasRequests();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === `/v3/payments/${pix.id}`)).toBe(true);
    expect((await stored(pix.id)).deleted).toBe(true);
    expect((await orderOf(customer.id)).charges[0]).toMatchObject({ status: 'DELETED' });
  });

  it('a late Pix paid after a card order is recorded as a duplicate and refunded automatically', async () => {
    const admin = await staff;
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const pix = await pixCharge(customer, asaasId);
    expect((await asaasEvent(pix.id, 'PAYMENT_OVERDUE')).status).toBe(200);
    // Asaas does not answer the DELETE (a 429): the overdue Pix stays payable, and the card goes ahead.
    await asaasConfig({ rateLimitNext: 1 });
    await payByCard(customer, cardRequest(asaasId, customer));
    // The customer pays the old Pix anyway.
    const answer = await asaasEvent(pix.id, 'PAYMENT_RECEIVED');
    expect(answer.status).toBe(200);
    const order = await orderOf(customer.id);
    expect(order.payments).toHaveLength(1);
    expect(order.bookings).toHaveLength(1);
    const duplicate = order.charges.find((c) => c.asaas_id === pix.id);
    expect(duplicate).toMatchObject({ duplicada: true, ativa: false });
    // Refunded through Asaas's refund API, in full.
    const requests = await asaasRequests();
    expect(requests.some((r) => r.method === 'POST' && r.path === `/v3/payments/${pix.id}/refund`)).toBe(
      true,
    );
    await expect.poll(async () => (await stored(pix.id)).status).toBe('REFUNDED');
    await expect
      .poll(async () => (await orderOf(customer.id)).charges.find((c) => c.asaas_id === pix.id)?.status)
      .toBe('REFUNDED');
    await expect
      .poll(async () => (await orderOf(customer.id)).charges.find((c) => c.asaas_id === pix.id)?.estorno)
      .toBe('SOLICITADO');
    // Staff are told, and the booking's history says so.
    const alerts = await mailsTo(admin.email, { subject: /Pagamento duplicado/ });
    expect(alerts.some((m) => m.text.includes(pix.id))).toBe(true);
    const su = await superuser();
    const history = await su.collection('historico_agendamentos').getFullList({
      filter: su.filter('agendamento = {:a}', { a: order.bookings[0]?.id ?? '' }),
    });
    expect(JSON.stringify(history.map((h) => h.alteracoes))).toContain(`Pagamento duplicado ${pix.id}`);
    // The refund's own webhook leaves the order as it was.
    expect((await orderOf(customer.id)).payments[0]?.status_asaas).toBe('CONFIRMED');
  });
});

describe("Asaas's errors mean what they say", () => {
  it('a 429 from Asaas asks to try again in a few minutes and never counts against the attempt limit', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    await asaasConfig({ rateLimitNext: 6 });
    for (let i = 0; i < 6; i++) {
      const error = await failure(payByCard(customer, cardRequest(asaasId, customer)));
      expect(error.status).toBe(429);
      expect(error.message).toBe(
        'O serviço de pagamento está sobrecarregado no momento: nada foi cobrado. Tente novamente em alguns minutos.',
      );
    }
    // Six busy answers, then Asaas takes the charge: the customer was never limited.
    expect((await payByCard(customer, cardRequest(asaasId, customer))).status).toBe('CONFIRMED');
    expect((await orderOf(customer.id)).charges.filter((c) => c.status === 'NAO_CRIADA')).toHaveLength(6);
  });

  it('a field Asaas refuses is named, and does not count as a decline', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    for (let i = 0; i < 6; i++) {
      const request = cardRequest(asaasId, customer);
      request.creditCardHolderInfo.postalCode = '00000000';
      const error = await failure(payByCard(customer, request));
      expect(error.status).toBe(400);
      expect(error.response.data).toMatchObject({
        asaas: {
          code: 'invalid_postalCode',
          message: 'Confira o campo CEP do titular do cartão: O CEP informado é inválido.',
        },
      });
    }
    expect((await payByCard(customer, cardRequest(asaasId, customer))).status).toBe('CONFIRMED');
  });
});

async function historyOf(bookingId: string) {
  const su = await superuser();
  const entries = await su.collection('historico_agendamentos').getFullList({
    filter: su.filter('agendamento = {:a}', { a: bookingId }),
    sort: 'created',
  });
  return entries.map((h) => ({ autor: h.autor_nome as string, alteracoes: h.alteracoes as unknown[] }));
}

describe('withdrawal and refunds', () => {
  it('within 7 days, before booking: the installment is refunded in full, the booking is CANCELADO, both told', async () => {
    const admin = await staff;
    const { customer, asaasId } = await paidCustomer({ parcelas: 3 });
    const [payment] = (await orderOf(customer.id)).payments;
    const answer = await customer.pb.send<{ resultado: string }>('/payments/desistencia', { method: 'POST' });
    expect(answer.resultado).toBe('estornada');
    const requests = await asaasRequests();
    expect(
      requests.some(
        (r) => r.method === 'POST' && r.path === `/v3/installments/${payment?.parcelamento}/refund`,
      ),
    ).toBe(true);
    let order = await orderOf(customer.id);
    expect(order.bookings[0]?.status_agendamento).toBe('CANCELADO');
    expect(await mailsTo(customer.email, { subject: /Desistência confirmada/ })).toHaveLength(1);
    expect((await mailsTo(admin.email, { subject: /Desistência com estorno/ })).length).toBeGreaterThan(0);
    // Asaas's webhooks close the order; the customer may buy again.
    await expect.poll(async () => (await orderOf(customer.id)).payments[0]?.status_asaas).toBe('REFUNDED');
    order = await orderOf(customer.id);
    expect(order.charges[0]).toMatchObject({ status: 'REFUNDED', ativa: false });
    expect(JSON.stringify(await historyOf(order.bookings[0]?.id ?? ''))).toContain(
      'Estorno integral confirmado',
    );
    expect((await payByCard(customer, cardRequest(asaasId, customer))).status).toBe('CONFIRMED');
    expect((await orderOf(customer.id)).payments).toHaveLength(2);
  });

  it('once the appointment is booked, the withdrawal goes to staff and nothing is refunded', async () => {
    const admin = await staff;
    const { customer } = await paidCustomer();
    const su = await superuser();
    const [booking] = (await orderOf(customer.id)).bookings;
    await su.collection('agendamentos').update(booking?.id ?? '', { status_agendamento: 'AGENDADO' });
    const before = (await asaasRequests()).length;
    const answer = await customer.pb.send<{ resultado: string }>('/payments/desistencia', { method: 'POST' });
    expect(answer.resultado).toBe('encaminhada');
    expect((await asaasRequests()).slice(before).filter((r) => r.path.endsWith('/refund'))).toEqual([]);
    expect((await orderOf(customer.id)).bookings[0]?.status_agendamento).toBe('AGENDADO');
    expect((await mailsTo(admin.email, { subject: /Pedido de desistência/ })).length).toBeGreaterThan(0);
  });

  it('staff refund part of a payment with a reason; the history and the payment follow Asaas', async () => {
    const admin = await staff;
    const { customer, charge } = await paidCustomer();
    const [booking] = (await orderOf(customer.id)).bookings;
    // Only staff, and only with a reason.
    expect(
      (
        await failure(
          customer.pb.send('/payments/estorno', {
            method: 'POST',
            body: { agendamento: booking?.id, motivo: 'x' },
          }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await failure(
          admin.pb.send('/payments/estorno', {
            method: 'POST',
            body: { agendamento: booking?.id, valor: 100 },
          }),
        )
      ).status,
    ).toBe(400);
    await admin.pb.send('/payments/estorno', {
      method: 'POST',
      body: { agendamento: booking?.id, valor: 100, motivo: 'Taxa do Flex não usada' },
    });
    const request = (await asaasRequests()).find((r) => r.path === `/v3/payments/${charge.id}/refund`);
    expect(request?.body).toMatchObject({ value: 100, description: 'Taxa do Flex não usada' });
    await expect
      .poll(async () => (await orderOf(customer.id)).payments[0]?.status_asaas)
      .toBe('PARTIALLY_REFUNDED');
    const history = JSON.stringify(await historyOf(booking?.id ?? ''));
    expect(history).toContain(
      'Estorno parcial de R$ 100,00 solicitado ao Asaas. Motivo: Taxa do Flex não usada',
    );
    expect(history).toContain('Equipe Financeiro');
    expect(history).toContain('Estorno parcial confirmado pelo Asaas.');
    expect((await orderOf(customer.id)).bookings[0]?.status_agendamento).toBe('NOVO');
  });

  it('after a partial refund, staff may refund only what remains', async () => {
    const admin = await staff;
    const { customer, charge } = await paidCustomer();
    const [booking] = (await orderOf(customer.id)).bookings;
    const refund = (body: Record<string, unknown>) =>
      admin.pb.send('/payments/estorno', {
        method: 'POST',
        body: { agendamento: booking?.id, motivo: 'Acordo com o cliente', ...body },
      });
    await refund({ valor: 100 });
    expect((await orderOf(customer.id)).payments[0]).toMatchObject({ valor_estornado: 100 });
    await expect
      .poll(async () => (await orderOf(customer.id)).payments[0]?.status_asaas)
      .toBe('PARTIALLY_REFUNDED');
    const tooMuch = await failure(refund({ valor: 600 }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.message).toBe('Informe um valor entre R$ 0,01 e R$ 599,00, o que resta a estornar.');
    // The rest: Asaas is asked for exactly what remains, and the order closes.
    await refund({});
    const refunds = (await asaasRequests()).filter((r) => r.path === `/v3/payments/${charge.id}/refund`);
    expect(refunds.map((r) => r.body.value)).toEqual([100, 599]);
    await expect.poll(async () => (await orderOf(customer.id)).payments[0]?.status_asaas).toBe('REFUNDED');
    const order = await orderOf(customer.id);
    expect(order.payments[0]).toMatchObject({ valor_estornado: 699 });
    expect(order.bookings[0]?.status_agendamento).toBe('CANCELADO');
    expect(JSON.stringify(await historyOf(booking?.id ?? ''))).toContain(
      'Estorno do restante (R$ 599,00) solicitado ao Asaas.',
    );
    expect((await failure(refund({}))).message).toBe('Este pedido já foi estornado.');
  });

  it('the 7 days to withdraw end with the 7th day after the payment; after that the server refuses', async () => {
    const su = await superuser();
    const paidDaysAgo = async (days: number) => {
      const { customer } = await paidCustomer();
      const [payment] = (await orderOf(customer.id)).payments;
      const when = new Date(Date.now() - days * 86_400_000).toISOString().replace('T', ' ');
      await su.collection('pagamentos').update(payment?.id ?? '', { pago_em: when });
      return customer;
    };
    const withdraw = (customer: Customer) =>
      customer.pb.send<{ resultado: string }>('/payments/desistencia', { method: 'POST' });
    const late = await paidDaysAgo(8);
    const refused = await failure(withdraw(late));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      'O prazo de 7 dias para desistir da compra já terminou. Fale com o nosso atendimento.',
    );
    expect((await orderOf(late.id)).bookings[0]?.status_agendamento).toBe('NOVO');
    // Paid on the same day of the week, a week ago: today is the 7th day, still within.
    expect((await withdraw(await paidDaysAgo(7))).resultado).toBe('estornada');
  });

  it('a chargeback reaches the booking: its history records it and staff are e-mailed', async () => {
    const admin = await staff;
    const { customer, charge } = await paidCustomer();
    expect((await asaasEvent(charge.id, 'PAYMENT_CHARGEBACK_REQUESTED')).status).toBe(200);
    const [booking] = (await orderOf(customer.id)).bookings;
    expect(JSON.stringify(await historyOf(booking?.id ?? ''))).toContain('Contestação (chargeback) aberta');
    const alerts = await mailsTo(admin.email, { subject: /Contestação/ });
    expect(alerts.some((m) => m.text.includes(charge.id))).toBe(true);
  });
});

describe("the holder's own data", () => {
  it('the server validates the holder fields and caps them before Asaas; the holder’s data reaches Asaas', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const before = (await asaasRequests()).length;
    const bad = cardRequest(asaasId, customer);
    bad.creditCardHolderInfo.postalCode = '123';
    const error = await failure(payByCard(customer, bad));
    expect(error.status).toBe(400);
    expect(error.message).toBe('CEP inválido.');
    const noCpf = cardRequest(asaasId, customer);
    noCpf.creditCardHolderInfo.cpfCnpj = '11111111111';
    expect((await failure(payByCard(customer, noCpf))).message).toBe('CPF inválido.');
    expect((await asaasRequests()).slice(before).filter((r) => r.path === '/v3/payments')).toEqual([]);

    const other = cardRequest(asaasId, customer);
    other.creditCardHolderInfo = {
      ...other.creditCardHolderInfo,
      name: 'Giuseppe Rossi',
      cpfCnpj: '52998224725',
      postalCode: '20040-020',
      addressNumber: '77 apto 1201 bloco B torre 2',
      phone: '(21) 99876-5432',
    };
    // Longer than the form allows: refused with the form's message, never cut short on its way to Asaas.
    expect((await failure(payByCard(customer, other))).message).toBe('Número do endereço muito longo.');
    other.creditCardHolderInfo.addressNumber = '77 apto 12';
    await payByCard(customer, other);
    const sent = (await asaasRequests()).filter((r) => r.path === '/v3/payments').at(-1);
    expect(sent?.body.creditCardHolderInfo).toEqual({
      name: 'Giuseppe Rossi',
      email: customer.email,
      cpfCnpj: '52998224725',
      postalCode: '20040020',
      addressNumber: '77 apto 12',
      phone: '21998765432',
    });
  });
});
