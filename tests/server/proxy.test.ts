// The Asaas proxy's guarantees, each tried with the request a malicious or unlucky customer would send.
import { describe, expect, it } from 'vitest';
import { todaySaoPaulo } from '../../scripts/backend/asaas-stand-in.mjs';
import {
  asaasCustomer,
  asaasRequests,
  CARDS,
  cardRequest,
  client,
  failure,
  newCustomer,
  paidCustomer,
  payByCard,
  PB_URL,
  superuser,
} from './helpers';

async function chargesOf(userId: string) {
  const su = await superuser();
  return su
    .collection('cobrancas')
    .getFullList({ filter: su.filter('usuario = {:id}', { id: userId }), sort: 'created' });
}

async function ordersOf(userId: string) {
  const su = await superuser();
  const filter = su.filter('usuario = {:id}', { id: userId });
  return {
    payments: await su.collection('pagamentos').getFullList({ filter }),
    bookings: await su.collection('agendamentos').getFullList({ filter }),
  };
}

async function chargeRequestsFor(customerId: string) {
  return (await asaasRequests()).filter(
    (r) => r.method === 'POST' && r.path === '/v3/payments' && r.body.customer === customerId,
  );
}

describe('who may call it', () => {
  it('a visitor gets 401 on every proxy path', async () => {
    const visitor = client();
    for (const [method, path] of [
      ['POST', '/payments/asaas/customer'],
      ['POST', '/payments/asaas/installment'],
      ['POST', '/payments/asaas/pix'],
      ['GET', '/payments/asaas/pix/pay_x'],
    ] as const) {
      expect(
        (await failure(visitor.send(path, { method, body: method === 'POST' ? {} : undefined }))).status,
      ).toBe(401);
    }
  });

  it('a customer who has not verified the e-mail cannot pay', async () => {
    const customer = await newCustomer({ verified: false });
    const error = await failure(customer.pb.send('/payments/asaas/customer', { method: 'POST', body: {} }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Confirme o seu e-mail antes de pagar.');
  });

  it('the API key goes to Asaas in the access_token header and never back to the browser', async () => {
    const { customer, charge } = await paidCustomer();
    const requests = await chargeRequestsFor(
      (await asaasRequests()).find((r) => r.body.externalReference === charge.externalReference)?.body
        .customer as string,
    );
    expect(requests.every((r) => r.accessToken === 'ok')).toBe(true);
    expect(requests[0]?.userAgent).toMatch(/passaporte/);
    const answer = await fetch(`${PB_URL}/payments/asaas/customer`, {
      method: 'POST',
      headers: { Authorization: customer.pb.authStore.token, 'Content-Type': 'application/json' },
      body: '{}',
    });
    const text = await answer.text();
    expect(text).not.toContain('chave-asaas-de-teste');
    expect(JSON.stringify(charge)).not.toContain('chave-asaas-de-teste');
  });

  it('card data is neither stored nor logged', async () => {
    const { customer } = await paidCustomer({ number: CARDS.approved });
    const su = await superuser();
    const rows = [
      ...(await chargesOf(customer.id)),
      ...(await ordersOf(customer.id)).payments,
      ...(await su.collection('asaas_clientes').getFullList()),
    ];
    expect(JSON.stringify(rows)).not.toContain('4111111111111111');
    const logs = await su.logs.getList(1, 200, { sort: '-created' });
    expect(JSON.stringify(logs.items)).not.toContain('4111111111111111');
    expect(JSON.stringify(logs.items)).not.toContain('"ccv"');
  });
});

describe('one Asaas customer per user', () => {
  it('is made from the account, not from what the browser sends, and reused', async () => {
    const customer = await newCustomer();
    const first = await customer.pb.send<{ id: string }>('/payments/asaas/customer', {
      method: 'POST',
      body: { name: 'Outra Pessoa', cpfCnpj: '15350946056', email: 'outra@x.test' },
    });
    const second = await asaasCustomer(customer);
    expect(second).toBe(first.id);
    const made = (await asaasRequests()).filter(
      (r) => r.path === '/v3/customers' && r.body.externalReference === customer.id,
    );
    expect(made).toHaveLength(1);
    expect(made[0]?.body).toMatchObject({
      name: customer.input.nome_completo,
      cpfCnpj: customer.input.cpf.replace(/\D/g, ''),
      email: customer.email,
    });
  });

  it("a charge for another user's Asaas customer is refused", async () => {
    const victim = await newCustomer();
    const victimCustomer = await asaasCustomer(victim);
    const attacker = await newCustomer();
    await asaasCustomer(attacker);
    const error = await failure(payByCard(attacker, cardRequest(victimCustomer, attacker)));
    expect(error.status).toBe(403);
    expect(await chargeRequestsFor(victimCustomer)).toEqual([]);
  });
});

describe('the amount is the server’s', () => {
  it.each([
    ['R$ 1,00 instead of 699', { totalValue: 1, value: 1 }],
    ['the Flex fee left out', { flex: true }],
    ['a familiar priced as individual', { tipo_servico: 'familiar' }],
    ['an installment value that does not add up', { installmentCount: 3, value: 200, totalValue: 699 }],
    ['seven installments', { installmentCount: 7, value: 99.85, totalValue: 699 }],
    ['an unknown service', { tipo_servico: 'premium' }],
    ['flex as a string', { flex: 'false' }],
    ['a right installment value beside a wrong total', { totalValue: 1 }],
  ])('refuses %s', async (_label, change) => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const error = await failure(payByCard(customer, { ...cardRequest(customerId, customer), ...change }));
    expect(error.status).toBe(400);
    expect(await chargeRequestsFor(customerId)).toEqual([]);
    expect(await chargesOf(customer.id)).toEqual([]);
  });

  it.each([
    ['individual', false, 1, 699, 699],
    ['individual', true, 6, 149.66, 898],
    ['familiar', false, 4, 249.75, 999],
    ['familiar', true, 5, 239.6, 1198],
  ] as const)(
    'charges %s (Flex %s) in %ix at the server price',
    async (tipo, flex, parcelas, value, total) => {
      const { customer, asaasId, charge } = await paidCustomer({ tipo, flex, parcelas });
      expect(charge.status).toBe('CONFIRMED');
      const [sent] = await chargeRequestsFor(asaasId);
      if (parcelas > 1) expect(sent?.body).toMatchObject({ installmentCount: parcelas, totalValue: total });
      else expect(sent?.body).toMatchObject({ value: total });
      const { payments } = await ordersOf(customer.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        preco_servico: total,
        flex,
        numero_parcelas: parcelas,
        tipo_servico: tipo,
      });
      expect(Math.floor((total * 100) / parcelas) / 100).toBe(value);
    },
  );

  it('sets dueDate to today in São Paulo and remoteIp to the caller’s address, whatever the browser sends', async () => {
    const { customer, asaasId } = await paidCustomer();
    const [sent] = await chargeRequestsFor(asaasId);
    expect(sent?.body.dueDate).toBe(todaySaoPaulo());
    expect(sent?.body.remoteIp).toBe(customer.ip);
    expect(sent?.body.externalReference).toMatch(/^tentativa-/);
  });
});

describe('an order exists only for a charge the server made and saw confirmed', () => {
  it('a confirmed charge becomes one payment row and one NOVO booking', async () => {
    const { customer, charge } = await paidCustomer({ tipo: 'familiar', flex: true, parcelas: 2 });
    const { payments, bookings } = await ordersOf(customer.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      asaas_id_pagamento: charge.id,
      metodo_pagamento: 'cartao_credito',
      preco_servico: 1198,
      status_asaas: 'CONFIRMED',
    });
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      status_agendamento: 'NOVO',
      pagamento: payments[0]?.id,
      local_agendamento: '',
    });
    // The customer reads them (tracking) and writes none.
    expect(await customer.pb.collection('pagamentos').getFullList()).toHaveLength(1);
  });

  it('a customer with an order cannot be charged again', async () => {
    const { customer, asaasId } = await paidCustomer();
    const error = await failure(payByCard(customer, cardRequest(asaasId, customer)));
    expect(error.status).toBe(409);
    expect(await chargeRequestsFor(asaasId)).toHaveLength(1);
  });

  it('the same attempt sent twice is one charge, answered the same', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const body = cardRequest(customerId, customer, { attempt: `repetida-${Date.now()}` });
    const first = await payByCard(customer, body);
    const second = await payByCard(customer, body);
    expect(second).toEqual(first);
    expect(await chargeRequestsFor(customerId)).toHaveLength(1);
    expect((await ordersOf(customer.id)).payments).toHaveLength(1);
  });

  it('two tabs paying at once make one charge', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const results = await Promise.allSettled([
      payByCard(customer, cardRequest(customerId, customer)),
      payByCard(customer, cardRequest(customerId, customer)),
      payByCard(customer, cardRequest(customerId, customer)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { status: number }).status).toBe(409);
    expect(await chargeRequestsFor(customerId)).toHaveLength(1);
    expect((await ordersOf(customer.id)).payments).toHaveLength(1);
  });

  it('a declined card makes no order, says why, and the customer may try again', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const error = await failure(
      payByCard(customer, cardRequest(customerId, customer, { number: CARDS.insufficientFunds })),
    );
    expect(error.status).toBe(400);
    expect(error.response.data).toMatchObject({
      asaas: { code: 'invalid_creditCard', message: 'Transação não autorizada. Saldo insuficiente.' },
    });
    expect((await ordersOf(customer.id)).payments).toEqual([]);
    expect(await chargesOf(customer.id)).toMatchObject([{ status: 'RECUSADA', ativa: false }]);
    const retry = await payByCard(customer, cardRequest(customerId, customer));
    expect(retry.status).toBe('CONFIRMED');
  });

  it('a charge held for risk analysis is kept without an order, and blocks a second charge', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const charge = await payByCard(
      customer,
      cardRequest(customerId, customer, { number: CARDS.riskAnalysis }),
    );
    expect(charge.status).toBe('AWAITING_RISK_ANALYSIS');
    expect((await ordersOf(customer.id)).payments).toEqual([]);
    expect(await customer.pb.collection('cobrancas').getFullList()).toMatchObject([
      { status: 'AWAITING_RISK_ANALYSIS', ativa: true },
    ]);
    const error = await failure(payByCard(customer, cardRequest(customerId, customer)));
    expect(error.status).toBe(409);
  });

  it('a timeout leaves the charge unknown: 502, no order, and no second charge', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const error = await failure(
      payByCard(customer, cardRequest(customerId, customer, { number: CARDS.noAnswer })),
    );
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/Não pague de novo/);
    expect(await chargesOf(customer.id)).toMatchObject([{ status: 'INDETERMINADA', ativa: true }]);
    expect((await failure(payByCard(customer, cardRequest(customerId, customer)))).status).toBe(409);
    expect(await chargeRequestsFor(customerId)).toHaveLength(1);
  });

  it('a 5xx from Asaas is unknown too, never a failure to retry', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    expect(
      (await failure(payByCard(customer, cardRequest(customerId, customer, { number: CARDS.serverError }))))
        .status,
    ).toBe(502);
    expect((await failure(payByCard(customer, cardRequest(customerId, customer)))).status).toBe(409);
  });
});

describe('a charge of unknown outcome is settled by asking Asaas', () => {
  // The stand-in lists a no-answer charge 6 s after it was asked for; the server waits 4 s before deciding
  // Asaas never made a charge and asks Asaas at most every 2 s: the tests wait for those states, read by read.
  const POLL = { timeout: 12_000, interval: 250 };

  it('once Asaas lists the charge, the customer reading their state finds the order', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const body = cardRequest(customerId, customer, { number: CARDS.noAnswer });
    expect((await failure(payByCard(customer, body))).status).toBe(502);
    // Asaas is still working on it (the stand-in lists it once its answer would have come, after 6 s).
    expect(await customer.pb.collection('cobrancas').getFullList()).toMatchObject([
      { status: 'INDETERMINADA', ativa: true },
    ]);
    await expect
      .poll(() => customer.pb.collection('pagamentos').getFullList(), POLL)
      .toMatchObject([{ metodo_pagamento: 'cartao_credito', preco_servico: 699, status_asaas: 'CONFIRMED' }]);
    const [charge] = await chargesOf(customer.id);
    expect(charge).toMatchObject({ status: 'CONFIRMED', tentativa: body.externalReference });
    expect(charge?.asaas_id).toMatch(/^pay_/);
    expect((await ordersOf(customer.id)).bookings).toMatchObject([{ status_agendamento: 'NOVO' }]);
    const lookups = (await asaasRequests()).filter(
      (r) => r.method === 'GET' && r.path === `/v3/payments?externalReference=${body.externalReference}`,
    );
    expect(lookups.length).toBeGreaterThan(0);
    expect(await chargeRequestsFor(customerId)).toHaveLength(1);
  }, 20_000);

  it('however often the state is read (polling, tabs, a script), Asaas is asked at most once every 2 s', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const body = cardRequest(customerId, customer, { number: CARDS.noAnswer });
    expect((await failure(payByCard(customer, body))).status).toBe(502);
    const lookups = async () =>
      (await asaasRequests()).filter(
        (r) => r.method === 'GET' && r.path === `/v3/payments?externalReference=${body.externalReference}`,
      ).length;
    const started = Date.now();
    for (let read = 0; read < 10; read++) await customer.pb.collection('cobrancas').getFullList();
    expect(Date.now() - started, 'the ten reads fit in the interval').toBeLessThan(2_000);
    expect(await lookups()).toBe(1);
    // Read on: the second question to Asaas comes, and not before the interval is over.
    await expect
      .poll(async () => {
        await customer.pb.collection('cobrancas').getFullList();
        return lookups();
      }, POLL)
      .toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  }, 20_000);

  it('the read that settles the charge already answers with what Asaas made (a 5xx whose charge went through)', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const body = cardRequest(customerId, customer, { number: CARDS.serverError });
    expect((await failure(payByCard(customer, body))).status).toBe(502);
    expect(await customer.pb.collection('cobrancas').getFullList()).toMatchObject([
      { status: 'CONFIRMED', ativa: true, tentativa: body.externalReference },
    ]);
    expect(await customer.pb.collection('pagamentos').getFullList()).toMatchObject([
      { status_asaas: 'CONFIRMED', preco_servico: 699 },
    ]);
  });

  it('a retried attempt after a 5xx is answered with the charge Asaas made: one charge, the order', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const body = cardRequest(customerId, customer, { number: CARDS.serverError });
    expect((await failure(payByCard(customer, body))).status).toBe(502);
    const retry = await payByCard(customer, body);
    expect(retry).toMatchObject({ status: 'CONFIRMED', externalReference: body.externalReference });
    expect(await chargeRequestsFor(customerId)).toHaveLength(1);
    expect((await ordersOf(customer.id)).payments).toHaveLength(1);
  });

  it('a charge Asaas never made ends once Asaas still does not know it, and the customer may pay again', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    const body = cardRequest(customerId, customer, { number: CARDS.serverErrorNoCharge });
    expect((await failure(payByCard(customer, body))).status).toBe(502);
    // Too soon to tell: still unknown, and no second charge.
    expect((await failure(payByCard(customer, cardRequest(customerId, customer)))).status).toBe(409);
    await expect
      .poll(() => customer.pb.collection('cobrancas').getFullList(), POLL)
      .toMatchObject([{ status: 'NAO_CRIADA', ativa: false }]);
    const again = await failure(payByCard(customer, body));
    expect(again.status).toBe(400);
    expect(again.response.data).toMatchObject({ asaas: { code: 'nao_criada' } });
    expect((await payByCard(customer, cardRequest(customerId, customer))).status).toBe('CONFIRMED');
  }, 20_000);
});

describe('card testing is rate limited', () => {
  it('a sixth card attempt within 10 minutes gets 429 and never reaches Asaas', async () => {
    const customer = await newCustomer();
    const customerId = await asaasCustomer(customer);
    for (let i = 0; i < 5; i++) {
      expect(
        (await failure(payByCard(customer, cardRequest(customerId, customer, { number: CARDS.declined }))))
          .status,
      ).toBe(400);
    }
    const error = await failure(payByCard(customer, cardRequest(customerId, customer)));
    expect(error.status).toBe(429);
    expect(error.message).toBe(
      'Muitas tentativas de pagamento em pouco tempo. Aguarde alguns minutos e tente novamente.',
    );
    expect(await chargeRequestsFor(customerId)).toHaveLength(5);
  });

  it('more than 20 attempts from one IP get 429, whoever the customers are', async () => {
    const ip = '203.0.113.77';
    const customers = [];
    for (let i = 0; i < 5; i++) customers.push(await newCustomer());
    let sent = 0;
    let limited = 0;
    for (const customer of customers) {
      const shared = client(ip);
      shared.authStore.save(customer.pb.authStore.token, customer.pb.authStore.record);
      const customerId = await asaasCustomer(customer);
      for (let i = 0; i < 5; i++) {
        const error = await failure(
          shared.send('/payments/asaas/installment', {
            method: 'POST',
            body: cardRequest(customerId, customer, { number: CARDS.declined }),
          }),
        );
        if (error.status === 429) limited++;
        else sent++;
      }
    }
    expect(sent).toBe(20);
    expect(limited).toBe(5);
  });
});
