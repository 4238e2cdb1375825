import { getTokenPayload, isTokenExpired } from 'pocketbase';
import { BOOKING_STATUSES } from '@/lib/types';
import { getDb, newId, pbDate, resetDb } from '@/mocks/db';
import { makeToken, readToken } from '@/mocks/jwt';
import { DEMO_MAIL_EVENT, getMailbox, notifyMail, type DemoMail } from '@/mocks/mailbox';
import { buildSeed, CONSULATES, DEMO_ACCOUNTS, SEED_REFERENCE_DATE } from '../../demo-seed/seed';
import { isValidCpf } from '@/lib/cpf';
import { calendarDayToIso, isoToLocalCalendarDate } from '@/lib/dates';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { REGRAS, rotuloDoDocumento } from '@/lib/processo';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import consulados from '../../pocketbase/pb_hooks/lib/consulados.json';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { signedIn } from '../helpers/pb-client';

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
        expect(b.data_agendamento).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00\.000Z$/);
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

// #26: every seeded booking is in a state the server could reach, written as the kit writes it.
describe('seed, as the kit writes it', () => {
  const db = buildSeed();
  const staff = DEMO_ACCOUNTS.admin;
  const STAFF_MOVES = ['ANALISE_OK', 'ANALISE_ERRO', 'AGENDADO', 'FINALIZADO'];

  it('has only names the kit accepts (comum.js erroNome)', () => {
    for (const u of db.usuarios)
      expect([u.nome_completo, comum.erroNome(u.nome_completo, FIELD_MESSAGES)]).toEqual([
        u.nome_completo,
        '',
      ]);
  });

  it("stores an appointment's day as dia_comum.js agendado does, at a consulate as localDe names it", () => {
    const places = consulados.consulados.map((c) => diaComum.localDe(c.nome, c.endereco));
    expect(CONSULATES.every((c) => places.includes(c))).toBe(true);
    for (const b of db.agendamentos.filter((b) =>
      ['AGENDADO', 'FINALIZADO'].includes(b.status_agendamento),
    )) {
      expect(b.data_agendamento.endsWith(' 00:00:00.000Z')).toBe(true);
      expect(places).toContain(b.local_agendamento);
    }
  });

  it("gives a refused case the review's note (processo_comum.js conclusaoDaRevisao)", () => {
    const refused = db.agendamentos.filter((b) => b.status_agendamento === 'ANALISE_ERRO');
    expect(refused.length).toBeGreaterThan(1);
    for (const b of refused) {
      const rotulo = (d: (typeof db.documentos)[number]) => {
        const r = db.requerentes.find((x) => x.id === d.requerente);
        return rotuloDoDocumento(r ?? null, d.item);
      };
      const documentos = db.documentos.filter((d) => d.agendamento === b.id);
      const conclusao = processoComum.conclusaoDaRevisao(documentos, rotulo, REGRAS);
      expect(conclusao?.nota_cliente).toBeTruthy();
      expect(b.nota_cliente).toBe(conclusao?.nota_cliente);
    }
  });

  it("writes a sent case's summary as the send does (processo_comum.js resumo, on the day it was sent)", () => {
    for (const b of db.agendamentos.filter((b) => b.formulario !== '')) {
      const requerentes = db.requerentes.filter((r) => r.agendamento === b.id);
      const sent =
        requerentes
          .map((r) => r.enviado_em)
          .filter(Boolean)
          .sort()[0] ?? '';
      const day = prazo.diaSaoPaulo(Date.parse(sent.replace(' ', 'T')));
      expect(b.formulario).toBe(processoComum.resumo(requerentes, day, '', REGRAS));
    }
  });

  it("charges the kit's prices (regras.json), the charge as its order", () => {
    for (const p of db.pagamentos) {
      const tipo = p.tipo_servico as keyof typeof regras.precos;
      expect(p.preco_servico).toBe(regras.precos[tipo] + (p.flex ? regras.taxaFlex : 0));
      const charge = db.cobrancas.find((c) => c.tentativa === `seed-${p.id}`);
      expect([charge?.valor, charge?.flex]).toEqual([p.preco_servico, p.flex]);
    }
  });

  it("credits staff with staff's moves, the server with the booking's creation", () => {
    for (const h of db.historico_agendamentos) {
      const para = h.alteracoes.find((a) => a.campo === 'status_agendamento')?.para ?? '';
      if (STAFF_MOVES.includes(para))
        expect([h.autor, h.autor_nome]).toEqual([staff.id, staff.nome_completo]);
      if (para === 'NOVO') expect([h.autor, h.autor_nome]).toEqual(['', regras.autorSistema]);
      // The summary is the customer's send (pb_hooks/lib/processo.js enviar), not a staff save.
      if (h.alteracoes.some((a) => a.campo === 'formulario'))
        expect(h.autor).toBe(db.agendamentos.find((b) => b.id === h.agendamento)?.usuario);
    }
    for (const d of db.documentos.filter((d) => d.status === 'aprovado' || d.status === 'recusado'))
      expect(d.revisado_por).toBe(staff.id);
  });
});

describe('a staff save of a seeded booking', () => {
  it('records no change of its day when the editor sends the same day back', async () => {
    const pb = await signedIn('admin');
    const historyOf = (id: string) => getDb().historico_agendamentos.filter((h) => h.agendamento === id);
    const booked = getDb().agendamentos.filter((b) => b.status_agendamento === 'AGENDADO');
    for (const b of [booked[0], booked.at(-1)]) {
      if (!b) continue;
      const before = historyOf(b.id).length;
      const day = calendarDayToIso(isoToLocalCalendarDate(b.data_agendamento) ?? new Date(NaN));
      await pb.collection('agendamentos').update(b.id, { data_agendamento: day, hora_agendamento: '16:45' });
      const changed = historyOf(b.id)
        .slice(before)
        .flatMap((h) => h.alteracoes.map((a) => a.campo));
      expect(changed).toEqual(['hora_agendamento']);
    }
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
    const forged = btoa(
      JSON.stringify({ id: DEMO_ACCOUNTS.admin.id, type: 'auth', exp: 9999999999 }),
    ).replace(/=+$/, '');
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
