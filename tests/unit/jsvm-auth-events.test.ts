// @vitest-environment node
// The JSVM stand-in's account events (src/mocks/jsvm/auth-events.ts) running the kit's own seguranca.pb.js: the
// cap on account e-mails per mailbox (seguranca.js limitarEnvio, rows counted with $dbx.exp) and the lockout
// after failed logins (seguranca.js autenticar), their rows kept in the double's store (jsvm/server-rows.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb, resetDb } from '@/mocks/db';
import '@/mocks/jsvm/kit';
import { kitAccountMail, kitAuthWithPassword } from '@/mocks/jsvm/auth-events';
import { kitSaveRequest } from '@/mocks/jsvm/record-requests';
import { ApiError, BadRequestError } from '@/mocks/jsvm/pocketbase';
import { getMailbox } from '@/mocks/mailbox';
import limites from '../../pocketbase/pb_hooks/lib/limites.json';
import mensagens from '../../pocketbase/pb_hooks/lib/mensagens.json';

const t0 = Date.parse('2026-03-02T12:00:00Z');
const account = (email: string, verified = true) => ({ id: `u${email.length}`, email, verified });
/** An account e-mail of `kind` at `at` ms: whether the kit let PocketBase send it. */
function mailed(kind: 'verification' | 'reset', email: string, at: number): boolean {
  vi.setSystemTime(at);
  let sent = false;
  const went = kitAccountMail(kind, account(email), () => (sent = true));
  expect(went).toBe(sent);
  return sent;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  resetDb();
});
afterEach(() => vi.useRealTimers());

describe('the account e-mails each mailbox receives (the kit’s mailer hooks)', () => {
  it('one of each kind per interval, counted by mailbox however written', () => {
    expect(mailed('verification', 'Maria.Silva+1@gmail.com', t0)).toBe(true);
    expect(mailed('verification', 'mariasilva@googlemail.com', t0 + 1000)).toBe(false);
    expect(mailed('reset', 'mariasilva@gmail.com', t0 + 1000)).toBe(true);
    expect(
      mailed('verification', 'mariasilva@gmail.com', t0 + limites.emails.intervaloMin * 60_000 + 1),
    ).toBe(true);
    // The kit's rows, in the double's store: a reset of the demo's data empties them.
    expect((getDb() as unknown as { envios_email: unknown[] }).envios_email).toHaveLength(3);
    resetDb();
    expect(
      mailed('verification', 'mariasilva@gmail.com', t0 + limites.emails.intervaloMin * 60_000 + 2),
    ).toBe(true);
  });

  it('at most the daily cap per mailbox, whatever the kinds', () => {
    const step = limites.emails.intervaloMin * 60_000 + 1;
    for (let i = 0; i < limites.emails.porDia; i++)
      expect(mailed('verification', 'cap@example.com', t0 + i * step)).toBe(true);
    expect(mailed('reset', 'cap@example.com', t0 + limites.emails.porDia * step)).toBe(false);
    expect(mailed('reset', 'cap@example.com', t0 + 86_400_000 + step)).toBe(true);
  });
});

describe('a password login through the kit’s lockout', () => {
  const wrong = () => {
    throw new BadRequestError('Failed to authenticate.');
  };
  const login = (ok: boolean) => {
    try {
      kitAuthWithPassword(
        new Request('http://demo.local/api/collections/usuarios/auth-with-password', { method: 'POST' }),
        { identity: 'Dono@Example.com', password: 'x' },
        account('dono@example.com'),
        ok ? () => undefined : wrong,
      );
      return 200;
    } catch (err) {
      return err instanceof ApiError ? err.status : 500;
    }
  };

  it('locks the account after the failures, whatever the password, and e-mails its verified owner once', () => {
    vi.setSystemTime(t0);
    for (let i = 0; i < limites.bloqueio.falhas; i++) expect(login(false)).toBe(400);
    expect(login(true)).toBe(429);
    expect(getMailbox().filter((m) => m.email === 'dono@example.com')).toHaveLength(1);
    let message = '';
    try {
      kitAuthWithPassword(new Request('http://demo.local/'), { identity: 'dono@example.com' }, null, wrong);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe(mensagens.contaBloqueada);
    // After the window, the right password signs in again.
    vi.setSystemTime(t0 + limites.bloqueio.janelaMin * 60_000 + 1000);
    expect(login(true)).toBe(200);
  });
});

describe('an account saved through the kit’s usuarios.pb.js', () => {
  const register = (body: { [field: string]: unknown }) =>
    kitSaveRequest('usuarios', null, body, {}, new Request('http://demo.local/'), (r) =>
      Response.json(r.data),
    );

  it('stored normalised with its search column, a second one of the same CPF refused', async () => {
    const body = {
      nome_completo: 'Maria  Souza Teste',
      cpf: '123.456.789-09',
      celular: '(11) 98765-4321',
      email: 'maria.nova@example.com',
      password: 'senha-forte-1',
      passwordConfirm: 'senha-forte-1',
    };
    const answer = register(body);
    expect(answer.status).toBe(200);
    const row = getDb().usuarios.find((u) => u.email === 'maria.nova@example.com');
    expect(row).toMatchObject({ cpf: '12345678909', celular: '11987654321', emailVisibility: true });
    expect((row as unknown as { busca: string }).busca).toContain('12345678909');
    const again = register({ ...body, email: 'outra@example.com' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { data: { cpf: { code: string } } }).data.cpf.code).toBe(
      'validation_cpf_taken',
    );
  });
});
