import { getTokenPayload, isTokenExpired } from 'pocketbase';
import { BOOKING_STATUSES } from '@/lib/types';
import { getDb, newId, pbDate, resetDb } from '@/mocks/db';
import { makeToken, readToken } from '@/mocks/jwt';
import { DEMO_MAIL_EVENT, getMailbox, notifyMail, type DemoMail } from '@/mocks/mailbox';
import { buildSeed, CONSULATES, DEMO_ACCOUNTS, SEED_REFERENCE_DATE } from '@/mocks/seed';
import { isValidCpf } from '@/lib/cpf';

describe('seed', () => {
  const db = buildSeed();
  const generated = db.agendamentos.filter(
    (b) => !Object.values(DEMO_ACCOUNTS).some((a) => a.id === b.usuario),
  );

  it('is deterministic', () => {
    expect(JSON.stringify(buildSeed())).toBe(JSON.stringify(db));
  });

  it('has ~120 generated bookings, each with a payment, in every status', () => {
    expect(generated.length).toBe(120);
    expect(db.pagamentos).toHaveLength(db.agendamentos.length);
    for (const status of BOOKING_STATUSES)
      expect(generated.some((b) => b.status_agendamento === status)).toBe(true);
  });

  it('fills date, time and place only once a booking is scheduled', () => {
    for (const b of db.agendamentos) {
      if (b.status_agendamento === 'AGENDADO' || b.status_agendamento === 'FINALIZADO') {
        expect(b.data_agendamento).toMatch(/^\d{4}-\d{2}-\d{2} 03:00:00\.000Z$/);
        expect(b.hora_agendamento).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
        expect(CONSULATES).toContain(b.local_agendamento);
      }
      if (b.status_agendamento === 'NOVO') {
        expect([b.data_agendamento, b.hora_agendamento, b.local_agendamento]).toEqual(['', '', '']);
      }
      expect(b.updated >= b.created).toBe(true);
      expect(b.created <= pbDate(SEED_REFERENCE_DATE)).toBe(true);
    }
  });

  it('spreads bookings over several months', () => {
    const months = new Set(generated.map((b) => b.created.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
  });

  it('has realistic, valid and unique customers', () => {
    const emails = db.usuarios.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(db.usuarios.length).toBeGreaterThanOrEqual(100);
    for (const u of db.usuarios) {
      expect(isValidCpf(u.cpf)).toBe(true);
      expect(u.celular).toMatch(/^\d{11}$/);
      expect(u.id).toMatch(/^[a-z0-9]{15}$/);
    }
    const names = db.usuarios.map((u) => u.nome_completo).join('|');
    expect(names).toContain('Conceição');
    expect(names).toContain('Gonçalves');
    expect(names).toMatch(/[ãçéíôú]/);
    expect(db.usuarios.filter((u) => u.nome_completo.includes('Conceição')).length).toBeGreaterThanOrEqual(2);
  });

  it('has the four demo accounts', () => {
    const find = (email: string) => db.usuarios.find((u) => u.email === email);
    expect(find('cliente@demo.com.br')).toMatchObject({ verified: true, admin: false });
    expect(find('agendado@demo.com.br')).toMatchObject({ verified: true, admin: false });
    expect(find('pendente@demo.com.br')).toMatchObject({ verified: false, admin: false });
    expect(find('admin@demo.com.br')).toMatchObject({ verified: true, admin: true });
    expect(db.pagamentos.filter((p) => p.usuario === DEMO_ACCOUNTS.cliente.id)).toHaveLength(0);
    expect(db.pagamentos.filter((p) => p.usuario === DEMO_ACCOUNTS.agendado.id)).toHaveLength(1);
  });
});

describe('db', () => {
  it('formats dates like PocketBase and makes 15-char ids', () => {
    expect(pbDate(new Date('2024-01-02T15:04:05.123Z'))).toBe('2024-01-02 15:04:05.123Z');
    expect(newId()).toMatch(/^[a-z0-9]{15}$/);
    expect(newId()).not.toBe(newId());
  });

  it('resetDb restores the seed and empties the mailbox', () => {
    getDb().agendamentos.length = 0;
    notifyMail({ kind: 'reset', email: 'a@b.c', token: 't', path: '/confirm_password_reset?token=t' });
    resetDb();
    expect(getDb().agendamentos.length).toBeGreaterThan(100);
    expect(getMailbox()).toHaveLength(0);
  });

  it('persists to sessionStorage in a browser run, so a reload keeps the data', async () => {
    vi.stubEnv('MODE', 'production');
    try {
      vi.resetModules();
      const first = await import('@/mocks/db');
      first.resetDb();
      const booking = first.getDb().agendamentos[0];
      if (booking) booking.local_agendamento = 'persistido';
      first.saveDb();
      vi.resetModules();
      const reloaded = await import('@/mocks/db');
      expect(reloaded.getDb().agendamentos[0]?.local_agendamento).toBe('persistido');
      reloaded.resetDb();
      expect(JSON.parse(sessionStorage.getItem('demo-db-v3') ?? '{}')).toMatchObject({ version: 3 });
    } finally {
      vi.unstubAllEnvs();
      sessionStorage.clear();
    }
  });

  it('does not persist under vitest', () => {
    resetDb();
    expect(sessionStorage.getItem('demo-db-v3')).toBeNull();
  });
});

describe('jwt', () => {
  it('is decoded by the SDK, with exp', () => {
    const token = makeToken('abc123def456ghi', 60);
    expect(isTokenExpired(token)).toBe(false);
    expect(getTokenPayload(token)).toMatchObject({
      id: 'abc123def456ghi',
      type: 'auth',
      collectionId: '_pb_users_auth_',
    });
    expect(isTokenExpired(makeToken('x', -1))).toBe(true);
  });

  it('reads raw and Bearer tokens; expired, tampered or garbage ones are guests', () => {
    const token = makeToken('abc123def456ghi');
    expect(readToken(token)).toBe('abc123def456ghi');
    expect(readToken(`Bearer ${token}`)).toBe('abc123def456ghi');
    expect(readToken(makeToken('abc123def456ghi', -5))).toBeNull();
    const [h, , s] = token.split('.');
    const forged = btoa(JSON.stringify({ id: 'demoadmin000001', type: 'auth', exp: 9999999999 })).replace(
      /=+$/,
      '',
    );
    expect(readToken(`${h}.${forged}.${s}`)).toBeNull();
    expect(readToken('garbage')).toBeNull();
    expect(readToken('a.b.c')).toBeNull();
    expect(readToken(null)).toBeNull();
  });
});

describe('mailbox', () => {
  it('dispatches demo:mail on window', () => {
    const seen: DemoMail[] = [];
    const listener = (event: Event) => {
      if (event instanceof CustomEvent) seen.push(event.detail as DemoMail);
    };
    window.addEventListener(DEMO_MAIL_EVENT, listener);
    const mail: DemoMail = {
      kind: 'verification',
      email: 'a@b.c',
      token: 't',
      path: '/confirm_verification?token=t',
    };
    notifyMail(mail);
    window.removeEventListener(DEMO_MAIL_EVENT, listener);
    expect(seen).toEqual([mail]);
    expect(getMailbox()).toEqual([mail]);
  });
});
