/** Deterministic demo data: the named accounts of DEMO_ACCOUNTS plus ~120 bookings from generated customers. */
import { type BookingRecord, type BookingStatus, type ChargeRecord, type PaymentRecord } from '@/lib/types';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import type { DemoDb, StoredUser } from './schema';
import { AREA_CODES, BRAZILIAN_SURNAMES, FIRST_NAMES, FIXED_CUSTOMERS, ITALIAN_SURNAMES } from './seed-names';
import { seedHistory } from './history';
import {
  consulateLocal,
  generatedCase,
  PROCESSO_DEMO_ACCOUNTS,
  processoSeed,
  seedAppointment,
  seedPrice,
} from './processo-seed';
import { seededRandom } from './seeded-random.mjs';
import { newId, pbDate, pbMs, withCpfCheckDigits } from './util';

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

/** A named demo account: the fields of the stored account the seed chooses. */
export type DemoAccount = Pick<
  StoredUser,
  'id' | 'email' | 'nome_completo' | 'cpf' | 'celular' | 'verified' | 'admin'
>;

export const DEMO_ACCOUNTS = {
  cliente: {
    id: 'democliente0001',
    email: 'cliente@demo.com.br',
    nome_completo: 'Maria da Conceição Souza',
    cpf: withCpfCheckDigits('529982247'),
    celular: '11987654321',
    verified: true,
    admin: false,
  },
  agendado: {
    id: 'demoagendado001',
    email: 'agendado@demo.com.br',
    nome_completo: "João Pedro D'Ávila",
    cpf: withCpfCheckDigits('153509460'),
    celular: '21998765432',
    verified: true,
    admin: false,
  },
  pendente: {
    id: 'demopendente001',
    email: 'pendente@demo.com.br',
    nome_completo: 'Carlos Eduardo Lima',
    cpf: withCpfCheckDigits('390533447'),
    celular: '31991234567',
    verified: false,
    admin: false,
  },
  admin: {
    id: 'demoadmin000001',
    email: 'admin@demo.com.br',
    nome_completo: 'Equipe Passaporte Italiano',
    cpf: withCpfCheckDigits('111444777'),
    celular: '11940028922',
    verified: true,
    admin: true,
  },
  ...PROCESSO_DEMO_ACCOUNTS,
} as const satisfies Record<string, DemoAccount>;

/** The seeded booking of the `agendado` account, for tests and docs. */
export const DEMO_AGENDADO_BOOKING = {
  id: 'demobooking0001',
  paymentId: 'demopayment0001',
  asaasPaymentId: 'pay_demo000000001',
  ...seedAppointment('2026-11-18', '14:30', consulateLocal('sao_paulo')),
} as const;

/** The consulates the generated bookings are at (their codes in processo_regras.json and consulados.json). */
const CONSULATE_CODES = [
  'sao_paulo',
  'rio_de_janeiro',
  'belo_horizonte',
  'curitiba',
  'porto_alegre',
  'brasilia',
] as const;

/** Their offices as the kit writes them on an appointment (dia_comum.js localDe), in the same order. */
export const CONSULATES: readonly string[] = CONSULATE_CODES.map(consulateLocal);

const CUSTOMER_COUNT = 100;
const BOOKING_COUNT = 120;
const SPAN_DAYS = 150;

function emailSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
    .join('.');
}

function daysLater(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY);
}

function pickStatus(age: number, r: number): BookingStatus {
  // Old bookings are mostly finished, recent ones mostly waiting: reads like a real pipeline.
  const table: readonly (readonly [BookingStatus, number])[] =
    age > 0.6
      ? [
          ['FINALIZADO', 0.55],
          ['AGENDADO', 0.15],
          ['ANALISE_ERRO', 0.1],
          ['ANALISE_OK', 0.1],
          ['NOVO', 0.1],
        ]
      : age > 0.25
        ? [
            ['AGENDADO', 0.4],
            ['ANALISE_OK', 0.2],
            ['ANALISE_ERRO', 0.15],
            ['FINALIZADO', 0.1],
            ['NOVO', 0.15],
          ]
        : [
            ['NOVO', 0.45],
            ['ANALISE_OK', 0.2],
            ['ANALISE_ERRO', 0.15],
            ['AGENDADO', 0.2],
          ];
  let acc = 0;
  for (const [status, weight] of table) {
    acc += weight;
    if (r < acc) return status;
  }
  return 'NOVO';
}

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
  const pagamentos: PaymentRecord[] = [
    {
      id: DEMO_AGENDADO_BOOKING.paymentId,
      collectionId: 'pbc_2707415296',
      collectionName: 'pagamentos',
      usuario: DEMO_ACCOUNTS.agendado.id,
      tipo_servico: 'individual',
      preco_servico: seedPrice('individual', false),
      metodo_pagamento: 'cartao_credito',
      numero_parcelas: 3,
      asaas_id_pagamento: DEMO_AGENDADO_BOOKING.asaasPaymentId,
      flex: false,
      status_asaas: 'CONFIRMED',
      // Its service invoice, issued by the city (src/mocks/notas.ts).
      nota_status: 'AUTHORIZED',
      nota_numero: '1001',
      nota_pdf: DEMO_INVOICE_PDF,
      nota_erro: '',
      created: '2026-09-14 13:22:10.512Z',
      updated: '2026-09-14 13:22:10.512Z',
    },
  ];
  const agendamentos: BookingRecord[] = [
    {
      id: DEMO_AGENDADO_BOOKING.id,
      collectionId: 'pbc_1453265092',
      collectionName: 'agendamentos',
      usuario: DEMO_ACCOUNTS.agendado.id,
      pagamento: DEMO_AGENDADO_BOOKING.paymentId,
      data_agendamento: DEMO_AGENDADO_BOOKING.data_agendamento,
      hora_agendamento: DEMO_AGENDADO_BOOKING.hora_agendamento,
      status_agendamento: 'AGENDADO',
      local_agendamento: DEMO_AGENDADO_BOOKING.local_agendamento,
      formulario: '',
      nota_cliente: '',
      created: '2026-09-14 13:22:11.087Z',
      updated: '2026-10-02 17:40:22.250Z',
    },
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
    const slug = emailSlug(name).split('.');
    let email = `${slug[0]}.${slug[slug.length - 1]}@demo.com.br`;
    for (let n = 2; usedEmails.has(email); n++) email = `${slug[0]}.${slug[slug.length - 1]}${n}@demo.com.br`;
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
    const owner = customers[i % CUSTOMER_COUNT] ?? customers[0];
    if (!owner) break;
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

    const familiar = random() < 0.25;
    const flex = random() < 0.2;
    const paymentId = newId(15, random);
    pagamentos.push({
      id: paymentId,
      collectionId: 'pbc_2707415296',
      collectionName: 'pagamentos',
      usuario: owner.id,
      tipo_servico: familiar ? 'familiar' : 'individual',
      preco_servico: seedPrice(familiar ? 'familiar' : 'individual', flex),
      metodo_pagamento: 'cartao_credito',
      numero_parcelas: int(1, 6),
      asaas_id_pagamento: `pay_${newId(15, random)}`,
      flex,
      status_asaas: 'CONFIRMED',
      // The first customer's invoice ended in error (staff see it with 'Tentar de novo'); the others were issued.
      ...(i === 0
        ? { nota_status: 'ERROR', nota_numero: '', nota_pdf: '', nota_erro: DEMO_INVOICE_ERROR }
        : {
            nota_status: 'AUTHORIZED',
            nota_numero: String(1002 + i),
            nota_pdf: DEMO_INVOICE_PDF,
            nota_erro: '',
          }),
      created: pbDate(paidAt),
      updated: pbDate(paidAt),
    });
    // In the order the random values were always drawn: the seed stays the same run after run.
    const bookingId = newId(15, random);
    const hora = when ? `${String(int(8, 15)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}` : '';
    const consulado = when ? pick(CONSULATE_CODES) : '';
    agendamentos.push({
      id: bookingId,
      collectionId: 'pbc_1453265092',
      collectionName: 'agendamentos',
      pagamento: paymentId,
      usuario: owner.id,
      data_agendamento: '',
      hora_agendamento: '',
      status_agendamento: status,
      local_agendamento: '',
      ...(when ? seedAppointment(when.toISOString().slice(0, 10), hora, consulateLocal(consulado)) : {}),
      // A booked case's consulate (the published wait counts it: src/mocks/espera.ts); the others have no
      // applicants yet, hence none.
      ...(status === 'AGENDADO' || status === 'FINALIZADO' ? { consulado } : {}),
      formulario: '',
      nota_cliente: '',
      created: pbDate(bookedAt),
      updated: pbDate(updated),
    });
  }

  const byCreated = (a: { created: string }, b: { created: string }): number =>
    a.created < b.created ? -1 : a.created > b.created ? 1 : 0;
  // The server made a charge for every payment (pb_hooks/lib/proxy.js): the seed has them too. A customer
  // has at most one live charge (a unique index on the server): older orders of the same customer are not.
  const latestPayment = new Map(pagamentos.map((p) => [p.usuario, p]));
  for (const p of pagamentos) {
    const kept = latestPayment.get(p.usuario);
    if (kept && p.created > kept.created) latestPayment.set(p.usuario, p);
  }
  const cobrancas: ChargeRecord[] = pagamentos.map((p) => ({
    id: `cob${p.id.slice(3)}`,
    collectionId: 'pbc_cobrancas',
    collectionName: 'cobrancas',
    usuario: p.usuario,
    tentativa: `seed-${p.id}`,
    asaas_id: p.asaas_id_pagamento,
    metodo: 'cartao_credito',
    tipo_servico: p.tipo_servico === 'familiar' ? 'familiar' : 'individual',
    flex: p.flex,
    valor: p.preco_servico,
    parcelas: p.numero_parcelas,
    status: 'CONFIRMED',
    ativa: latestPayment.get(p.usuario) === p,
    motivo: '',
    created: p.created,
    updated: p.created,
  }));
  // The generated bookings past NOVO have the case file that let them get there (processo-seed.ts generatedCase),
  // and what its send and review wrote on them; the demo accounts' own bookings keep theirs (none, or
  // processo-seed.ts's). Staff reviewed them: the demo's staff account.
  const staff = DEMO_ACCOUNTS.admin.id;
  const generated = agendamentos
    .filter((b) => b.status_agendamento !== 'NOVO')
    .map((b, i) => {
      const owner = customers.find((u) => u.id === b.usuario);
      if (!owner) return null;
      const { formulario, nota_cliente, ...kase } = generatedCase(
        b,
        owner,
        b.consulado || (CONSULATE_CODES[i % CONSULATE_CODES.length] ?? ''),
        staff,
      );
      Object.assign(b, { formulario, nota_cliente });
      return kase;
    })
    .filter((c) => c !== null);
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
    asaasClientes: [],
    tentativasCartao: [],
    asaasEventos: [],
    tokens: [],
    asaasCustomers: [],
    asaasCharges: [],
    solicitacoes_exclusao: [],
    historico_agendamentos: history.sort(byCreated),
    requerentes: [...generated.flatMap((c) => c.requerentes), ...processo.requerentes],
    documentos: [...generated.flatMap((c) => c.documentos), ...processo.documentos],
  };
}
