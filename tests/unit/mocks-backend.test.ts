import type PocketBase from 'pocketbase';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { getDb, resetDb } from '@/mocks/db';
import { makeToken } from '@/mocks/jwt';
import { getMailbox } from '@/mocks/mailbox';
import { DEMO_ACCOUNTS, DEMO_AGENDADO_BOOKING, DEMO_PASSWORD } from '../../demo-seed/seed';
import type { BookingRecord } from '@/lib/types';
import { API, client, failure, signedIn } from '../helpers/pb-client';

// tests/setup-dom.ts starts the msw server (onUnhandledRequest: 'error') and calls resetDb() after each test.

describe('password reset', () => {
  it('resets through the mailed link and the new password works', async () => {
    const pb = client();
    const email = DEMO_ACCOUNTS.cliente.email;
    expect(await pb.collection('usuarios').requestPasswordReset(email)).toBe(true);
    const mail = getMailbox().at(-1);
    expect(mail).toMatchObject({ kind: 'reset', email });
    expect(mail?.path.startsWith('/confirm_password_reset?token=')).toBe(true);
    const token = mail?.token ?? '';

    const mismatch = await failure(() =>
      pb.collection('usuarios').confirmPasswordReset(token, 'NovaSenha@1', 'Outra@1234'),
    );
    expect(mismatch.response.data).toMatchObject({ passwordConfirm: { code: 'validation_values_mismatch' } });

    expect(await pb.collection('usuarios').confirmPasswordReset(token, 'NovaSenha@1', 'NovaSenha@1')).toBe(
      true,
    );
    await expect(pb.collection('usuarios').authWithPassword(email, 'NovaSenha@1')).resolves.toBeTruthy();
    const old = await failure(() => client().collection('usuarios').authWithPassword(email, DEMO_PASSWORD));
    expect(old.status).toBe(400);

    const reused = await failure(() =>
      pb.collection('usuarios').confirmPasswordReset(token, 'Outra@12345', 'Outra@12345'),
    );
    expect(reused.response.data).toMatchObject({ token: { code: 'validation_invalid_token' } });
  });

  it('answers 204 for unknown e-mails without sending anything', async () => {
    expect(await client().collection('usuarios').requestPasswordReset('ninguem@demo.com.br')).toBe(true);
    expect(getMailbox()).toHaveLength(0);
  });
});

describe('list: paging, sort, filter, expand (admin)', () => {
  it('pages with totals', async () => {
    const pb = await signedIn('admin');
    const total = getDb().agendamentos.length;
    const first = await pb.collection('agendamentos').getList<BookingRecord>(1, 50);
    expect(first).toMatchObject({
      page: 1,
      perPage: 50,
      totalItems: total,
      totalPages: Math.ceil(total / 50),
    });
    expect(first.items).toHaveLength(50);
    const last = await pb.collection('agendamentos').getList<BookingRecord>(Math.ceil(total / 50), 50);
    expect(last.items).toHaveLength(total % 50 || 50);
    const beyond = await pb.collection('agendamentos').getList(99, 50);
    expect(beyond.items).toHaveLength(0);
    expect(total).toBeGreaterThanOrEqual(120);
  });

  it('defaults perPage to 30 and caps it at 1000', async () => {
    const pb = await signedIn('admin');
    const raw = await pb.send<{ perPage: number; items: unknown[] }>(
      '/api/collections/agendamentos/records',
      {},
    );
    expect(raw.perPage).toBe(30);
    expect(raw.items).toHaveLength(30);
    const capped = await pb.collection('agendamentos').getList(1, 5000);
    expect(capped.perPage).toBe(1000);
  });

  it('sorts by several fields, descending with "-", stable', async () => {
    const pb = await signedIn('admin');
    const { items } = await pb
      .collection('agendamentos')
      .getList<BookingRecord>(1, 1000, { sort: 'status_agendamento,-created' });
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1], items[i]];
      if (!a || !b) continue;
      expect(a.status_agendamento <= b.status_agendamento).toBe(true);
      if (a.status_agendamento === b.status_agendamento) expect(a.created >= b.created).toBe(true);
    }
    const asc = await pb.collection('agendamentos').getList<BookingRecord>(1, 5, { sort: 'created' });
    const desc = await pb.collection('agendamentos').getList<BookingRecord>(1, 5, { sort: '-created' });
    expect(asc.items[0]?.created).toBe(
      getDb()
        .agendamentos.map((b) => b.created)
        .sort()[0],
    );
    expect(desc.items[0]?.created).toBe(
      getDb()
        .agendamentos.map((b) => b.created)
        .sort()
        .at(-1),
    );
  });

  it('answers 400 for an unknown sort field', async () => {
    const pb = await signedIn('admin');
    const error = await failure(() => pb.collection('agendamentos').getList(1, 10, { sort: '-nope' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Something went wrong while processing your request.');
  });

  it('filters by customer name through the relation, with the SDK escaping', async () => {
    const pb = await signedIn('admin');
    const q = 'Conceição';
    const result = await pb.collection('agendamentos').getList<BookingRecord>(1, 100, {
      filter: pb.filter('created ~ {:q} || usuario.nome_completo ~ {:q}', { q }),
      expand: 'usuario',
    });
    expect(result.totalItems).toBeGreaterThan(0);
    for (const item of result.items) expect(item.expand?.usuario?.nome_completo).toContain('Conceição');

    const byMonth = await pb.collection('agendamentos').getList<BookingRecord>(1, 100, {
      filter: pb.filter('created ~ {:q} || usuario.nome_completo ~ {:q}', { q: '2026-08' }),
    });
    expect(byMonth.totalItems).toBeGreaterThan(0);
    for (const item of byMonth.items) expect(item.created.startsWith('2026-08')).toBe(true);

    const hostile = await pb.collection('agendamentos').getList(1, 10, {
      filter: pb.filter('usuario.nome_completo ~ {:q}', { q: '" || id != "' }),
    });
    expect(hostile.totalItems).toBe(0);
  });

  it('answers 400 for a broken filter and 403 for @request', async () => {
    const pb = await signedIn('admin');
    const broken = await failure(() =>
      pb.collection('agendamentos').getList(1, 10, { filter: '(status_agendamento = "NOVO"' }),
    );
    expect(broken.status).toBe(400);
    expect(broken.response).toEqual({
      status: 400,
      message: 'Something went wrong while processing your request.',
      data: {},
    });
    const forbidden = await failure(() =>
      pb.collection('agendamentos').getList(1, 10, { filter: '@request.auth.id != ""' }),
    );
    expect(forbidden.status).toBe(403);
  });

  it('supports skipTotal (getFirstListItem, getFullList)', async () => {
    const pb = await signedIn('admin');
    const first = await pb
      .collection('agendamentos')
      .getFirstListItem<BookingRecord>(pb.filter('id = {:id}', { id: DEMO_AGENDADO_BOOKING.id }));
    expect(first.hora_agendamento).toBe('14:30');
    const all = await pb.collection('agendamentos').getFullList({ batch: 50 });
    expect(all).toHaveLength(getDb().agendamentos.length);
    // PocketBase leaves the total out; the kit fills it in for staff's unfiltered bookings (lista_equipe.js).
    const raw = await pb.send<{ totalItems: number; totalPages: number }>(
      '/api/collections/agendamentos/records',
      {
        query: { skipTotal: 1, filter: 'id != ""' },
      },
    );
    expect(raw).toMatchObject({ totalItems: -1, totalPages: -1 });
    const whole = await pb.send<{ totalItems: number; totalPages: number }>(
      '/api/collections/agendamentos/records',
      {
        query: { skipTotal: 1 },
      },
    );
    expect(whole).toMatchObject({
      totalItems: getDb().agendamentos.length,
      totalPages: Math.ceil(getDb().agendamentos.length / 30),
    });
  });

  it('expands usuario for admins', async () => {
    const pb = await signedIn('admin');
    const booking = await pb
      .collection('agendamentos')
      .getOne<BookingRecord>(DEMO_AGENDADO_BOOKING.id, { expand: 'usuario' });
    expect(booking.expand?.usuario).toMatchObject({
      id: DEMO_ACCOUNTS.agendado.id,
      nome_completo: "João Pedro D'Ávila",
    });
    expect(booking.expand?.usuario).not.toHaveProperty('password');
    const withoutExpand = await pb.collection('agendamentos').getOne<BookingRecord>(DEMO_AGENDADO_BOOKING.id);
    expect(withoutExpand).not.toHaveProperty('expand');
  });
});

describe('access rules', () => {
  it('the admin sees everything, including other users (a payment through its booking)', async () => {
    const pb = await signedIn('admin');
    const bookings = await pb.collection('agendamentos').getList(1, 1);
    expect(bookings.totalItems).toBe(getDb().agendamentos.length);
    // The payments list is each one's own (an indexed read on the server); a payment is viewed by id.
    expect((await pb.collection('pagamentos').getList(1, 1)).totalItems).toBe(0);
    const [payment] = getDb().pagamentos;
    await expect(pb.collection('pagamentos').getOne(payment?.id ?? '')).resolves.toMatchObject({
      id: payment?.id,
    });
    await expect(pb.collection('usuarios').getOne(DEMO_ACCOUNTS.agendado.id)).resolves.toMatchObject({
      nome_completo: "João Pedro D'Ávila",
    });
  });

  it('a bad or expired token is a guest, not a 401; "Bearer" is accepted', async () => {
    const headers = [
      'garbage',
      makeToken(DEMO_ACCOUNTS.agendado.id, -10),
      `${makeToken(DEMO_ACCOUNTS.agendado.id).slice(0, -2)}xx`,
    ];
    for (const authorization of headers) {
      const response = await fetch(`${API}/api/collections/pagamentos/records`, {
        headers: { Authorization: authorization },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { totalItems: number }).totalItems).toBe(0);
    }
    const bearer = await fetch(`${API}/api/collections/pagamentos/records`, {
      headers: { Authorization: `Bearer ${makeToken(DEMO_ACCOUNTS.agendado.id)}` },
    });
    expect(((await bearer.json()) as { totalItems: number }).totalItems).toBe(1);
  });
});

describe('create and update', () => {
  it('lets the admin PATCH a booking; ISO dates are stored in PocketBase format, null clears', async () => {
    const pb = await signedIn('admin');
    const before = getDb().agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id)?.updated ?? '';
    const updated = await pb.collection('agendamentos').update<BookingRecord>(
      DEMO_AGENDADO_BOOKING.id,
      {
        data_agendamento: '2026-12-03T03:00:00.000Z',
        hora_agendamento: '09:15',
        status_agendamento: 'FINALIZADO',
        local_agendamento: 'Rua Exemplo, 123',
        formulario: 'x',
      },
      { expand: 'usuario' },
    );
    expect(updated).toMatchObject({
      data_agendamento: '2026-12-03 03:00:00.000Z',
      hora_agendamento: '09:15',
      status_agendamento: 'FINALIZADO',
      formulario: 'x',
    });
    expect(updated.updated > before).toBe(true);
    expect(updated.expand?.usuario?.nome_completo).toBe("João Pedro D'Ávila");
    const cleared = await pb
      .collection('agendamentos')
      .update<BookingRecord>(DEMO_AGENDADO_BOOKING.id, { data_agendamento: null });
    expect(cleared.data_agendamento).toBe('');
    const bad = await failure(() =>
      pb.collection('agendamentos').update(DEMO_AGENDADO_BOOKING.id, { status_agendamento: 'CANCELADO' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.response.data).toMatchObject({ status_agendamento: { code: 'validation_invalid_status' } });
  });

  it('keeps changes until resetDb restores the seed', async () => {
    const pb = await signedIn('admin');
    await pb.collection('agendamentos').update(DEMO_AGENDADO_BOOKING.id, { status_agendamento: 'NOVO' });
    resetDb();
    expect(getDb().agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id)?.status_agendamento).toBe(
      'AGENDADO',
    );
  });
});

describe('Asaas proxy (as pocketbase/pb_hooks answers)', () => {
  const holder = {
    name: 'Maria da Conceição Souza',
    email: DEMO_ACCOUNTS.cliente.email,
    cpfCnpj: DEMO_ACCOUNTS.cliente.cpf,
    postalCode: '01310100',
    addressNumber: '1000',
    phone: DEMO_ACCOUNTS.cliente.celular,
  };

  async function customer(pb: PocketBase): Promise<string> {
    const { id } = await pb.send<{ id: string }>('/payments/asaas/customer', { method: 'POST', body: {} });
    expect(id).toMatch(/^cus_/);
    return id;
  }

  function card(customerId: string, number: string, count = 6, flex = true): Record<string, unknown> {
    const total = 699 + (flex ? 199 : 0);
    return {
      customer: customerId,
      installmentCount: count,
      value: Math.floor((total * 100) / count) / 100,
      totalValue: total,
      billingType: 'CREDIT_CARD',
      creditCard: { holderName: 'MARIA C SOUZA', number, expiryMonth: '12', expiryYear: '2031', ccv: '123' },
      creditCardHolderInfo: holder,
      tipo_servico: 'individual',
      flex,
      externalReference: `tentativa-${number.slice(-4)}-${count}`,
    };
  }

  const charge = (pb: PocketBase, body: Record<string, unknown>) =>
    pb.send<Record<string, unknown>>('/payments/asaas/installment', { method: 'POST', body });

  it('makes one Asaas customer per user, from the account', async () => {
    const pb = await signedIn('cliente');
    expect(await customer(pb)).toBe(await customer(pb));
    expect(getDb().asaasCustomers).toMatchObject([
      { name: DEMO_ACCOUNTS.cliente.nome_completo, email: DEMO_ACCOUNTS.cliente.email },
    ]);
  });

  it('charges at the server’s price and writes the order; the same attempt again is the same charge', async () => {
    const pb = await signedIn('cliente');
    const id = await customer(pb);
    const body = card(id, '4111111111111111');
    const answer = await charge(pb, body);
    expect(answer).toMatchObject({
      status: 'CONFIRMED',
      billingType: 'CREDIT_CARD',
      value: 149.66,
      totalValue: 898,
      installmentCount: 6,
    });
    expect(await charge(pb, body)).toEqual(answer);
    // One charge at Asaas: a payment per installment, tied by one `installment` id.
    expect(getDb().asaasCharges).toHaveLength(6);
    expect(new Set(getDb().asaasCharges.map((c) => c.installment)).size).toBe(1);
    expect(getDb().pagamentos.filter((p) => p.usuario === DEMO_ACCOUNTS.cliente.id)).toMatchObject([
      { preco_servico: 898, flex: true, numero_parcelas: 6, asaas_id_pagamento: answer.id },
    ]);
    expect(JSON.stringify(getDb())).not.toContain('4111111111111111');
    // A new attempt after the order: refused.
    expect(
      (await failure(() => charge(pb, { ...body, externalReference: 'tentativa-outra-1' }))).status,
    ).toBe(409);
  });

  it.each([
    ['R$ 1,00', { totalValue: 1, value: 1 }],
    ['Flex left out of the total', { totalValue: 699, value: 116.5 }],
    ['seven installments', { installmentCount: 7 }],
  ])('refuses a price edited in the browser (%s)', async (_label, change) => {
    const pb = await signedIn('cliente');
    const id = await customer(pb);
    const error = await failure(() => charge(pb, { ...card(id, '4111111111111111'), ...change }));
    expect(error.status).toBe(400);
    expect(getDb().asaasCharges).toHaveLength(0);
  });

  it('a Pix charge is made at the server price and its QR code is served to its owner only', async () => {
    const pb = await signedIn('cliente');
    const id = await customer(pb);
    const answer = await pb.send<{ id: string; status: string }>('/payments/asaas/pix', {
      method: 'POST',
      body: {
        customer: id,
        value: 699,
        description: 'Agendamento individual',
        tipo_servico: 'individual',
        flex: false,
      },
    });
    expect(answer).toMatchObject({ status: 'PENDING', billingType: 'PIX', totalValue: 699 });
    const qr = await pb.send<{ encodedImage: string; payload: string }>(
      `/payments/asaas/pix/${answer.id}`,
      {},
    );
    expect(atob(qr.encodedImage).startsWith('\x89PNG')).toBe(true);
    expect(qr.payload).toContain('br.gov.bcb.pix');
    const other = await signedIn('agendado');
    expect((await failure(() => other.send(`/payments/asaas/pix/${answer.id}`, {}))).status).toBe(404);
  });
});

describe('the server’s limits, as the demo mirrors them (pb_hooks/lib/limites.json)', () => {
  afterEach(() => vi.useRealTimers());

  it('ten logins a minute, then 429; ten failures lock the account for 15 minutes, even the right password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { email } = DEMO_ACCOUNTS.cliente;
    for (let i = 0; i < 10; i++) {
      const wrong = await failure(() => client().collection('usuarios').authWithPassword(email, 'errada123'));
      expect(wrong.status).toBe(400);
    }
    const limited = await failure(() =>
      client().collection('usuarios').authWithPassword(email, DEMO_PASSWORD),
    );
    expect(limited.status).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    const locked = await failure(() =>
      client().collection('usuarios').authWithPassword(email, DEMO_PASSWORD),
    );
    expect(locked).toMatchObject({ status: 429, message: FIELD_MESSAGES.contaBloqueada });
    await client().collection('usuarios').authWithPassword(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    vi.setSystemTime(Date.now() + 15 * 60_000);
    await client().collection('usuarios').authWithPassword(email, DEMO_PASSWORD);
  });

  it('five password-reset requests per 10 minutes, then 429', async () => {
    for (let i = 0; i < 5; i++)
      await client().collection('usuarios').requestPasswordReset(`x${i}@example.com`);
    expect(
      (await failure(() => client().collection('usuarios').requestPasswordReset('y@example.com'))).status,
    ).toBe(429);
  });
});
