// The server against a hostile client, with the kit's default figures (docs/backend.md): rate limits per IP
// (each test has addresses of its own), the lockout of an account after repeated failed logins, the cap on
// account e-mails per address, what the server stores whatever was sent, one account per CPF, and the export.
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import messages from '../../pocketbase/pb_hooks/lib/mensagens.json';
import {
  asaasCustomer,
  asaasRequests,
  cardRequest,
  client,
  digits,
  failure,
  mailsTo,
  newCustomer,
  paidCustomer,
  PASSWORD,
  payByCard,
  registration,
  superuser,
} from './helpers';

/** The statuses of `count` calls made one after another. */
async function statuses(count: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) {
    try {
      await call(i);
      result.push(200);
    } catch (error) {
      result.push((error as { status: number }).status);
    }
  }
  return result;
}

const send = (pb: PocketBase, path: string, body: Record<string, unknown>) =>
  pb.send(path, { method: 'POST', body });

describe('rate limits per IP', () => {
  it('login: 10 a minute from one address, the 11th is 429; another address still logs in', async () => {
    const customer = await newCustomer();
    const pb = client();
    // Different unknown e-mails, so that no account's lockout is what answers.
    const answers = await statuses(11, (i) =>
      pb
        .collection('usuarios')
        .authWithPassword(`ninguem-${i}-${Date.now()}@teste.passaporte.test`, PASSWORD),
    );
    expect(answers).toEqual([...Array<number>(10).fill(400), 429]);
    expect((await failure(pb.collection('usuarios').authWithPassword(customer.email, PASSWORD))).status).toBe(
      429,
    );
    await client().collection('usuarios').authWithPassword(customer.email, PASSWORD);
  });

  it('registration: 5 per 10 minutes from one address', async () => {
    const pb = client();
    const answers = await statuses(6, () => pb.collection('usuarios').create(registration()));
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it.each([
    ['verification', '/api/collections/usuarios/request-verification'],
    ['password reset', '/api/collections/usuarios/request-password-reset'],
  ])('%s requests: 5 per 10 minutes from one address', async (_label, path) => {
    const pb = client();
    const answers = await statuses(6, (i) =>
      send(pb, path, { email: `pedido-${i}-${Date.now()}@teste.passaporte.test` }),
    );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('e-mail change requests: 3 per 10 minutes from one address', async () => {
    const customer = await newCustomer();
    const answers = await statuses(4, (i) =>
      send(customer.pb, '/api/collections/usuarios/request-email-change', {
        newEmail: `novo-${i}-${Date.now()}@teste.passaporte.test`,
        password: PASSWORD,
      }),
    );
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('the payment proxy: 30 a minute from one address', async () => {
    const customer = await newCustomer();
    const answers = await statuses(31, () => asaasCustomer(customer));
    expect(answers.slice(0, 29).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('the account routes: the export 10 per 10 minutes, the phone change 10 per 10 minutes', async () => {
    const customer = await newCustomer();
    const exports = await statuses(11, () => customer.pb.send('/api/conta/exportar', {}));
    expect(exports).toEqual([...Array<number>(10).fill(200), 429]);
    const phones = await statuses(11, () =>
      customer.pb.collection('usuarios').update(customer.id, { celular: '(21) 99876-5432' }),
    );
    expect(phones).toEqual([...Array<number>(10).fill(200), 429]);
  });
});

describe('lockout of an account', () => {
  it('10 failures in 15 minutes, from any addresses, lock it: 429 in pt-BR, even with the right password; the owner is e-mailed once', async () => {
    const customer = await newCustomer();
    const wrong = await statuses(10, () =>
      client().collection('usuarios').authWithPassword(customer.email, 'Errada@2026'),
    );
    expect(wrong).toEqual(Array<number>(10).fill(400));
    const locked = await failure(client().collection('usuarios').authWithPassword(customer.email, PASSWORD));
    expect(locked.status).toBe(429);
    expect(locked.response.message).toBe(messages.contaBloqueada);
    // The same e-mail typed in capitals is the same account.
    const upper = await failure(
      client().collection('usuarios').authWithPassword(customer.email.toUpperCase(), PASSWORD),
    );
    expect(upper.status).toBe(429);
    const [mail] = await mailsTo(customer.email, { subject: /bloqueado/ });
    expect(mail?.subject).toBe('Acesso à sua conta bloqueado - Passaporte Italiano');
    expect(mail?.text.startsWith('Olá.\n')).toBe(true);
    expect(await mailsTo(customer.email, { subject: /bloqueado/, count: 2, timeoutMs: 500 })).toHaveLength(1);
    // Another account is not affected.
    const other = await newCustomer();
    await client().collection('usuarios').authWithPassword(other.email, PASSWORD);
  });
});

describe('account e-mails: one of each kind per address per 5 minutes, 10 a day', () => {
  it('repeated verification requests send one e-mail', async () => {
    const input = registration();
    await client().collection('usuarios').create(input);
    for (let i = 0; i < 4; i++) await client().collection('usuarios').requestVerification(input.email);
    await mailsTo(input.email, { subject: /Confirme seu e-mail/ });
    expect(await mailsTo(input.email, { subject: /Confirme/, count: 2, timeoutMs: 1000 })).toHaveLength(1);
  });

  it('repeated password resets send one e-mail', async () => {
    const customer = await newCustomer();
    for (let i = 0; i < 4; i++) await client().collection('usuarios').requestPasswordReset(customer.email);
    await mailsTo(customer.email, { subject: /Redefinição/ });
    expect(await mailsTo(customer.email, { subject: /Redefinição/, count: 2, timeoutMs: 1000 })).toHaveLength(
      1,
    );
  });

  it('an address with 10 account e-mails today gets no more', async () => {
    const customer = await newCustomer();
    const su = await superuser();
    // The verification of newCustomer was the first; nine more fill the day.
    for (let i = 0; i < 9; i++) {
      await su.collection('envios_email').create({ para: customer.email, tipo: `outro-${i}` });
    }
    await client().collection('usuarios').requestPasswordReset(customer.email);
    expect(await mailsTo(customer.email, { subject: /Redefinição/, timeoutMs: 1000 })).toHaveLength(0);
  });

  it('e-mail change: only a verified account, with its password; one e-mail to the new address', async () => {
    const unverified = await newCustomer({ verified: false });
    const target = `terceiro-${Date.now()}@teste.passaporte.test`;
    const refused = await failure(
      send(unverified.pb, '/api/collections/usuarios/request-email-change', {
        newEmail: target,
        password: PASSWORD,
      }),
    );
    expect(refused.status).toBe(403);
    const customer = await newCustomer();
    const noPassword = await failure(
      send(customer.pb, '/api/collections/usuarios/request-email-change', { newEmail: target }),
    );
    expect(noPassword.status).toBe(400);
    expect(noPassword.response.data).toMatchObject({ password: { message: 'Senha incorreta.' } });
    for (let i = 0; i < 2; i++) {
      await send(customer.pb, '/api/collections/usuarios/request-email-change', {
        newEmail: target,
        password: PASSWORD,
      });
    }
    const [mail] = await mailsTo(target, { subject: /novo e-mail/ });
    expect(mail?.text.startsWith('Olá.\n')).toBe(true);
    expect(mail?.text).not.toContain(customer.input.nome_completo);
    expect(await mailsTo(target, { count: 2, timeoutMs: 1000 })).toHaveLength(1);
  });

  it('no login alert for an unverified account; a verified one gets it', async () => {
    const unverified = await newCustomer({ verified: false });
    await client().collection('usuarios').authWithPassword(unverified.email, PASSWORD);
    const verified = await newCustomer();
    await client().collection('usuarios').authWithPassword(verified.email, PASSWORD);
    expect(await mailsTo(verified.email, { subject: /Novo acesso/ })).toHaveLength(1);
    expect(await mailsTo(unverified.email, { subject: /Novo acesso/, timeoutMs: 1000 })).toHaveLength(0);
  });
});

describe('what the server stores, whatever the client sent', () => {
  it('CPF and phone as digits, the name without line breaks', async () => {
    const input = registration({ nome_completo: 'Maria da\nConceição\t Souza ' });
    const record = await client().collection('usuarios').create(input);
    expect(record).toMatchObject({
      nome_completo: 'Maria da Conceição Souza',
      cpf: digits(input.cpf),
      celular: '11987654321',
    });
  });

  it.each([
    ['a CPF with markup', { cpf: '<i>52998224725' }, 'cpf', messages.cpfInvalido],
    ['a phone with markup', { celular: '<b>11912345678</b>' }, 'celular', messages.celularInvalido],
    ['a phone with DDD 01', { celular: '(01) 91234-5678' }, 'celular', messages.celularInvalido],
    [
      'a name with markup',
      { nome_completo: '<b>Maria</b> da Silva Souza' },
      'nome_completo',
      messages.nomeInvalido,
    ],
    [
      'a name of 121 characters',
      { nome_completo: `Maria ${'a'.repeat(115)}` },
      'nome_completo',
      messages.nomeLongo,
    ],
    ['a one-word name', { nome_completo: 'Maria' }, 'nome_completo', messages.sobrenome],
  ])('refuses %s with the browser’s message', async (_label, change, field, message) => {
    const error = await failure(client().collection('usuarios').create(registration(change)));
    expect(error.status).toBe(400);
    // PocketBase ends a field message with a full stop.
    expect(error.response.data).toEqual({ [field]: expect.objectContaining({ message: `${message}.` }) });
  });

  it('card-holder fields are checked and capped before anything is sent to Asaas', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const base = cardRequest(asaasId, customer);
    // Other test files share the stand-in: only this customer's requests count.
    const charges = async () =>
      (await asaasRequests()).filter(
        (r) => r.method === 'POST' && r.path === '/v3/payments' && r.body.customer === asaasId,
      );
    expect(await charges()).toEqual([]);
    const cases: [Record<string, unknown>, string][] = [
      [{ creditCard: { ...base.creditCard, number: '4'.repeat(1_000_000) } }, messages.numeroCartaoInvalido],
      [{ creditCard: { ...base.creditCard, holderName: '<b>MARIA</b>' } }, messages.titularLetras],
      [{ creditCard: { ...base.creditCard, holderName: 'M'.repeat(101) } }, messages.titularLongo],
      [
        { creditCardHolderInfo: { ...base.creditCardHolderInfo, cpfCnpj: '5'.repeat(1_000_000) } },
        messages.cpfInvalido,
      ],
      [
        { creditCardHolderInfo: { ...base.creditCardHolderInfo, phone: '1'.repeat(1_000) } },
        messages.celularInvalido,
      ],
    ];
    for (const [change, message] of cases) {
      const error = await failure(payByCard(customer, { ...base, ...change }));
      expect(error.status).toBe(400);
      expect(error.response.message).toBe(`${message}.`);
    }
    expect(await charges()).toEqual([]);
    // The same request with sound fields goes through.
    await payByCard(customer, base);
    expect(await charges()).toHaveLength(1);
  });
});

describe('one account per CPF; ids are the server’s', () => {
  it('a CPF registered again, masked or not, is refused pointing to password recovery', async () => {
    const input = registration();
    await client().collection('usuarios').create(input);
    const again = await failure(
      client()
        .collection('usuarios')
        .create(registration({ cpf: digits(input.cpf) })),
    );
    expect(again.status).toBe(400);
    expect(again.response.data).toEqual({
      cpf: { code: 'validation_cpf_taken', message: messages.cpfCadastrado },
    });
  });

  it('a client-chosen record id is refused at registration and on a deletion request', async () => {
    const error = await failure(
      client()
        .collection('usuarios')
        .create({ ...registration(), id: 'escolhido12345a' }),
    );
    expect(error.status).toBe(400);
    expect(error.response.data).toMatchObject({ id: { code: 'validation_forbidden' } });
    const customer = await newCustomer();
    const request = await failure(
      customer.pb.collection('solicitacoes_exclusao').create({ id: 'escolhido12345b', usuario: customer.id }),
    );
    expect(request.status).toBe(400);
    const su = await superuser();
    await expect(su.collection('usuarios').getOne('escolhido12345a')).rejects.toMatchObject({ status: 404 });
  });
});

describe('the export', () => {
  it('says Equipe for what staff did, never who', async () => {
    const { customer } = await paidCustomer();
    const staff = await newCustomer({ admin: true, nome_completo: 'Funcionária Secreta da Equipe' });
    const [booking] = await customer.pb.collection('agendamentos').getFullList();
    await staff.pb.collection('agendamentos').update(booking?.id ?? '', { status_agendamento: 'ANALISE_OK' });
    const data = await customer.pb.send<{ historico: Record<string, unknown>[] }>('/api/conta/exportar', {});
    expect(data.historico.map((h) => h.autor_nome).sort()).toEqual(['Equipe', 'Sistema']);
    expect(data.historico.every((h) => !('autor' in h))).toBe(true);
    expect(JSON.stringify(data)).not.toContain(staff.id);
    expect(JSON.stringify(data)).not.toContain('Secreta');
  });
});
