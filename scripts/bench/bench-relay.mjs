// @ts-check
// The opening minute on the real server (issue 30, item 2; the relay of issue 27): BENCH_RELAY_CUSTOMERS (1,000)
// customers on standby, each with a ready ANALISE_OK booking, signed in and subscribed to realtime as the
// /prontidao page is (to its own handling record, 'atendimentos/<id>'); BENCH_RELAY_STAFF (10) staff members, each subscribed as the opening-day
// page and its case panel are ('atendimentos/*', 'retransmissoes/*'), working their share of the cases for
// BENCH_RELAY_S (60) seconds: "Assumir", "Pedir código", the customer's client answering with its own unique
// code as soon as its realtime says it was asked (the page's refetch beside it), staff receiving it live (then
// the panel's refetch), an attempt recorded, one case in BENCH_RELAY_BOOK_EVERY (5) booked (an appointment),
// "Soltar". Staff's opening-day page reads its ready list when opened and every 15 s (events patch it).
// Measures: the relay's latency (staff's request sent → staff's stream holding the code) p50/p95/max, codes
// lost (asked, never received before the run's end plus BENCH_RELAY_GRACE_S), values shown to the wrong person
// (every event every client receives is checked), HTTP errors by status, realtime streams the server dropped,
// and PocketBase's peak memory (VmHWM of the server it started). Exit code 1 when a goal is missed.
// Every client sends its own address in X-Forwarded-For (the server trusts it, as behind the production
// proxy), so the production per-IP limits apply to each person and are not the bottleneck.
//   npm run bench:relay
//   BENCH_RELAY_CUSTOMERS=50 BENCH_RELAY_STAFF=3 BENCH_RELAY_S=10 BENCH_PORT=8496 npm run bench:relay
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { startRealBackend } from '../backend/real-backend.mjs';
import { applyStaffRule, insertRows, passwordHash, userRow } from '../backend/seed.mjs';
import { subscribeRealtime } from '../backend/realtime-client.mjs';
import { byStatusText, fmtMs, summarize, textTable, verdict } from './bench-relay-stats.mjs';

/**
 * A customer on standby: the account, its booking's ids, and how to close its realtime stream.
 * @typedef {object} Customer
 * @property {string} id
 * @property {string} ip
 * @property {string} token
 * @property {number} n
 * @property {string} booking
 * @property {string} applicant
 * @property {string} handling
 * @property {boolean} [closing]
 * @property {() => void} [close]
 */
/**
 * A staff member: the account, the handlings it holds, who waits for which relay, its list's timer.
 * @typedef {object} Staff
 * @property {string} id
 * @property {string} ip
 * @property {string} token
 * @property {number} k
 * @property {Set<string>} held
 * @property {Map<string, (valor: string, at: number) => void>} waiting handling id → its relay's waiter
 * @property {() => void} [startList]
 * @property {NodeJS.Timeout} [listTimer]
 * @property {boolean} [closing]
 * @property {() => void} [close]
 */

/** @type {(name: string, fallback: number) => number} */
const knob = (name, fallback) => Number(process.env[name] ?? fallback);
const CUSTOMERS = knob('BENCH_RELAY_CUSTOMERS', 1000);
const STAFF = knob('BENCH_RELAY_STAFF', 10);
const SECONDS = knob('BENCH_RELAY_S', 60);
const BOOK_EVERY = knob('BENCH_RELAY_BOOK_EVERY', 5);
const WAIT_S = knob('BENCH_RELAY_WAIT_S', 15);
const GRACE_S = knob('BENCH_RELAY_GRACE_S', 10);
const SETUP_PARALLEL = knob('BENCH_RELAY_SETUP_PARALLEL', 8);
const port = Number(process.env.BENCH_PORT ?? 18000 + Math.floor(Math.random() * 1000));

const backend = await startRealBackend({ port });
const url = backend.pb.url;
const su = backend.pb.superuser.token;

/** HTTP errors of the measured minute by status ('network' for no answer); setup errors stop the bench. */
/** @type {Record<string, number>} */
const errors = {};
/** @type {string[]} */
const errorSamples = [];
let measuring = false;

/** Each route's times in the measured minute (ms), for the report: 'POST /api/dia/:id/pedir' → [...]. */
/** @type {Map<string, number[]>} */
const routeTimes = new Map();

/**
 * A call as a client at `ip` makes it; its JSON answer. In the measured minute an error is counted and answers null.
 * @param {string} path
 * @param {{ method?: string, token?: string, body?: unknown, ip?: string }} [options]
 */
async function api(path, { method = 'GET', token = su, body, ip = '10.255.0.1' } = {}) {
  let response;
  const t = performance.now();
  try {
    response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip,
        ...(token ? { Authorization: token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (!measuring) throw error;
    errors.network = (errors.network ?? 0) + 1;
    if (errorSamples.length < 5)
      errorSamples.push(`${method} ${path}: ${error instanceof Error ? error.message : error}`);
    return null;
  }
  const text = await response.text();
  if (measuring) {
    const route = `${method} ${(path.split('?')[0] ?? '').replace(/\/[a-z0-9]{15}(?=\/|$)/g, '/:id')}`;
    routeTimes.set(route, [...(routeTimes.get(route) ?? []), performance.now() - t]);
  }
  if (!response.ok) {
    if (!measuring) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    errors[response.status] = (errors[response.status] ?? 0) + 1;
    if (errorSamples.length < 5)
      errorSamples.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return null;
  }
  return text ? JSON.parse(text) : {};
}

/** One address per person: 10.x.y.z from a number. */
const ipOf = (/** @type {number} */ n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** An account's token, as the superuser makes it. */
const impersonate = async (/** @type {string} */ id) =>
  (await api(`/api/collections/usuarios/impersonate/${id}`, { method: 'POST', body: { duration: 3600 } }))
    .token;

/** A bench account's id, from its number. */
const idOf = (/** @type {number} */ n) => `bench${String(n).padStart(10, '0')}`;

/**
 * Accounts straight into data.db (scripts/backend/seed.mjs: the API would hash each password), then signed in.
 * @param {number[]} numbers
 * @param {boolean} admin
 * @param {string} hash
 */
async function accounts(numbers, admin, hash) {
  const now = new Date().toISOString().replace('T', ' ');
  const rows = numbers.map((n) =>
    userRow(
      {
        id: idOf(n),
        email: `bench-relay-${n}@teste.passaporte.test`,
        verified: true,
        admin,
        nome_completo: admin ? `Atendente Bancada Numero ${n}` : `Cliente Bancada Numero ${n}`,
        cpf: validCpf(n),
        celular: '11987654321',
        created: now,
        updated: now,
      },
      hash,
    ),
  );
  insertRows(backend.pb.dataDir, { usuarios: rows });
  await applyStaffRule(backend.pb, rows);
  return numbers.map((n) => ({ id: idOf(n), ip: ipOf(n) }));
}

/** @param {number} seed */
function validCpf(seed) {
  const base = String(100_000_000 + seed * 7919)
    .slice(-9)
    .split('')
    .map(Number);
  const digit = (/** @type {number[]} */ nums) => {
    const sum = nums.reduce((acc, d, i) => acc + d * (nums.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

/**
 * Runs `work(item, i)` for each of `items`, `parallel` at a time.
 * @template T
 * @param {T[]} items
 * @param {number} parallel
 * @param {(item: T, i: number) => Promise<unknown>} work
 */
async function pool(items, parallel, work) {
  const queue = items.entries(); // shared: each worker takes the next item
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      for (const [i, item] of queue) await work(item, i);
    }),
  );
}

/** The server's memory from /proc: peak (VmHWM) and now (VmRSS), in MB; null where /proc is not there. */
function serverMemory() {
  try {
    const status = readFileSync(`/proc/${backend.pb.pid}/status`, 'utf8');
    const mb = (/** @type {string} */ key) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { peak: mb('VmHWM'), now: mb('VmRSS') };
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ what each client hears, checked

let misdelivered = 0;
/** @type {string[]} */
const misdeliveries = [];
/** @type {(who: string, what: string) => void} */
function wrong(who, what) {
  misdelivered++;
  if (misdeliveries.length < 5) misdeliveries.push(`${who}: ${what}`);
}
/**
 * The codes each handling's customer has sent (handling id → Set), written before the request leaves.
 * @type {Map<string, Set<string>>}
 */
const codesSent = new Map();
let dropped = 0;
let codeCounter = 0;
/** Unique over the run: 100000 + the answer's number (six digits while under 900,000 answers). */
const nextCode = () => String(100000 + ++codeCounter);

// ------------------------------------------------------------------ setup

const started = performance.now();
console.log(
  `opening-minute bench: ${CUSTOMERS} customers on standby, ${STAFF} staff for ${SECONDS} s, server ${url}`,
);
const hash = await passwordHash(backend.pb, 'Senha@2026');
const people = await accounts(
  Array.from({ length: CUSTOMERS }, (_, i) => i + 1),
  false,
  hash,
);
/** @type {Customer[]} */
const customers = new Array(CUSTOMERS);
await pool(people, SETUP_PARALLEL, async (person, i) => {
  const c = { ...person, token: await impersonate(person.id) };
  const pagamento = await api('/api/collections/pagamentos/records', {
    method: 'POST',
    body: {
      usuario: c.id,
      tipo_servico: 'individual',
      preco_servico: 699,
      metodo_pagamento: 'pix',
      numero_parcelas: 1,
      asaas_id_pagamento: `pay_bench_relay_${i}`,
    },
  });
  const booking = await api('/api/collections/agendamentos/records', {
    method: 'POST',
    body: { usuario: c.id, pagamento: pagamento.id, consulado: 'sao_paulo' },
  });
  const applicant = await api('/api/collections/requerentes/records', {
    method: 'POST',
    body: {
      agendamento: booking.id,
      nome: 'Requerente',
      sobrenome: `Bancada ${String.fromCharCode(65 + (i % 26))}`,
    },
  });
  // The documentation approved: the case is ready to book.
  await api(`/api/collections/agendamentos/records/${booking.id}`, {
    method: 'PATCH',
    body: { status_agendamento: 'ANALISE_OK' },
  });
  // "Estou pronto" on the standby page, as the customer.
  const handling = await api(`/api/dia/${booking.id}/pronto`, { method: 'POST', token: c.token, ip: c.ip });
  customers[i] = { ...c, n: i, booking: booking.id, applicant: applicant.id, handling: handling.id };
});
/** @type {Staff[]} */
const staff = [];
for (const [k, s] of (
  await accounts(
    Array.from({ length: STAFF }, (_, k) => 900_000 + k),
    true,
    hash,
  )
).entries())
  staff.push({ ...s, k, token: await impersonate(s.id), held: new Set(), waiting: new Map() });
const setupS = (performance.now() - started) / 1000;

/**
 * The standby page, subscribed to its own handling: on each event it refetches it; asked, it sends a code.
 * @param {Customer} c
 */
async function standby(c) {
  /** @type {string | undefined} the request's time last answered */
  let answered = '';
  const topic = `atendimentos/${c.handling}`;
  const { status, close, ended } = await subscribeRealtime(url, c.token, topic, ({ data }) => {
    /** @type {{ id?: string, agendamento?: string, pedido?: string, pedido_em?: string }} */
    const record = data.record ?? {};
    if (record.agendamento !== c.booking || record.id !== c.handling || 'valor' in record) {
      wrong(`customer ${c.n}`, `heard atendimentos ${record.id} of booking ${record.agendamento}`);
      return;
    }
    if (!measuring) return;
    void api(
      `/api/collections/atendimentos/records?page=1&perPage=1&filter=${encodeURIComponent(`agendamento = "${c.booking}"`)}`,
      { token: c.token, ip: c.ip },
    );
    if (record.pedido === 'codigo' && record.pedido_em !== answered) {
      answered = record.pedido_em;
      const code = nextCode();
      codesSent.set(c.handling, (codesSent.get(c.handling) ?? new Set()).add(code));
      void api('/api/collections/retransmissoes/records', {
        method: 'POST',
        token: c.token,
        ip: c.ip,
        body: { agendamento: c.booking, atendimento: c.handling, tipo: 'codigo', valor: code },
      });
    }
  });
  if (status !== 204) throw new Error(`customer ${c.n}: realtime subscription answered ${status}`);
  void ended.then(() => {
    if (!c.closing) dropped++;
  });
  c.close = () => {
    c.closing = true;
    close();
  };
}

/**
 * A staff member's screens: the relays of the cases they hold, and the ready list kept fresh.
 * @param {Staff} s
 */
async function staffScreens(s) {
  // The opening-day page patches its list from each event; it reads the whole list when opened and every 15 s.
  const readList = async () => {
    const t = performance.now();
    await api(
      `/api/collections/agendamentos/records?page=1&perPage=1000&sort=created&expand=usuario,atendimentos_via_agendamento&filter=${encodeURIComponent("status_agendamento = 'ANALISE_OK' && consulado = 'sao_paulo'")}`,
      { token: s.token, ip: s.ip },
    );
    if (measuring) listTimes.push(performance.now() - t);
  };
  s.startList = () => {
    void readList();
    s.listTimer = setInterval(() => void readList(), 15_000);
  };
  const { status, close, ended } = await subscribeRealtime(
    url,
    s.token,
    ['atendimentos/*', 'retransmissoes/*'],
    ({ name, data }) => {
      const at = performance.now();
      /** @type {{ atendimento?: string, valor?: string }} */
      const record = data.record ?? {};
      const handling = record.atendimento ?? '';
      const valor = record.valor ?? '';
      if (name.startsWith('atendimentos')) return;
      // A relayed value: only of a case this member holds (or held a moment ago), and only what its owner sent.
      if (!s.held.has(handling)) {
        wrong(`staff ${s.k}`, `heard the relay of handling ${record.atendimento}, never held`);
        return;
      }
      if (!codesSent.get(handling)?.has(valor)) {
        wrong(`staff ${s.k}`, `heard a value its customer never sent (handling ${record.atendimento})`);
        return;
      }
      s.waiting.get(handling)?.(valor, at);
    },
  );
  if (status !== 204) throw new Error(`staff ${s.k}: realtime subscription answered ${status}`);
  void ended.then(() => {
    if (!s.closing) dropped++;
  });
  s.close = () => {
    s.closing = true;
    close();
  };
}

/** @type {number[]} */
const listTimes = [];
const memorySeeded = serverMemory();
await pool(customers, 50, standby);
for (const s of staff) await staffScreens(s);
const memoryReady = serverMemory();
console.log(
  `set up in ${setupS.toFixed(0)} s; PocketBase RSS ${memorySeeded?.now.toFixed(0) ?? '?'} MB, then ` +
    `${memoryReady?.now.toFixed(0) ?? '?'} MB with ${CUSTOMERS + STAFF} realtime clients open`,
);

// ------------------------------------------------------------------ the minute

/** @type {number[]} */
const latencies = [];
/** @type {{ handling: string, at: number, got: number | null }[]} */
const asks = [];
let attempts = 0;
let appointments = 0;
const booked = new Set();
const loadBefore = loadavg();
let memoryPeakDuring = 0;
const sampler = setInterval(() => {
  const m = serverMemory();
  if (m) memoryPeakDuring = Math.max(memoryPeakDuring, m.now);
}, 500);
measuring = true;
staff.forEach((s) => s.startList?.());
const endAt = performance.now() + SECONDS * 1000;

/** @param {Staff} s */
async function work(s) {
  const share = customers.filter((c) => c.n % STAFF === s.k);
  let done = 0;
  for (let round = 0; performance.now() < endAt; round++) {
    const c = share[round % share.length];
    if (!c) return; // no customer of its own
    if (booked.has(c.booking)) {
      if (share.every((x) => booked.has(x.booking))) return;
      continue;
    }
    if (!(await api(`/api/dia/${c.booking}/assumir`, { method: 'POST', token: s.token, ip: s.ip }))) continue;
    s.held.add(c.handling);
    /** @type {(typeof asks)[number]} */
    const ask = { handling: c.handling, at: 0, got: null };
    const received = new Promise((resolve) => {
      s.waiting.set(c.handling, (_valor, at) => {
        if (ask.at && at >= ask.at && !ask.got) {
          ask.got = at;
          latencies.push(at - ask.at);
          resolve(true);
        }
      });
    });
    ask.at = performance.now();
    const asked = await api(`/api/dia/${c.booking}/pedir`, {
      method: 'POST',
      token: s.token,
      ip: s.ip,
      body: { tipo: 'codigo' },
    });
    if (asked) {
      asks.push(ask);
      const got = await Promise.race([
        received,
        new Promise((r) => setTimeout(() => r(false), WAIT_S * 1000)),
      ]);
      if (got) {
        // The case panel's refetch of the relays (the app's useLive on 'retransmissoes').
        await api(
          `/api/collections/retransmissoes/records?perPage=500&sort=created&filter=${encodeURIComponent(`agendamento = "${c.booking}"`)}`,
          { token: s.token, ip: s.ip },
        );
      }
      const book = BOOK_EVERY > 0 && ++done % BOOK_EVERY === 0;
      if (
        await api('/api/collections/tentativas_agendamento/records', {
          method: 'POST',
          token: s.token,
          ip: s.ip,
          body: { agendamento: c.booking, resultado: book ? 'agendado' : 'sem_vagas' },
        })
      )
        attempts++;
      if (book) {
        const appointment = await api('/api/collections/compromissos/records', {
          method: 'POST',
          token: s.token,
          ip: s.ip,
          body: {
            agendamento: c.booking,
            requerentes: [c.applicant],
            data: '2027-03-15',
            hora: '09:30',
            codigo_portal: `SP-BANCADA-${c.n}`,
          },
        });
        if (appointment) {
          appointments++;
          booked.add(c.booking);
        }
      }
    }
    await api(`/api/dia/${c.booking}/soltar`, { method: 'POST', token: s.token, ip: s.ip });
  }
}

await Promise.all(staff.map(work));
const workedS = (performance.now() - endAt) / 1000 + SECONDS;
// Codes still on their way get the grace period before they count as lost.
const graceEnd = performance.now() + GRACE_S * 1000;
while (asks.some((a) => !a.got) && performance.now() < graceEnd) await new Promise((r) => setTimeout(r, 100));
measuring = false;
clearInterval(sampler);
staff.forEach((s) => clearInterval(s.listTimer));
const loadAfter = loadavg();
const memory = serverMemory();
customers.forEach((c) => c.close?.());
staff.forEach((s) => s.close?.());

// ------------------------------------------------------------------ the report

const lost = asks.filter((a) => !a.got).length;
const late = latencies.filter((ms) => ms > WAIT_S * 1000).length;
const result = verdict({ latencies, lost, misdelivered, errors });
const list = summarize(listTimes);
const load = (/** @type {number[]} */ l) => l.map((n) => n.toFixed(2)).join(' / ');
console.log(
  `\n${asks.length} codes asked by ${STAFF} staff in ${workedS.toFixed(0)} s (${(asks.length / workedS).toFixed(1)}/s); ` +
    `${attempts} attempts and ${appointments} appointments recorded; realtime: ${CUSTOMERS} customers ('atendimentos/<their own>') ` +
    `and ${STAFF} staff ('atendimentos/*', 'retransmissoes/*')`,
);
console.log(
  textTable([
    ['goal', 'measured', 'target', 'result'],
    ...result.rows.map((r) => [r.what, r.value, r.goal, r.ok ? 'pass' : 'FAIL']),
    [
      'PocketBase peak memory (VmHWM)',
      memory
        ? `${memory.peak.toFixed(0)} MB (RSS ${memory.now.toFixed(0)} MB at the end)`
        : 'unknown (no /proc)',
      'reported',
      '—',
    ],
    ['realtime streams dropped by the server', String(dropped), '0', dropped === 0 ? 'pass' : 'FAIL'],
    [
      `staff's ready list (${CUSTOMERS} cases, every 15 s)`,
      `p50 ${fmtMs(list.p50)}, p95 ${fmtMs(list.p95)} (${list.n} reads)`,
      '—',
      '—',
    ],
  ]),
);
console.log(
  'each route in the minute, p50 / p95 / max (count):\n' +
    [...routeTimes]
      .map(([route, times]) => {
        const r = summarize(times);
        return `  ${route}: ${fmtMs(r.p50)} / ${fmtMs(r.p95)} / ${fmtMs(r.max)} (${r.n})`;
      })
      .join('\n'),
);
if (late)
  console.log(`${late} codes came after ${WAIT_S} s (staff had moved on); counted in the latency, not lost`);
if (errorSamples.length)
  console.log(`HTTP errors (${byStatusText(errors)}), first ones:\n  ${errorSamples.join('\n  ')}`);
if (misdeliveries.length) console.log(`misdelivered, first ones:\n  ${misdeliveries.join('\n  ')}`);
console.log(
  `machine: ${cpus().length} cores, load average (1 / 5 / 15 min) ${load(loadBefore)} before the minute, ${load(loadAfter)} after; ` +
    `bench clients, ${CUSTOMERS + STAFF} of them, in this one Node process on the same cores`,
);
console.log(
  'rate limits: production figures (no RATE_LIMIT_SCALE); each customer and staff member sends its own ' +
    'X-Forwarded-For address, which the server trusts (TRUSTED_PROXY_HEADER), so no per-IP limit is shared',
);
const pass = result.pass && dropped === 0;
console.log(pass ? 'opening minute: every goal met' : 'opening minute: goal missed (see FAIL above)');
await backend.stop();
process.exit(pass ? 0 : 1);
