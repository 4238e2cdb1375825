// Accounts on the real server: registration checks, the e-mails PocketBase sends (read from the SMTP
// capture) and their links to the app's pages, password reset, session refresh, and the purchase receipt.
import { describe, expect, it } from 'vitest';
import {
  client,
  digits,
  failure,
  linkToken,
  mailsTo,
  newCustomer,
  paidCustomer,
  PASSWORD,
  registration,
  superuser,
} from './helpers';

describe('registration', () => {
  it('answers 200 with the record, without the password; the e-mail visible to staff', async () => {
    const input = registration();
    const record = await client().collection('usuarios').create(input);
    expect(record).toMatchObject({
      nome_completo: input.nome_completo,
      cpf: digits(input.cpf),
      verified: false,
      admin: false,
      email: input.email,
      emailVisibility: true,
    });
    expect(record).not.toHaveProperty('password');
    expect(record.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('every save stores the account normalised, the admin screen’s too (contas_comum.js contaGuardada)', async () => {
    const input = registration();
    const record = await client().collection('usuarios').create(input);
    const cpf = digits(input.cpf);
    const saved = await (await superuser()).collection('usuarios').update(record.id, {
      nome_completo: '  Maria\t  da   Silva ',
      cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
      celular: '(31) 99123-4567',
    });
    expect(saved).toMatchObject({
      nome_completo: 'Maria da Silva',
      cpf,
      celular: '31991234567',
    });
  });

  it('a taken e-mail: 400 "Failed to create record." with data.email validation_not_unique', async () => {
    const input = registration();
    await client().collection('usuarios').create(input);
    const error = await failure(
      client()
        .collection('usuarios')
        .create({ ...input, cpf: registration().cpf }),
    );
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({
      message: 'Failed to create record.',
      data: { email: { code: 'validation_not_unique' } },
    });
  });

  it.each([
    ['a CPF with wrong check digits', { cpf: '529.982.247-24' }, 'cpf'],
    ['a CPF of repeated digits', { cpf: '111.111.111-11' }, 'cpf'],
    ['a phone of 10 digits', { celular: '(11) 8765-4321' }, 'celular'],
    ['a name of 10,000 characters', { nome_completo: 'a'.repeat(10_000) }, 'nome_completo'],
    ['a name with markup', { nome_completo: '<script>alert(1)</script> Silva' }, 'nome_completo'],
    ['a one-word name', { nome_completo: 'Maria' }, 'nome_completo'],
  ])('refuses %s with a field error', async (_label, change, field) => {
    const error = await failure(client().collection('usuarios').create(registration(change)));
    expect(error.status).toBe(400);
    expect(Object.keys(error.response.data)).toEqual([field]);
  });

  it('keeps accented names, apostrophes and hyphens', async () => {
    const record = await client()
      .collection('usuarios')
      .create(registration({ nome_completo: "João D'Ávila Conceição-Neto" }));
    expect(record.nome_completo).toBe("João D'Ávila Conceição-Neto");
  });

  it('a password under 8 characters is refused', async () => {
    const error = await failure(
      client()
        .collection('usuarios')
        .create(registration({ password: 'Ab@1234', passwordConfirm: 'Ab@1234' })),
    );
    expect(error.response.data).toMatchObject({ password: { code: 'validation_min_text_constraint' } });
  });
});

describe('log in', () => {
  it('wrong credentials: 400 "Failed to authenticate." with empty data', async () => {
    const customer = await newCustomer();
    const error = await failure(
      client().collection('usuarios').authWithPassword(customer.email, 'Errada@2026'),
    );
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({ message: 'Failed to authenticate.', data: {} });
  });

  it('an unverified account can authenticate, and its record says verified false', async () => {
    const customer = await newCustomer({ verified: false });
    expect(customer.pb.authStore.record?.verified).toBe(false);
  });

  it('auth-refresh renews a valid token and refuses a revoked one with 401', async () => {
    const customer = await newCustomer();
    const refreshed = await customer.pb.collection('usuarios').authRefresh();
    expect(refreshed.record.id).toBe(customer.id);
    // Changing the password revokes the old tokens (the token key changes).
    const su = await superuser();
    const old = customer.pb.authStore.token;
    await su
      .collection('usuarios')
      .update(customer.id, { password: 'Nova@Senha2026', passwordConfirm: 'Nova@Senha2026' });
    const stale = client();
    stale.authStore.save(old, null);
    expect((await failure(stale.collection('usuarios').authRefresh())).status).toBe(401);
  });

  it('a removed admin flag shows on refresh', async () => {
    const staff = await newCustomer({ admin: true });
    expect((await staff.pb.collection('usuarios').authRefresh()).record.admin).toBe(true);
    await (await superuser()).collection('usuarios').update(staff.id, { admin: false });
    expect((await staff.pb.collection('usuarios').authRefresh()).record.admin).toBe(false);
  });
});

describe('e-mails', () => {
  it('the verification mail is in Portuguese and links to the app’s confirmation page', async () => {
    const input = registration();
    await client().collection('usuarios').create(input);
    await client().collection('usuarios').requestVerification(input.email);
    const [mail] = await mailsTo(input.email, { subject: /Confirme seu e-mail/ });
    expect(mail?.subject).toBe('Confirme seu e-mail - Passaporte Italiano');
    // Text a user chose never opens an account e-mail (the name is typed by whoever registers).
    expect(mail?.text.startsWith('Olá.\n')).toBe(true);
    expect(mail?.text).not.toContain(input.nome_completo);
    expect(mail?.html).toContain('http://127.0.0.1:5173/confirm_verification?token=');
    // The plain-text part writes the link once, as the address alone.
    expect(mail?.text).not.toContain('](');
    expect(mail?.text.match(/confirm_verification\?token=/g)).toHaveLength(1);
    expect(mail?.text).toMatch(/\n\nhttp:\/\/127\.0\.0\.1:5173\/confirm_verification\?token=[\w.-]+\n\n/);
    await client().collection('usuarios').confirmVerification(linkToken(mail!, '/confirm_verification'));
    // Unlike the contract's reading, a link followed twice is not an error: the account is verified already.
    await expect(
      client().collection('usuarios').confirmVerification(linkToken(mail!, '/confirm_verification')),
    ).resolves.toBe(true);
    const junk = await failure(client().collection('usuarios').confirmVerification('nao-e-um-token'));
    expect(junk.status).toBe(400);
    expect(junk.response.data).toMatchObject({ token: { code: 'validation_invalid_token_claims' } });
  });

  it('request-verification answers 204 for an unknown e-mail too', async () => {
    await expect(
      client().collection('usuarios').requestVerification('ninguem@teste.passaporte.test'),
    ).resolves.toBe(true);
  });

  it('password reset: the mail links to the app’s page, and the token sets a new password once', async () => {
    const customer = await newCustomer();
    await client().collection('usuarios').requestPasswordReset(customer.email);
    const [mail] = await mailsTo(customer.email, { subject: /Redefinição de senha/ });
    expect(mail?.html).toContain('http://127.0.0.1:5173/confirm_password_reset?token=');
    expect(mail?.text).not.toContain('](');
    expect(mail?.text.match(/confirm_password_reset\?token=/g)).toHaveLength(1);
    const token = linkToken(mail!, '/confirm_password_reset');
    await client().collection('usuarios').confirmPasswordReset(token, 'Nova@Senha2026', 'Nova@Senha2026');
    await client().collection('usuarios').authWithPassword(customer.email, 'Nova@Senha2026');
    await expect(
      client().collection('usuarios').authWithPassword(customer.email, PASSWORD),
    ).rejects.toMatchObject({ status: 400 });
    const reused = await failure(
      client().collection('usuarios').confirmPasswordReset(token, 'Outra@Senha2026', 'Outra@Senha2026'),
    );
    expect(reused.response.data).toMatchObject({ token: { code: 'validation_invalid_token' } });
  });

  it('a confirmed purchase sends the receipt: service, total, installments, method, Asaas id, date, withdrawal', async () => {
    const { customer, charge } = await paidCustomer({ tipo: 'familiar', flex: true, parcelas: 3 });
    const [mail] = await mailsTo(customer.email, { subject: /Comprovante/ });
    expect(mail?.subject).toBe('Comprovante da sua compra - Passaporte Italiano');
    expect(mail?.text).toContain('Serviço: Agendamento Familiar + Flex (remarcação)');
    expect(mail?.text).toContain('Total: R$ 1.198,00');
    expect(mail?.text).toContain('Forma de pagamento: Cartão de crédito');
    expect(mail?.text).toContain('Parcelas: 3x');
    expect(mail?.text).toContain(`Código do pagamento (Asaas): ${charge.id}`);
    expect(mail?.text).toMatch(/Data: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(mail?.text).toContain('Direito de arrependimento: você pode desistir da compra em até 7 dias');
    // One receipt, even when the order is asked for again.
    expect(await mailsTo(customer.email, { subject: /Comprovante/, count: 2, timeoutMs: 500 })).toHaveLength(
      1,
    );
  });
});
