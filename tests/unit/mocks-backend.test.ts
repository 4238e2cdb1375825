import PocketBase, { BaseAuthStore, ClientResponseError } from 'pocketbase';
import { getDb, resetDb } from '@/mocks/db';
import { makeToken } from '@/mocks/jwt';
import { getMailbox } from '@/mocks/mailbox';
import { DEMO_ACCOUNTS, DEMO_AGENDADO_BOOKING, DEMO_PASSWORD } from '@/mocks/seed';
import type { BookingRecord, PaymentRecord, UserRecord } from '@/lib/types';

const API = 'http://localhost:3000';

// tests/setup.ts starts the msw server (onUnhandledRequest: 'error') and calls resetDb() after each test.

/** The real SDK, with an in-memory auth store so two clients in one test do not share localStorage. */
function client(): PocketBase {
  const pb = new PocketBase(API, new BaseAuthStore());
  pb.autoCancellation(false);
  return pb;
}

async function signedIn(account: keyof typeof DEMO_ACCOUNTS): Promise<PocketBase> {
  const pb = client();
  await pb.collection('usuarios').authWithPassword(DEMO_ACCOUNTS[account].email, DEMO_PASSWORD);
  return pb;
}

/** Runs `fn` and returns the ClientResponseError it must throw. */
async function failure(fn: () => Promise<unknown>): Promise<ClientResponseError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof ClientResponseError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function postJson(
  path: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

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
    cpf: '52998224725',
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

  it('checks password length, confirmation and required fields', async () => {
    const error = await failure(() =>
      client()
        .collection('usuarios')
        .create({ ...newUser, password: 'curta', passwordConfirm: 'outra', cpf: '' }),
    );
    expect(error.response.data).toMatchObject({
      password: { code: 'validation_length_out_of_range' },
      passwordConfirm: { code: 'validation_values_mismatch' },
      cpf: { code: 'validation_required' },
    });
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

    const reused = await failure(() =>
      client()
        .collection('usuarios')
        .confirmVerification(mail?.token ?? ''),
    );
    expect(reused.status).toBe(400);
    expect(reused.response.data).toMatchObject({ token: { code: 'validation_invalid_token' } });
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
      token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
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

  it('the admin sees everything, including other users', async () => {
    const pb = await signedIn('admin');
    const payments = await pb.collection('pagamentos').getList(1, 1);
    expect(payments.totalItems).toBe(getDb().pagamentos.length);
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
  it('a customer creates their payment and NOVO booking', async () => {
    const pb = await signedIn('cliente');
    const usuario = DEMO_ACCOUNTS.cliente.id;
    const payment = await pb.collection('pagamentos').create<PaymentRecord>({
      usuario,
      tipo_servico: 'familiar',
      preco_servico: 1198,
      metodo_pagamento: 'cartao_credito',
      numero_parcelas: 6,
      asaas_id_pagamento: 'pay_abc123',
    });
    expect(payment).toMatchObject({
      usuario,
      preco_servico: 1198,
      numero_parcelas: 6,
      collectionName: 'pagamentos',
    });
    expect(payment.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const booking = await pb.collection('agendamentos').create<BookingRecord>({
      usuario,
      data_agendamento: '',
      hora_agendamento: '',
      status_agendamento: 'NOVO',
      local_agendamento: '',
    });
    expect(booking).toMatchObject({
      usuario,
      status_agendamento: 'NOVO',
      data_agendamento: '',
      formulario: '',
    });
    expect((await pb.collection('agendamentos').getList(1, 10)).totalItems).toBe(1);
  });

  it('refuses a guest or someone else\'s usuario with 400 "Failed to create record."', async () => {
    const guest = await failure(() =>
      client()
        .collection('agendamentos')
        .create({ usuario: DEMO_ACCOUNTS.cliente.id, status_agendamento: 'NOVO' }),
    );
    expect(guest.status).toBe(400);
    expect(guest.message).toBe('Failed to create record.');
    const pb = await signedIn('cliente');
    const other = await failure(() =>
      pb.collection('pagamentos').create({
        usuario: DEMO_ACCOUNTS.agendado.id,
        tipo_servico: 'individual',
        preco_servico: 699,
        metodo_pagamento: 'cartao_credito',
        numero_parcelas: 1,
        asaas_id_pagamento: 'pay_x',
      }),
    );
    expect(other.status).toBe(400);
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
    expect(bad.response.data).toMatchObject({ status_agendamento: { code: 'validation_invalid_value' } });
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

describe('Asaas proxy', () => {
  const holder = {
    name: 'Maria da Conceição Souza',
    email: DEMO_ACCOUNTS.cliente.email,
    cpfCnpj: DEMO_ACCOUNTS.cliente.cpf,
    postalCode: '01310100',
    addressNumber: '1000',
    phone: DEMO_ACCOUNTS.cliente.celular,
  };

  async function customer(): Promise<string> {
    const { status, json } = await postJson('/payments/asaas/customer', {
      name: holder.name,
      cpfCnpj: holder.cpfCnpj,
      email: holder.email,
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ object: 'customer', name: holder.name, cpfCnpj: holder.cpfCnpj });
    expect(String(json.id)).toMatch(/^cus_/);
    return String(json.id);
  }

  function installment(customerId: string, number: string, count = 6, total = 898): Record<string, unknown> {
    return {
      customer: customerId,
      installmentCount: count,
      value: Math.floor((total * 100) / count) / 100,
      totalValue: total,
      billingType: 'CREDIT_CARD',
      dueDate: new Date().toISOString().slice(0, 10),
      creditCard: { holderName: 'MARIA C SOUZA', number, expiryMonth: '12', expiryYear: '2031', ccv: '123' },
      creditCardHolderInfo: holder,
      remoteIp: '203.0.113.10',
    };
  }

  it('refuses an invalid CPF', async () => {
    const { status, json } = await postJson('/payments/asaas/customer', {
      name: 'X',
      cpfCnpj: '11111111111',
      email: 'x@y.com',
    });
    expect(status).toBe(400);
    expect(json).toEqual({
      errors: [{ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' }],
    });
  });

  it('declines the sandbox decline cards and stores nothing', async () => {
    const id = await customer();
    for (const number of ['5184019740373151', '4916561358240741']) {
      const { status, json } = await postJson('/payments/asaas/installment', installment(id, number));
      expect(status).toBe(400);
      expect(json).toEqual({
        errors: [
          {
            code: 'invalid_creditCard',
            description:
              'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
          },
        ],
      });
    }
    expect(getDb().asaasCharges).toHaveLength(0);
  });

  it('charges other cards in installments cut to centavos', async () => {
    const id = await customer();
    const { status, json } = await postJson(
      '/payments/asaas/installment',
      installment(id, '4111111111111111'),
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({
      object: 'payment',
      status: 'CONFIRMED',
      billingType: 'CREDIT_CARD',
      customer: id,
      value: 149.66,
      installmentCount: 6,
    });
    expect(String(json.id)).toMatch(/^pay_/);
    expect(String(json.installment)).toMatch(/^ins_/);
    expect(getDb().asaasCharges).toHaveLength(1);
    expect(JSON.stringify(getDb())).not.toContain('4111111111111111');
  });

  it('validates the charge fields', async () => {
    const id = await customer();
    const body = installment(id, '4111111111111111', 13);
    const { status, json } = await postJson('/payments/asaas/installment', {
      ...body,
      dueDate: '03/11/2026',
      remoteIp: '',
      creditCard: {
        holderName: 'X',
        number: '4111111111111111',
        expiryMonth: '1',
        expiryYear: '31',
        ccv: '1',
      },
    });
    expect(status).toBe(400);
    const codes = (json.errors as { code: string }[]).map((e) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'invalid_installmentCount',
        'invalid_dueDate',
        'invalid_remoteIp',
        'invalid_creditCard',
      ]),
    );
    expect(getDb().asaasCharges).toHaveLength(0);
  });

  it('creates a Pix charge and serves its QR code', async () => {
    const id = await customer();
    const { status, json } = await postJson('/payments/asaas/pix', {
      customer: id,
      value: 699,
      dueDate: '2026-11-30',
      description: 'Agendamento individual',
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ billingType: 'PIX', status: 'PENDING', value: 699 });
    const qr = await fetch(`${API}/payments/asaas/pix/${String(json.id)}`);
    const body = (await qr.json()) as { encodedImage: string; payload: string };
    expect(atob(body.encodedImage).startsWith('\x89PNG')).toBe(true);
    expect(body.payload).toContain('br.gov.bcb.pix');
  });

  it('answers the public IP lookup', async () => {
    const response = await fetch('https://api.ipify.org?format=json');
    expect(await response.json()).toEqual({ ip: '203.0.113.10' });
  });
});
