/** Deterministic demo data: the named accounts of DEMO_ACCOUNTS plus ~120 bookings from generated customers. */
import { type BookingRecord, type BookingStatus, type PaymentRecord } from '@/lib/types';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import comum from '../pocketbase/pb_hooks/lib/comum.js';
import type { DemoDb, StoredUser } from '../src/mocks/schema';
import { AREA_CODES, BRAZILIAN_SURNAMES, FIRST_NAMES, FIXED_CUSTOMERS, ITALIAN_SURNAMES } from './seed-names';
import { seedHistory } from './history';
import {
  consulateLocal,
  type DemoAccount,
  demoAccounts,
  generatedCase,
  PROCESSO_DEMO_ACCOUNTS,
  processoSeed,
  seedAppointment,
  seedBooking,
  seedCharge,
  seedPayment,
  withCpfCheckDigits,
} from './processo-seed';
import { seededRandom } from './seeded-random.mjs';
import { newId, pbDate, pbMs } from '../src/mocks/util';

/** The PDF every demo invoice links to (public/demo/nfse-exemplo.pdf). */
export const DEMO_INVOICE_PDF = '/demo/nfse-exemplo.pdf';
/** What Asaas says of the demo's invoice that ended in error. */
const DEMO_INVOICE_ERROR =
  'Falha na emissão: a prefeitura recusou a autenticação. Confira o login e a senha da prefeitura nas informações fiscais.';

export const DEMO_PASSWORD = 'Demo@2026';
/** Fixed "today" of the seed, so dates (and tests) never drift. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T12:00:00.000Z');

const DAY = 86_400_000;
const SEED = 20261101;

/** The named demo accounts: `pendente` never confirmed its e-mail, `admin` is staff. */
const NAMED = demoAccounts({
  cliente: 'democliente0001 cliente@demo.com.br 529982247 11987654321 Maria da Conceição Souza',
  agendado: "demoagendado001 agendado@demo.com.br 153509460 21998765432 João Pedro D'Ávila",
  pendente: 'demopendente001 pendente@demo.com.br 390533447 31991234567 Carlos Eduardo Lima',
  admin: 'demoadmin000001 admin@demo.com.br 111444777 11940028922 Equipe Passaporte Italiano',
});
export const DEMO_ACCOUNTS = {
  ...NAMED,
  pendente: { ...NAMED.pendente, verified: false },
  admin: { ...NAMED.admin, admin: true },
  ...PROCESSO_DEMO_ACCOUNTS,
};

/** The seeded booking of the `agendado` account, for tests and docs. */
export const DEMO_AGENDADO_BOOKING = {
  id: 'demobooking0001',
  paymentId: 'demopayment0001',
  asaasPaymentId: 'pay_demo000000001',
  ...seedAppointment('2026-11-18', '14:30', consulateLocal('sao_paulo')),
} as const;

/** The consulates the generated bookings are at (their codes in processo_regras.json and consulados.json). */
const CONSULATE_CODES = 'sao_paulo rio_de_janeiro belo_horizonte curitiba porto_alegre brasilia'.split(' ');

/** Their offices as the kit writes them on an appointment (dia_comum.js localDe), in the same order. */
export const CONSULATES: readonly string[] = CONSULATE_CODES.map(consulateLocal);

const CUSTOMER_COUNT = 100;
const BOOKING_COUNT = 120;
const SPAN_DAYS = 150;

/** A name's words in ASCII lower case, for its e-mail. */
function asciiWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/);
}

function daysLater(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

/**
 * How likely each status is by a booking's age (the share of the span since it was made), oldest band first: old
 * bookings are mostly finished, recent ones mostly waiting, which reads like a real pipeline.
 */
const STATUS_ODDS: readonly (readonly [number, Readonly<Record<string, number>>])[] = [
  [0.6, { FINALIZADO: 0.55, AGENDADO: 0.15, ANALISE_ERRO: 0.1, ANALISE_OK: 0.1, NOVO: 0.1 }],
  [0.25, { AGENDADO: 0.4, ANALISE_OK: 0.2, ANALISE_ERRO: 0.15, FINALIZADO: 0.1, NOVO: 0.15 }],
  [-Infinity, { NOVO: 0.45, ANALISE_OK: 0.2, ANALISE_ERRO: 0.15, AGENDADO: 0.2 }],
];

function pickStatus(age: number, r: number): BookingStatus {
  const odds = STATUS_ODDS.find(([older]) => age > older)?.[1] ?? {};
  let acc = 0;
  for (const [status, weight] of Object.entries(odds)) {
    acc += weight;
    if (r < acc) return status as BookingStatus;
  }
  return 'NOVO';
}

/** An order's service invoice, issued by the city (src/mocks/notas.ts). */
const invoice = (numero: number) => ({
  nota_status: 'AUTHORIZED',
  nota_numero: String(numero),
  nota_pdf: DEMO_INVOICE_PDF,
  nota_erro: '',
});

function demoUser(account: DemoAccount, created: Date): StoredUser {
  return {
    ...account,
    collectionId: '_pb_users_auth_',
    collectionName: 'usuarios',
    password: DEMO_PASSWORD,
    emailVisibility: true,
    created: pbDate(created),
    updated: pbDate(created),
  };
}

export function buildSeed(): DemoDb {
  const random = seededRandom(SEED);
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('seed: empty list');
    return item;
  };
  const start = daysLater(SEED_REFERENCE_DATE, -SPAN_DAYS);

  const usuarios: StoredUser[] = [
    demoUser(DEMO_ACCOUNTS.admin, new Date('2026-05-02T13:00:00.000Z')),
    demoUser(DEMO_ACCOUNTS.cliente, new Date('2026-10-20T14:12:09.331Z')),
    demoUser(DEMO_ACCOUNTS.agendado, new Date('2026-09-14T13:05:41.120Z')),
    demoUser(DEMO_ACCOUNTS.pendente, new Date('2026-10-28T22:47:15.804Z')),
    ...Object.values(PROCESSO_DEMO_ACCOUNTS).map((a) => demoUser(a, new Date('2026-10-20T12:00:00.000Z'))),
  ];
  const { id, paymentId, asaasPaymentId, ...appointment } = DEMO_AGENDADO_BOOKING;
  const agendadoPayment = seedPayment(
    {
      id: paymentId,
      usuario: DEMO_ACCOUNTS.agendado.id,
      tipo_servico: 'individual',
      flex: false,
      metodo_pagamento: 'cartao_credito',
      numero_parcelas: 3,
      asaas_id_pagamento: asaasPaymentId,
      created: '2026-09-14 13:22:10.512Z',
    },
    invoice(1001),
  );
  const pagamentos: PaymentRecord[] = [agendadoPayment];
  const agendamentos: BookingRecord[] = [
    seedBooking(id, agendadoPayment, 'AGENDADO', '2026-09-14 13:22:11.087Z', {
      ...appointment,
      updated: '2026-10-02 17:40:22.250Z',
    }),
  ];

  const usedNames = new Set<string>();
  const usedEmails = new Set<string>(usuarios.map((u) => u.email));
  const customers: StoredUser[] = [];
  for (let i = 0; i < CUSTOMER_COUNT; i++) {
    let name = FIXED_CUSTOMERS[i] ?? '';
    while (name === '' || usedNames.has(name)) {
      const middle =
        random() < 0.55
          ? ` ${random() < 0.3 ? pick(['da ', 'dos ', 'de ']) : ''}${pick(BRAZILIAN_SURNAMES)}`
          : '';
      name = `${pick(FIRST_NAMES)}${middle} ${pick(ITALIAN_SURNAMES)}`;
    }
    // A name the kit refuses (comum.js erroNome: fewer than 10 letters, say) takes a Brazilian middle surname, chosen
    // without a draw so that every customer after it stays the same.
    const drawn = name;
    for (let k = i; usedNames.has(name) || comum.erroNome(name, FIELD_MESSAGES) !== ''; k++) {
      const last = drawn.lastIndexOf(' ');
      name = `${drawn.slice(0, last)} ${BRAZILIAN_SURNAMES[k % BRAZILIAN_SURNAMES.length] ?? ''}${drawn.slice(last)}`;
    }
    usedNames.add(name);
    const words = asciiWords(name);
    const local = `${words[0]}.${words[words.length - 1]}`;
    let email = `${local}@demo.com.br`;
    for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@demo.com.br`;
    usedEmails.add(email);
    let base = '';
    while (base === '' || /^(\d)\1{8}$/.test(base)) base = String(int(0, 999_999_999)).padStart(9, '0');
    const created = new Date(start.getTime() + random() * SPAN_DAYS * DAY);
    customers.push(
      demoUser(
        {
          id: newId(15, random),
          email,
          nome_completo: name,
          cpf: withCpfCheckDigits(base),
          celular: `${pick(AREA_CODES)}9${String(int(0, 99_999_999)).padStart(8, '0')}`,
          verified: true,
          admin: false,
        },
        created,
      ),
    );
  }
  usuarios.push(...customers);

  for (let i = 0; i < BOOKING_COUNT; i++) {
    // The first pass gives every customer a booking; the rest are second purchases (a family member, say).
    const owner = customers[i % CUSTOMER_COUNT]!;
    const ownerCreated = new Date(pbMs(owner.created));
    const paidAt = new Date(
      i < CUSTOMER_COUNT
        ? ownerCreated.getTime() + int(5, 240) * 60_000
        : ownerCreated.getTime() +
          random() * Math.max(0, SEED_REFERENCE_DATE.getTime() - ownerCreated.getTime()),
    );
    const bookedAt = new Date(paidAt.getTime() + int(300, 2500));
    const age = (SEED_REFERENCE_DATE.getTime() - bookedAt.getTime()) / (SPAN_DAYS * DAY);
    const status = pickStatus(age, random());
    const limit = SEED_REFERENCE_DATE.getTime() - DAY;
    let updated = bookedAt;
    let when: Date | null = null;
    if (status === 'ANALISE_OK' || status === 'ANALISE_ERRO') {
      updated = new Date(Math.min(bookedAt.getTime() + random() * 10 * DAY, limit));
    } else if (status === 'AGENDADO') {
      when = daysLater(bookedAt, int(20, 70));
      updated = new Date(Math.min(bookedAt.getTime() + (2 + random() * 12) * DAY, limit));
    } else if (status === 'FINALIZADO') {
      when = new Date(Math.min(daysLater(bookedAt, int(10, 40)).getTime(), limit - DAY));
      updated = daysLater(when, 1 + random());
    }
    updated = new Date(Math.max(updated.getTime(), bookedAt.getTime()));

    // Drawn in the order the seed always drew them, so that it stays the same run after run.
    const tipo = random() < 0.25 ? 'familiar' : 'individual';
    const flex = random() < 0.2;
    const paymentId = newId(15, random);
    const parcelas = int(1, 6);
    const asaasId = `pay_${newId(15, random)}`;
    const bookingId = newId(15, random);
    const hora = when ? `${String(int(8, 15)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}` : '';
    const consulado = when ? pick(CONSULATE_CODES) : '';
    const payment = seedPayment(
      {
        id: paymentId,
        usuario: owner.id,
        tipo_servico: tipo,
        flex,
        metodo_pagamento: 'cartao_credito',
        numero_parcelas: parcelas,
        asaas_id_pagamento: asaasId,
        created: pbDate(paidAt),
      },
      // The first customer's invoice ended in error (staff see it with 'Tentar de novo'); the others were issued.
      i === 0
        ? { nota_status: 'ERROR', nota_numero: '', nota_pdf: '', nota_erro: DEMO_INVOICE_ERROR }
        : invoice(1002 + i),
    );
    pagamentos.push(payment);
    agendamentos.push(
      seedBooking(bookingId, payment, status, pbDate(bookedAt), {
        ...(when ? seedAppointment(when.toISOString().slice(0, 10), hora, consulateLocal(consulado)) : {}),
        // A booked case's consulate (the published wait counts it: src/mocks/espera.ts); the others have no
        // applicants yet, hence none.
        ...(status === 'AGENDADO' || status === 'FINALIZADO' ? { consulado } : {}),
        updated: pbDate(updated),
      }),
    );
  }

  const byCreated = (a: { created: string }, b: { created: string }): number =>
    a.created < b.created ? -1 : a.created > b.created ? 1 : 0;
  // A customer has at most one live charge (a unique index on the server): its latest order's.
  const latest = new Map([...pagamentos].sort(byCreated).map((p) => [p.usuario, p]));
  const cobrancas = pagamentos.map((p) => seedCharge(p, `cob${p.id.slice(3)}`, latest.get(p.usuario) === p));
  // The generated bookings past NOVO have the case file that let them get there (processo-seed.ts generatedCase),
  // and what its send and review wrote on them; the demo accounts' own bookings keep theirs (none, or
  // processo-seed.ts's). Staff reviewed them: the demo's staff account.
  const staff = DEMO_ACCOUNTS.admin.id;
  const generated = agendamentos
    .filter((b) => b.status_agendamento !== 'NOVO')
    .flatMap((b, i) => {
      const owner = customers.find((u) => u.id === b.usuario);
      const consulado = b.consulado || CONSULATE_CODES[i % CONSULATE_CODES.length]!;
      return owner ? [generatedCase(b, owner, consulado, staff)] : [];
    });
  const processo = processoSeed(staff);
  pagamentos.push(...processo.pagamentos);
  agendamentos.push(...processo.agendamentos);
  const history = seedHistory(agendamentos, usuarios);
  return {
    version: 3,
    usuarios,
    // Insertion order is what PocketBase returns without `sort`; keep it chronological like a real table.
    pagamentos: pagamentos.sort(byCreated),
    agendamentos: agendamentos.sort(byCreated),
    cobrancas: [...cobrancas, ...processo.cobrancas].sort(byCreated),
    asaas_clientes: [],
    tentativas_cartao: [],
    asaas_eventos: [],
    tokens: [],
    asaasCustomers: [],
    asaasCharges: [],
    solicitacoes_exclusao: [],
    historico_agendamentos: history.sort(byCreated),
    requerentes: [...generated.flatMap((c) => c.requerentes), ...processo.requerentes],
    documentos: [...generated.flatMap((c) => c.documentos), ...processo.documentos],
  };
}
