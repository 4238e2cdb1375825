// @ts-check
// Seeds a running PocketBase (this project's kit) with the demo's data, or with the bench's scale data.
// Rows go straight into data.db (scripts/backend/sqlite-insert.py): the REST API would hash each password (too slow
// for 50,000 customers) and cannot set `created`. The demo data is the demo mode's own seed
// (demo-seed/seed.ts, loaded through Vite), so the real server and the demo answer with the same records; the
// copies the hooks would have kept (search columns, case summaries, invoice states) the kit then writes itself
// (POST /api/manutencao/recalcular, pocketbase/pb_hooks/lib/manutencao.js).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pdfPage } from '../fixtures/processo-fixture.mjs';

/** @import { RunningPocketBase } from './pocketbase-server.mjs' */
/** @import { SchemaCollection } from './schema.mjs' */

/**
 * An account as the seed writes it: the demo's (demo-seed/seed.ts) or a bench's.
 * @typedef {object} SeedUser
 * @property {string} id
 * @property {string} email
 * @property {boolean} verified
 * @property {boolean} admin
 * @property {string} nome_completo
 * @property {string} cpf
 * @property {string} celular
 * @property {boolean} [emailVisibility] true when left out
 * @property {string} created
 * @property {string} updated
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
// The server's own search-column code (pocketbase/pb_hooks/lib/comum.js): rows inserted here skip the hooks.
/** @type {typeof import('../../pocketbase/pb_hooks/lib/comum.js').default} */
const { textoBusca, chavesBusca } = createRequire(import.meta.url)('../../pocketbase/pb_hooks/lib/comum.js');

/**
 * A booking's copies of its customer's indexed search keys (busca_cpf, busca_email, busca_celular).
 * @param {{ email: string, cpf: string, celular: string } | undefined} user
 */
export function bookingKeys(user) {
  return user ? chavesBusca(user.email, user.cpf, user.celular) : chavesBusca('', '', '');
}

/**
 * Runs the inserter; `rows` is {table: [row, ...]}.
 * @param {string} dataDir
 * @param {Record<string, Record<string, unknown>[]>} rows
 */
export function insertRows(dataDir, rows) {
  const python = process.env.PYTHON || 'python3';
  const result = spawnSync(
    python,
    [path.join(root, 'scripts', 'backend', 'sqlite-insert.py'), path.join(dataDir, 'data.db')],
    {
      input: JSON.stringify(rows),
      encoding: 'utf8',
      maxBuffer: 1024 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr || result.error}`);
}

/**
 * `fetch`, sent once more when the connection it reused had been closed by the server: a long insert blocks this
 * process (spawnSync), so a keep-alive connection the server closed meanwhile is only noticed when reused
 * ('other side closed'). For idempotent calls only.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
export async function fetchAfterInsert(url, init) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      // A network failure (no HTTP answer at all): the socket closed under the call, or reset.
      const cause =
        error instanceof Error ? /** @type {{ code?: unknown } | undefined} */ (error.cause) : undefined;
      const code = String(cause?.code ?? '');
      if (attempt >= 3 || !['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED'].includes(code)) {
        throw new Error(
          `${url}: ${error instanceof Error ? error.message : error} (${code || String(cause ?? '')})`,
          {
            cause: error,
          },
        );
      }
    }
  }
}

/**
 * After accounts were inserted around the API: one staff account's flag is saved again through the API, so the
 * server writes the bookings' list rule from every account's flag at once (pb_hooks/lib/lista_equipe.js; its
 * minute cron would do it too, a minute later).
 * @param {RunningPocketBase} pb
 * @param {{ id: string, admin?: unknown }[]} usuarios
 */
export async function applyStaffRule(pb, usuarios) {
  const staff = usuarios.find((u) => u.admin === true || u.admin === 1);
  if (!staff) return;
  const response = await fetchAfterInsert(`${pb.url}/api/collections/usuarios/records/${staff.id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: pb.superuser.token },
    body: JSON.stringify({ admin: true }),
  });
  if (!response.ok) throw new Error(`could not save the staff flag: ${await response.text()}`);
}

const tokenKey = () => randomBytes(36).toString('base64url').slice(0, 50);

/**
 * The bcrypt hash PocketBase makes for `password`: one account is made through the API and its hash
 * read back, so that every seeded account logs in with the same password.
 * @param {RunningPocketBase} pb
 * @param {string} password
 * @returns {Promise<string>}
 */
export async function passwordHash(pb, password) {
  const email = `hash-${Date.now()}@seed.invalid`;
  const headers = { 'Content-Type': 'application/json', Authorization: pb.superuser.token };
  const response = await fetch(`${pb.url}/api/collections/usuarios/records`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      password,
      passwordConfirm: password,
      nome_completo: 'Conta Temporaria de Seed',
      cpf: '52998224725',
      celular: '11987654321',
    }),
  });
  if (!response.ok) throw new Error(`could not make the hash account: ${await response.text()}`);
  const { id } = await response.json();
  const read = spawnSync(
    process.env.PYTHON || 'python3',
    [
      '-c',
      'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute("select password from usuarios where id=?", (sys.argv[2],)).fetchone()[0])',
      path.join(pb.dataDir, 'data.db'),
      id,
    ],
    { encoding: 'utf8' },
  );
  await fetch(`${pb.url}/api/collections/usuarios/records/${id}`, { method: 'DELETE', headers });
  const hash = read.stdout.trim();
  if (!hash.startsWith('$2')) throw new Error(`no bcrypt hash read back: ${read.stderr}`);
  return hash;
}

/**
 * An account's row in data.db, with its search column and `hash` for its password.
 * @param {SeedUser} user
 * @param {string} hash
 */
export function userRow(user, hash) {
  return {
    id: user.id,
    email: user.email,
    emailVisibility: user.emailVisibility ?? true,
    verified: user.verified,
    admin: user.admin,
    nome_completo: user.nome_completo,
    cpf: user.cpf,
    celular: user.celular,
    busca: textoBusca(user.nome_completo, user.email, user.cpf, user.celular),
    password: hash,
    tokenKey: tokenKey(),
    created: user.created,
    updated: user.updated,
  };
}

/**
 * The demo seed (demo-seed/seed.ts) and its booking day (demo-seed/dia.ts seedDia, relative to now: the
 * consulates' demo changes, the handlings, attempts and appointments), loaded with Vite's module runner.
 * `guarantee`: whether the guarantee is on when the seeded attempt is marked (the server's; the demo's when left out).
 * @param {{ guarantee?: { ativa: boolean } }} [options]
 */
export async function demoSeed({ guarantee } = {}) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const seed = /** @type {typeof import('../../demo-seed/seed.ts')} */ (
      await vite.ssrLoadModule('/demo-seed/seed.ts')
    );
    const dia = /** @type {typeof import('../../demo-seed/dia.ts')} */ (
      await vite.ssrLoadModule('/demo-seed/dia.ts')
    );
    const asaas = /** @type {typeof import('../../demo-seed/asaas.ts')} */ (
      await vite.ssrLoadModule('/demo-seed/asaas.ts')
    );
    // What staff edit on a consulate (the kit's lib/dia_comum.js, which needs Vite's kit plugin): the fields where
    // the demo's consulates may differ from the migration's.
    const diaComum =
      /** @type {{ default: typeof import('../../pocketbase/pb_hooks/lib/dia_comum.js').default }} */ (
        await vite.ssrLoadModule('/pocketbase/pb_hooks/lib/dia_comum.js')
      ).default;
    const db = seed.buildSeed();
    return {
      db,
      // The seed's paid charges as Asaas holds them, so staff can refund a seeded order.
      asaasPayments: db.cobrancas.filter((c) => c.asaas_id).map(asaas.pagamentoDoSeed),
      dia: dia.seedDia(Date.now(), db, guarantee),
      consulateFields: diaComum.CAMPOS_CONSULADO,
      password: seed.DEMO_PASSWORD,
    };
  } finally {
    await vite.close();
  }
}

/** A 1×1 PNG, the example photo of a seeded case (the demo double serves the same: src/mocks/processo-files.ts). */
const EXAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The kit's collections (pocketbase/schema.json, produced from the migrations).
 * @type {SchemaCollection[]}
 */
const SCHEMA = JSON.parse(readFileSync(path.join(root, 'pocketbase', 'schema.json'), 'utf8'));

/**
 * A collection's rows with every field of pocketbase/schema.json: a missing value is PocketBase's empty one of its
 * type (as src/mocks/collections.ts EMPTY gives it); a list or an object (a file field's names, a JSON field) as
 * JSON text, as SQLite stores it.
 * @param {string} name
 * @param {readonly object[]} list the records, each an object of field values by name
 * @returns {Record<string, unknown>[]}
 */
export function schemaRows(name, list) {
  const collection = SCHEMA.find((c) => c.name === name);
  if (!collection) throw new Error(`pocketbase/schema.json has no collection ${name}`);
  /** @type {Record<string, unknown>} */
  const emptyOf = { number: 0, bool: false, json: null };
  return list.map((record) => {
    const row = /** @type {Record<string, unknown>} */ (record);
    return Object.fromEntries(
      collection.fields.map((f) => {
        const value = row[f.name] ?? (f.type in emptyOf ? emptyOf[f.type] : '');
        return [f.name, value !== null && typeof value === 'object' ? JSON.stringify(value) : value];
      }),
    );
  });
}

/**
 * A collection's id (where PocketBase keeps its records' files: storage/<collection id>/<record id>/).
 * @param {RunningPocketBase} pb
 * @param {string} name
 * @returns {Promise<string>}
 */
async function collectionId(pb, name) {
  const answer = await fetchAfterInsert(`${pb.url}/api/collections/${name}`, {
    headers: { Authorization: pb.superuser.token },
  });
  if (!answer.ok) throw new Error(`could not read the ${name} collection: ${await answer.text()}`);
  return (await answer.json()).id;
}

/**
 * Writes records' files where PocketBase keeps them: a PDF page naming what the file is, or the example photo.
 * @param {RunningPocketBase} pb
 * @param {string} collection
 * @param {{ id: string, files: string[], label: string }[]} records
 */
async function writeFiles(pb, collection, records) {
  const id = await collectionId(pb, collection);
  for (const r of records) {
    const dir = path.join(pb.dataDir, 'storage', id, r.id);
    mkdirSync(dir, { recursive: true });
    for (const name of r.files)
      writeFileSync(
        path.join(dir, name),
        name.endsWith('.png') ? EXAMPLE_PNG : pdfPage(`Exemplo: ${r.label}`),
      );
  }
}

/**
 * The seeded documents' files: a PDF page naming the document, or the example photo.
 * @param {RunningPocketBase} pb
 * @param {{ id: string, item: string, arquivos: string[] }[]} documentos
 */
async function writeCaseFiles(pb, documentos) {
  await writeFiles(
    pb,
    'documentos',
    documentos.map((d) => ({ id: d.id, files: d.arquivos, label: d.item })),
  );
}

/**
 * A superuser's JSON call to the running server.
 * @param {RunningPocketBase} pb
 * @param {string} route
 * @param {{ method?: string, body?: unknown }} [options]
 */
async function asSuperuser(pb, route, { method = 'GET', body } = {}) {
  const response = await fetchAfterInsert(`${pb.url}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: pb.superuser.token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * The demo's consulates on the server: the migration made them (with ids of its own); where the demo's differ
 * (São Paulo's demo window, Curitiba's confirmation) they are saved through the API, as staff would, so the
 * kit checks them (lib/dia.js salvarConsulado) and records the change in their history. Returns the server's id
 * of each demo consulate id.
 * @param {RunningPocketBase} pb
 * @param {{ id: string, codigo: string }[]} consulados the demo's
 * @param {readonly string[]} fields what staff edit on a consulate (dia_comum.js CAMPOS_CONSULADO)
 * @returns {Promise<{ ids: Map<string, string>, updated: number }>}
 */
async function saveConsulates(pb, consulados, fields) {
  /** @type {{ items: Record<string, unknown>[] }} */
  const { items } = await asSuperuser(pb, '/api/collections/consulados/records?perPage=500');
  const ids = new Map();
  let updated = 0;
  for (const demo of consulados) {
    const real = items.find((c) => c.codigo === demo.codigo);
    if (!real) throw new Error(`the server has no consulate ${demo.codigo}`);
    ids.set(demo.id, String(real.id));
    const own = /** @type {Record<string, unknown>} */ (demo);
    const changes = Object.fromEntries(
      fields
        .filter((f) => JSON.stringify(own[f] ?? '') !== JSON.stringify(real[f] ?? ''))
        .map((f) => [f, own[f]]),
    );
    if (Object.keys(changes).length === 0) continue;
    await asSuperuser(pb, `/api/collections/consulados/records/${real.id}`, {
      method: 'PATCH',
      body: changes,
    });
    updated++;
  }
  return { ids, updated };
}

/**
 * The booking day of the demo (demo-seed/dia.ts seedDia) on the server: its consulates' changes through the
 * API, then the handlings, attempts and appointments as rows (their times are the demo's), their consulates the
 * server's, and the appointments' proofs as files.
 * @param {RunningPocketBase} pb
 * @param {import('../../src/mocks/dia-store.ts').DiaStore} dia
 * @param {readonly string[]} consulateFields what staff edit on a consulate (dia_comum.js CAMPOS_CONSULADO)
 */
async function seedBookingDay(pb, dia, consulateFields) {
  const { ids, updated } = await saveConsulates(pb, dia.consulados, consulateFields);
  /** @type {<T extends { consulado: string }>(r: T) => T} */
  const ownConsulate = (r) => ({ ...r, consulado: r.consulado && (ids.get(r.consulado) ?? r.consulado) });
  insertRows(pb.dataDir, {
    atendimentos: schemaRows('atendimentos', dia.atendimentos.map(ownConsulate)),
    tentativas_agendamento: schemaRows('tentativas_agendamento', dia.tentativas_agendamento),
    compromissos: schemaRows('compromissos', dia.compromissos.map(ownConsulate)),
  });
  await writeFiles(
    pb,
    'compromissos',
    dia.compromissos
      .filter((c) => c.comprovante)
      .map((c) => ({ id: c.id, files: [c.comprovante], label: 'comprovante do agendamento' })),
  );
  return {
    consulates: updated,
    handlings: dia.atendimentos.length,
    attempts: dia.tentativas_agendamento.length,
    appointments: dia.compromissos.length,
  };
}

/**
 * Enters payments in the Asaas stand-in's books (its control route, scripts/backend/asaas-stand-in.mjs).
 * @param {string} asaasUrl the stand-in's API address, ending in /v3
 * @param {readonly object[]} payments
 */
async function holdAtAsaas(asaasUrl, payments) {
  for (const payment of payments) {
    const response = await fetch(`${asaasUrl.replace(/\/v3$/, '')}/__control/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ payment }),
    });
    if (!response.ok)
      throw new Error(`the Asaas stand-in refused a seeded payment: ${await response.text()}`);
  }
}

/**
 * Seeds the demo mode's data into a running PocketBase: accounts, payments, charges, bookings, their history and
 * the case files (applicants, documents and their files), so every booking is in a state the server could have
 * reached (one past ANALISE_OK has its applicants and approved documents); and the demo's booking day
 * (demo-seed/dia.ts seedDia): the consulates' demo changes, the handlings (on standby, code asked), the
 * attempts and the appointments; and, given the Asaas stand-in's address (`asaasUrl`, ending in /v3), the seed's
 * charges in its books, as Asaas holds an order paid before, so a seeded order can be refunded.
 * @param {RunningPocketBase} pb
 * @param {{ asaasUrl?: string }} [options]
 */
export async function seedDemo(pb, { asaasUrl } = {}) {
  // The seeded attempt is marked with the guarantee as this server has it (GARANTIA_ATIVA), as the kit marks one.
  const guarantee = await asSuperuser(pb, '/api/garantia');
  const { db, dia, consulateFields, password, asaasPayments } = await demoSeed({ guarantee });
  if (asaasUrl) await holdAtAsaas(asaasUrl, asaasPayments);
  const hash = await passwordHash(pb, password);
  insertRows(pb.dataDir, {
    usuarios: db.usuarios.map((u) => userRow(u, hash)),
    pagamentos: schemaRows('pagamentos', db.pagamentos),
    cobrancas: schemaRows('cobrancas', db.cobrancas),
    agendamentos: schemaRows('agendamentos', db.agendamentos),
    requerentes: schemaRows('requerentes', db.requerentes),
    documentos: schemaRows('documentos', db.documentos),
    // What the server's hooks would have recorded for these bookings (the seed skips the hooks).
    historico_agendamentos: schemaRows('historico_agendamentos', db.historico_agendamentos),
  });
  await writeCaseFiles(pb, db.documentos);
  const day = await seedBookingDay(pb, dia, consulateFields);
  // The copies the hooks keep (search columns, case summaries, invoice states, the staff list's rule), written by
  // the kit itself from the rows just inserted.
  const response = await fetchAfterInsert(`${pb.url}/api/manutencao/recalcular`, {
    method: 'POST',
    headers: { Authorization: pb.superuser.token },
  });
  if (!response.ok) throw new Error(`the kit could not write its copies: ${await response.text()}`);
  return { accounts: db.usuarios.length, bookings: db.agendamentos.length, ...day, password };
}
