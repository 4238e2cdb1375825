import type PocketBase from 'pocketbase';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { getDb, resetDb } from '@/mocks/db';
import { makeToken } from '@/mocks/jwt';
import { getMailbox } from '@/mocks/mailbox';
import { DEMO_ACCOUNTS, DEMO_AGENDADO_BOOKING, DEMO_PASSWORD } from '@/mocks/seed';
import type { BookingRecord, PaymentRecord, UserRecord } from '@/lib/types';
import { API, client, failure, signedIn } from '../helpers/pb-client';

// tests/setup.ts starts the msw server (onUnhandledRequest: 'error') and calls resetDb() after each test.

describe('auth-with-password', () => {
  it('returns a real-looking JWT and the record without the password', async () => {
    const pb = client();
    const auth = await pb.collection('usuarios').authWithPassword('AGENDADO@demo.com.br', DEMO_PASSWORD);
    expect(auth.token.split('.')).toHaveLength(3);
    expect(pb.authStore.isValid).toBe(true);
    expect(auth.record).toMatchObject({
      id: DEMO_ACCOUNTS.agendado.id,
      collectionName: 'usuarios',
      email: 'agendado@demo.com.br',
      nome_completo: "João Pedro D'Ávila",
      cpf: DEMO_ACCOUNTS.agendado.cpf,
      celular: DEMO_ACCOUNTS.agendado.celular,
      verified: true,
      admin: false,
    });
    expect(auth.record.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(auth.record).not.toHaveProperty('password');
  });

  it('answers 400 "Failed to authenticate." for a wrong password or unknown e-mail', async () => {
    for (const [email, password] of [
      [DEMO_ACCOUNTS.cliente.email, 'wrong-password'],
      ['ninguem@demo.com.br', DEMO_PASSWORD],
    ] as const) {
      const error = await failure(() => client().collection('usuarios').authWithPassword(email, password));
      expect(error.status).toBe(400);
      expect(error.message).toBe('Failed to authenticate.');
      expect(error.response).toEqual({ status: 400, message: 'Failed to authenticate.', data: {} });
    }
  });

  it('answers 400 with field errors for blank fields', async () => {
    const error = await failure(() => client().collection('usuarios').authWithPassword('', ''));
    expect(error.status).toBe(400);
    expect(error.message).toBe('An error occurred while validating the submitted data.');
    expect(error.response.data).toMatchObject({
      identity: { code: 'validation_required' },
      password: { code: 'validation_required' },
    });
  });

  it('authenticates unverified users too, with verified false', async () => {
    const auth = await client()
      .collection('usuarios')
      .authWithPassword(DEMO_ACCOUNTS.pendente.email, DEMO_PASSWORD);
    expect(auth.record.verified).toBe(false);
  });

  it('admin flag comes with the record', async () => {
    const pb = await signedIn('admin');
    expect(pb.authStore.record?.admin).toBe(true);
  });
});

describe('registration and verification', () => {
  const newUser = {
    nome_completo: 'Ana-Maria Gonçalves',
    email: 'ana.maria@exemplo.com.br',
    password: 'segredo123',
    passwordConfirm: 'segredo123',
    cpf: '12345678909',
    celular: '11912345678',
  };

  it('creates an unverified, non-admin user and answers 200', async () => {
    const record = await client().collection('usuarios').create<UserRecord>(newUser);
    expect(record).toMatchObject({ nome_completo: 'Ana-Maria Gonçalves', verified: false, admin: false });
    expect(record.id).toMatch(/^[a-z0-9]{15}$/);
    expect(record).not.toHaveProperty('password');
  });

  it('refuses a taken e-mail with validation_not_unique', async () => {
    const error = await failure(() =>
      client()
        .collection('usuarios')
        .create({ ...newUser, email: 'Cliente@Demo.com.br' }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Failed to create record.');
    expect(error.response.data).toEqual({
      email: { code: 'validation_not_unique', message: 'Value must be unique.' },
    });
  });

  it('checks password length and confirmation', async () => {
    const error = await failure(() =>
      client()
        .collection('usuarios')
        .create({ ...newUser, password: 'curta', passwordConfirm: 'outra' }),
    );
    expect(error.response.data).toMatchObject({
      password: { code: 'validation_min_text_constraint' },
      passwordConfirm: { code: 'validation_values_mismatch' },
    });
  });

  it.each([
    ['cpf', { cpf: '' }, 'validation_invalid_cpf'],
    ['cpf', { cpf: '529.982.247-24' }, 'validation_invalid_cpf'],
    ['celular', { celular: '1198765432' }, 'validation_invalid_celular'],
    ['nome_completo', { nome_completo: 'x'.repeat(10_000) }, 'validation_invalid_nome'],
    ['nome_completo', { nome_completo: '<script>alert(1)</script> Silva' }, 'validation_invalid_nome'],
  ])('refuses a bad %s as the server hook does', async (field, change, code) => {
    const error = await failure(() =>
      client()
        .collection('usuarios')
        .create({ ...newUser, ...change }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('An error occurred while validating the submitted data.');
    expect(error.response.data).toEqual({ [field]: expect.objectContaining({ code }) });
  });

  it('refuses a client-set admin flag', async () => {
    const error = await failure(() =>
      client()
        .collection('usuarios')
        .create({ ...newUser, admin: true }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Failed to create record.');
    expect(getDb().usuarios.some((u) => u.email === newUser.email)).toBe(false);
  });

  it('verifies through the mailed link, once', async () => {
    const pb = client();
    await pb.collection('usuarios').create(newUser);
    expect(await pb.collection('usuarios').requestVerification(newUser.email)).toBe(true);
    const mail = getMailbox().at(-1);
    expect(mail).toMatchObject({ kind: 'verification', email: newUser.email });
    expect(mail?.path).toBe(`/confirm_verification?token=${encodeURIComponent(mail?.token ?? '')}`);

    expect(await pb.collection('usuarios').confirmVerification(mail?.token ?? '')).toBe(true);
    const auth = await pb.collection('usuarios').authWithPassword(newUser.email, newUser.password);
    expect(auth.record.verified).toBe(true);

    // As PocketBase does: a link followed twice is not an error, the account is verified already.
    expect(
      await client()
        .collection('usuarios')
        .confirmVerification(mail?.token ?? ''),
    ).toBe(true);
  });

  it('answers 204 without a mail for unknown or already verified e-mails', async () => {
    const pb = client();
    expect(await pb.collection('usuarios').requestVerification('ninguem@demo.com.br')).toBe(true);
    expect(await pb.collection('usuarios').requestVerification(DEMO_ACCOUNTS.cliente.email)).toBe(true);
    expect(getMailbox()).toHaveLength(0);
    await pb.collection('usuarios').requestVerification(DEMO_ACCOUNTS.pendente.email);
    expect(getMailbox()).toHaveLength(1);
  });

  it('rejects a garbage verification token', async () => {
    const error = await failure(() => client().collection('usuarios').confirmVerification('not-a-token'));
    expect(error.status).toBe(400);
    expect(error.response.data).toEqual({
      token: { code: 'validation_invalid_token_claims', message: 'Missing email token claim.' },
    });
  });
});

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
    const raw = await pb.send<{ totalItems: number; totalPages: number }>(
      '/api/collections/agendamentos/records',
      { query: { skipTotal: 1 } },
    );
    expect(raw).toMatchObject({ totalItems: -1, totalPages: -1 });
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
  it('a customer sees only their own payments and bookings', async () => {
    const pb = await signedIn('agendado');
    const payments = await pb.collection('pagamentos').getFullList<PaymentRecord>();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      usuario: DEMO_ACCOUNTS.agendado.id,
      tipo_servico: 'individual',
      preco_servico: 699,
      metodo_pagamento: 'cartao_credito',
      numero_parcelas: 3,
      asaas_id_pagamento: 'pay_demo000000001',
    });
    const bookings = await pb
      .collection('agendamentos')
      .getList<BookingRecord>(1, 50, { expand: 'usuario', filter: 'usuario != ""' });
    expect(bookings.totalItems).toBe(1);
    expect(bookings.items[0]).toMatchObject({
      status_agendamento: 'AGENDADO',
      hora_agendamento: '14:30',
      local_agendamento: 'Consulado Geral da Itália em São Paulo, Av. Paulista, 1963',
    });
    expect(bookings.items[0]?.expand?.usuario?.nome_completo).toBe("João Pedro D'Ávila");
  });

  it('a customer without payments gets empty lists; a guest too (no error)', async () => {
    const pb = await signedIn('cliente');
    expect((await pb.collection('pagamentos').getList(1, 10)).totalItems).toBe(0);
    const guest = client();
    expect((await guest.collection('agendamentos').getList(1, 10)).items).toHaveLength(0);
  });

  it("someone else's record reads as 404", async () => {
    const pb = await signedIn('cliente');
    const booking = await failure(() => pb.collection('agendamentos').getOne(DEMO_AGENDADO_BOOKING.id));
    expect(booking.status).toBe(404);
    expect(booking.message).toBe("The requested resource wasn't found.");
    const user = await failure(() => pb.collection('usuarios').getOne(DEMO_ACCOUNTS.agendado.id));
    expect(user.status).toBe(404);
    await expect(pb.collection('usuarios').getOne(DEMO_ACCOUNTS.cliente.id)).resolves.toMatchObject({
      email: DEMO_ACCOUNTS.cliente.email,
    });
  });

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
  it.each(['pagamentos', 'agendamentos', 'cobrancas'])(
    'nobody but the server creates %s: 403, even for their own account',
    async (collection) => {
      const pb = await signedIn('cliente');
      const error = await failure(() =>
        pb.collection(collection).create({
          usuario: DEMO_ACCOUNTS.cliente.id,
          tipo_servico: 'individual',
          preco_servico: 1,
          metodo_pagamento: 'cartao_credito',
          numero_parcelas: 1,
          asaas_id_pagamento: 'pay_inventado',
          status_agendamento: 'NOVO',
        }),
      );
      expect(error.status).toBe(403);
      expect(getDb().pagamentos.some((p) => p.asaas_id_pagamento === 'pay_inventado')).toBe(false);
    },
  );

  it.each(['asaas_clientes', 'asaas_eventos', 'tentativas_cartao'])(
    '%s is superusers only',
    async (collection) => {
      const pb = await signedIn('admin');
      expect((await failure(() => pb.collection(collection).getList(1, 1))).status).toBe(403);
    },
  );

  it('a customer may change only their phone; the rest reads as 404', async () => {
    const pb = await signedIn('cliente');
    const id = DEMO_ACCOUNTS.cliente.id;
    const updated = await pb.collection('usuarios').update<UserRecord>(id, { celular: '(11) 91234-5678' });
    expect(updated.celular).toBe('11912345678');
    for (const body of [
      { admin: true },
      { verified: true },
      { cpf: '153.509.460-56' },
      { nome_completo: 'Outro Nome Qualquer' },
    ]) {
      expect((await failure(() => pb.collection('usuarios').update(id, body))).status).toBe(404);
    }
    const bad = await failure(() => pb.collection('usuarios').update(id, { celular: '123' }));
    expect(bad.response.data).toMatchObject({ celular: { code: 'validation_invalid_celular' } });
  });

  it('refuses a PATCH from a customer, even on their own booking', async () => {
    const pb = await signedIn('agendado');
    const error = await failure(() =>
      pb.collection('agendamentos').update(DEMO_AGENDADO_BOOKING.id, { status_agendamento: 'FINALIZADO' }),
    );
    expect(error.status).toBe(404);
    expect(getDb().agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id)?.status_agendamento).toBe(
      'AGENDADO',
    );
  });

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

  it('refuses a guest (401) and an unverified customer (403)', async () => {
    expect(
      (await failure(() => client().send('/payments/asaas/customer', { method: 'POST', body: {} }))).status,
    ).toBe(401);
    const pending = client();
    await pending.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.pendente.email, DEMO_PASSWORD);
    const error = await failure(() => pending.send('/payments/asaas/customer', { method: 'POST', body: {} }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Confirme o seu e-mail antes de pagar.');
  });

  it('makes one Asaas customer per user, from the account', async () => {
    const pb = await signedIn('cliente');
    expect(await customer(pb)).toBe(await customer(pb));
    expect(getDb().asaasCustomers).toMatchObject([
      { name: DEMO_ACCOUNTS.cliente.nome_completo, email: DEMO_ACCOUNTS.cliente.email },
    ]);
  });

  it('declines the sandbox decline cards with Asaas’s reason and stores no order', async () => {
    const pb = await signedIn('cliente');
    const id = await customer(pb);
    for (const number of ['5184019740373151', '4916561358240741']) {
      const error = await failure(() => charge(pb, card(id, number)));
      expect(error.status).toBe(400);
      expect(error.response.data).toEqual({
        asaas: {
          code: 'invalid_creditCard',
          message: 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
        },
      });
    }
    expect(getDb().asaasCharges).toHaveLength(0);
    expect(getDb().pagamentos.filter((p) => p.usuario === DEMO_ACCOUNTS.cliente.id)).toEqual([]);
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
    expect(getDb().asaasCharges).toHaveLength(1);
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
