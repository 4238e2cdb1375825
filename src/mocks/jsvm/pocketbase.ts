/**
 * A small stand-in of PocketBase's JSVM API over the double's rows, so that the demo runs the kit's own adapters and
 * hook files (pocketbase/pb_hooks): `$app` and its records, transactions, mail and store; the error classes; the
 * hook registrations, kept in `registry`. PocketBase emulation only: no product rule lives here.
 */
import { schemaErrors, schemaFields, type SchemaField } from '../collections';
import { getDb, onReset, replaceDb, saveDb } from '../db';
import { compareValues, compileFilter, sortersOf, withParams } from '../filter';
import { notifyMail, recordMail } from '../mailbox';
import { MSG, REQUIRED, toPbDate, toText, type FieldError, type Json } from '../http';
import { rowsNamed, valueAt } from '../rules';
import { newId, pbDate } from '../util';
import { conferirUnicos } from './indexes';
import { withCopies } from './copies';
import { db } from './db';
import { jsonValue } from './json-field';
import { serverRows } from './server-rows';
import emailTexto from '../../../pocketbase/pb_hooks/lib/email_texto.js';
import limites from '../../../pocketbase/pb_hooks/lib/limites.json';

// ------------------------------------------------------------------ errors (PocketBase's router answers them)

export class ApiError extends Error {
  constructor(
    readonly status = 400,
    message = '',
    readonly data: Json = {},
  ) {
    super(message);
  }
}
export class BadRequestError extends ApiError {
  constructor(message: string = MSG.badRequest, data: Json = {}) {
    super(400, message || MSG.badRequest, data);
  }
}
export class NotFoundError extends ApiError {
  constructor(message: string = MSG.notFound, data: Json = {}) {
    super(404, message || MSG.notFound, data);
  }
}
export class ForbiddenError extends ApiError {
  constructor(message = 'You are not allowed to perform this request.', data: Json = {}) {
    super(403, message, data);
  }
}
export class UnauthorizedError extends ApiError {
  constructor(message = 'Missing or invalid authentication.', data: Json = {}) {
    super(401, message, data);
  }
}
export class TooManyRequestsError extends ApiError {
  constructor(message: string = MSG.tooMany, data: Json = {}) {
    super(429, message, data);
  }
}
/** A field's error ({code, message}), as the kit builds one for a BadRequestError's data. */
export class ValidationError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

// ------------------------------------------------------------------ values

/** PocketBase's DateTime: `new DateTime()` is now; as text, its stored format. */
export class DateTime {
  readonly text: string;
  constructor(value?: unknown) {
    this.text = value === undefined ? pbDate(new Date()) : toPbDate(String(value));
  }
  string = () => this.text;
  toString = () => this.text;
  isZero = () => this.text === '';
  unix = () => (this.text ? Math.floor(Date.parse(this.text.replace(' ', 'T')) / 1000) : 0);
}

const fieldOf = (collection: string, name: string): SchemaField | undefined =>
  schemaFields(collection).find((f) => f.name === name);

/** A value as a field of its type holds it (PocketBase casts on set). */
function cast(f: SchemaField | undefined, value: unknown): unknown {
  if (!f) return value ?? null;
  if (f.type === 'json') return jsonValue(value);
  const multi = (f.maxSelect ?? 1) > 1;
  if ((f.type === 'relation' || f.type === 'select' || f.type === 'file') && multi)
    return (Array.isArray(value) ? value : value ? [value] : []).map(toText).filter(Boolean);
  if (f.type === 'date' || f.type === 'autodate') return toPbDate(String(value ?? ''));
  if (f.type === 'number') return Number(value) || 0;
  if (f.type === 'bool') return value === true || value === 'true' || value === 1 || value === '1';
  return toText(Array.isArray(value) ? value[value.length - 1] : value);
}

/** A field as the kit reads a collection's (lib/registros.js errosDeTamanho). */
const asField = (f: SchemaField) => ({
  ...f,
  getName: () => f.name,
  type: () => f.type,
  getSystem: () => f.name === 'id' || f.type === 'autodate',
});

export const collectionOf = (name: string) => ({
  id: `pbc_${name}`,
  name,
  fields: schemaFields(name).map(asField),
});

// ------------------------------------------------------------------ records

/** A record of the double's rows: a copy to change, written back by `$app.save`. */
export class Record {
  readonly collectionName: string;
  data: Json;
  private stored: Json;
  /** Hidden fields an enrich hook showed to this reader (`unhide`). */
  private shown: string[] = [];
  constructor(collection: string | { name: string }, row?: Json) {
    this.collectionName = typeof collection === 'string' ? collection : collection.name;
    this.data = row ? withCopies(this.collectionName, { ...row }) : {};
    this.stored = { ...this.data };
  }
  get id(): string {
    return toText(this.data.id);
  }
  set id(value: string) {
    this.data.id = value;
  }
  collection = () => collectionOf(this.collectionName);
  isNew = () => !this.stored.id;
  get = (name: string): unknown => this.data[name];
  set = (name: string, value: unknown) => {
    this.data[name] = cast(
      fieldOf(this.collectionName, name),
      value instanceof DateTime ? value.text : value,
    );
  };
  load = (values: Json) => Object.entries(values).forEach(([k, v]) => this.set(k, v));
  getString = (name: string): string => {
    const v = this.get(name);
    return v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  getBool = (name: string) => !!this.data[name];
  getInt = (name: string) => Math.trunc(Number(this.data[name]) || 0);
  getFloat = (name: string) => Number(this.data[name]) || 0;
  getStringSlice = (name: string): string[] => {
    const v = this.data[name];
    return Array.isArray(v) ? v.map(String) : v ? [String(v)] : [];
  };
  getDateTime = (name: string) => new DateTime(this.getString(name));
  email = () => this.getString('email');
  verified = () => this.getBool('verified');
  isSuperuser = () => false;
  original = () => new Record(this.collectionName, this.stored);
  /** A copy of the record as it is now (PocketBase's fresh()). */
  fresh = () => new Record(this.collectionName, this.data);
  /** The files a request sends for each file field, their names already set (record-requests.ts). */
  unsavedFiles: { [field: string]: File[] } = {};
  /** PocketBase's own checks of a save the double keeps apart (a request's files, a unique index): each throws. */
  ownChecks: ((record: Record) => void)[] = [];
  getUnsavedFiles = (name: string) =>
    (this.unsavedFiles[name] ?? []).map((file) => ({ originalName: file.name, file }));
  fieldsData = (): Json => ({ ...this.data });
  publicExport = (): Json => {
    const hidden = schemaFields(this.collectionName)
      .filter((f) => f.hidden && !this.shown.includes(f.name))
      .map((f) => f.name);
    return Object.fromEntries(Object.entries(this.data).filter(([k]) => !hidden.includes(k)));
  };
  toJSON = () => this.publicExport();
  unhide = (...names: string[]) => void this.shown.push(...names);
  /** What $app.save wrote is now the stored copy. */
  saved = () => {
    this.stored = { ...this.data };
  };
}

// ------------------------------------------------------------------ hook registry

type Handler = (e: Json) => unknown;
export interface Hook {
  kind: string;
  handler: Handler;
  tags: string[];
}
export interface Route {
  method: string;
  path: string;
  handler: Handler;
  middlewares: unknown[];
}
/** Every hook file's registrations: routes, record hooks, cron jobs and bootstrap (recorded, never run). */
export const registry = { routes: [] as Route[], hooks: [] as Hook[], crons: [] as Json[] };

export const hooksOf = (kind: string, collection: string) =>
  registry.hooks.filter((h) => h.kind === kind && (h.tags.length === 0 || h.tags.includes(collection)));

/** Runs `handlers` in turn, each continuing with `e.next()`; the last one's `next` is `done`. */
export function chain(handlers: readonly Hook[], e: { next?: () => unknown }, done: () => unknown): unknown {
  const step = (i: number): unknown => {
    const h = handlers[i];
    if (!h) return done();
    e.next = () => step(i + 1);
    return h.handler(e as Json);
  };
  return step(0);
}

// ------------------------------------------------------------------ $app

/** $dbx's expressions as the kit passes them to countRecords and findAllRecords: a filter and its params. */
type Expression = { filtro: string; params: Json };
export const $dbx = {
  hashExp: (values: Json): Expression => ({
    filtro: Object.keys(values)
      .map((k, i) => `${k} = {:p${i}}`)
      .join(' && '),
    params: Object.fromEntries(Object.values(values).map((v, i) => [`p${i}`, v])),
  }),
  exp: (sql: string, params: Json = {}): Expression => ({
    filtro: sql.replace(/\bAND\b/g, '&&').replace(/\bOR\b/g, '||'),
    params,
  }),
};

function rowsOf(collection: string): Json[] {
  const rows = rowsNamed(collection);
  if (!Object.hasOwn(getDb(), collection) && rows.length === 0 && !schemaFields(collection).length)
    throw new Error(`the demo has no collection ${collection}`);
  if (rows.length === 0 && !Object.hasOwn(getDb(), collection)) return serverRows(collection) ?? rows;
  return rows;
}

function find(
  collection: string,
  filtro: string,
  params: Json = {},
  sort = '',
  limit = 0,
  offset = 0,
): Record[] {
  const text = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, toText(v)]));
  const matches = compileFilter<Json>(withParams(filtro, text), (row, path) =>
    valueAt(collection, row, path),
  );
  const sorters = sortersOf(sort);
  const rows = rowsOf(collection)
    .filter(matches)
    .sort((a, b) => {
      for (const { field, desc } of sorters) {
        const c = compareValues(a[field], b[field]);
        if (c !== 0) return desc ? -c : c;
      }
      return 0;
    });
  return rows.slice(offset, limit > 0 ? offset + limit : undefined).map((row) => new Record(collection, row));
}

const where = (exprs: Expression[]) => ({
  filtro: exprs.map((x) => `(${x.filtro})`).join(' && '),
  params: Object.assign({}, ...exprs.map((x) => x.params)) as Json,
});

/** PocketBase's own checks on save where the double has them: the relations and the schema's values changed. */
function validate(record: Record, before: Json): void {
  record.ownChecks.forEach((check) => check(record));
  const changed = Object.keys(record.data).filter((k) => record.data[k] !== before[k]);
  const errors: { [field: string]: FieldError } = schemaErrors(record.collectionName, record.data, changed);
  for (const f of schemaFields(record.collectionName)) {
    const ids = record.getStringSlice(f.name);
    if (f.type !== 'relation' || !changed.includes(f.name) || !f.collection) continue;
    if (ids.length === 0 && f.required) errors[f.name] = REQUIRED;
    const rows = rowsNamed(f.collection);
    if (ids.some((id) => !rows.some((r) => r.id === id)))
      errors[f.name] = {
        code: 'validation_missing_rel_records',
        message: 'Failed to find all relation records with the provided ids.',
      };
  }
  if (Object.keys(errors).length > 0)
    throw new BadRequestError(record.isNew() ? MSG.create : MSG.update, errors);
}

/** Writes a record on its row (a new one gets its id, times and the schema's empty values). */
function write(record: Record): void {
  const rows = rowsOf(record.collectionName);
  const now = pbDate(new Date());
  const fields = schemaFields(record.collectionName);
  const stamp = (name: string) =>
    fields.some((f) => f.name === name && f.type === 'autodate') ? { [name]: now } : {};
  const row = rows.find((r) => r.id === record.id);
  conferirUnicos(record.collectionName, { ...row, ...record.data }, rows);
  if (row) {
    Object.assign(row, record.data, stamp('updated'));
  } else {
    const blank = Object.fromEntries(fields.filter((f) => !f.hidden).map((f) => [f.name, cast(f, null)]));
    record.data = {
      ...blank,
      collectionId: `pbc_${record.collectionName}`,
      collectionName: record.collectionName,
      ...record.data,
      id: record.id || newId(),
      ...stamp('created'),
      ...stamp('updated'),
    };
    rows.push(record.data);
  }
  record.saved();
}

/** The subject of the kit's purchase receipt (lib/emails.js recibo). */
const RECIBO = 'Comprovante da sua compra';
/** The lockout's e-mail (lib/seguranca.js avisarBloqueio): kept in the outbox without a toast, which would tell
 * whoever is guessing. */
const BLOQUEIO = emailTexto.emailDeBloqueio(limites.bloqueio).assunto;

let depth = 0;
const store = new Map<string, unknown>();
// A reset of the demo's data is a new server: nothing of the old one's memory stays.
onReset(() => store.clear());

/** `$app` (and `e.app`, and a transaction's `tx`: the same, over the same rows). */
export const app = {
  findRecordById(collection: string, id: string): Record {
    const row = rowsOf(collection).find((r) => r.id === id);
    if (!row) throw new NotFoundError();
    return new Record(collection, row);
  },
  findFirstRecordByFilter(collection: string, filtro: string, params?: Json): Record {
    const [first] = find(collection, filtro, params, '', 1);
    if (!first) throw new NotFoundError();
    return first;
  },
  findRecordsByFilter: (
    collection: string,
    filtro: string,
    sort = '',
    limit = 0,
    offset = 0,
    params?: Json,
  ) => find(collection, filtro, params, sort, limit, offset),
  findRecordsByIds: (collection: string, ids: string[]) =>
    rowsOf(collection)
      .filter((r) => ids.includes(toText(r.id)))
      .map((row) => new Record(collection, row)),
  findAllRecords: (collection: string, ...exprs: Expression[]) => {
    const w = where(exprs);
    return find(collection, w.filtro, w.params);
  },
  countRecords: (collection: string, ...exprs: Expression[]) =>
    app.findAllRecords(collection, ...exprs).length,
  findCollectionByNameOrId: (name: string) => collectionOf(name.replace(/^pbc_/, '')),
  /** Saves through the collection's model hooks (onRecordCreate / onRecordUpdate, each calling e.next()). */
  save(record: Record): void {
    const kind = record.isNew() ? 'onRecordCreate' : 'onRecordUpdate';
    const e: Json = { app, record };
    app.runInTransaction(() =>
      chain(hooksOf(kind, record.collectionName), e, () =>
        // The onRecordValidate hooks, then PocketBase's own checks.
        chain(hooksOf('onRecordValidate', record.collectionName), { app, record } as Json, () => {
          validate(record, record.isNew() ? {} : record.original().data);
          write(record);
        }),
      ),
    );
  },
  saveNoValidate(record: Record): void {
    app.runInTransaction(() => write(record));
  },
  delete(record: Record): void {
    const rows = rowsOf(record.collectionName);
    const i = rows.findIndex((r) => r.id === record.id);
    if (i >= 0)
      app.runInTransaction(() =>
        chain(hooksOf('onRecordDelete', record.collectionName), { app, record } as Json, () =>
          rows.splice(rows.indexOf(rows.find((r) => r.id === record.id)!), 1),
        ),
      );
  },
  /** One at a time, as the double runs: a throw puts back the rows as they were before (a deep copy). */
  runInTransaction(fazer: (tx: unknown) => unknown): void {
    if (depth > 0) return void fazer(app);
    const before = structuredClone(getDb());
    depth++;
    try {
      fazer(app);
    } catch (err) {
      replaceDb(before);
      throw err;
    } finally {
      depth--;
    }
    saveDb();
  },
  settings: () => ({
    meta: {
      appURL: globalThis.location?.origin ?? '',
      appName: 'Passaporte Italiano',
      senderAddress: 'nao-responda@demo.local',
      senderName: 'Passaporte Italiano',
    },
  }),
  store: () => ({
    get: (key: string) => store.get(key),
    has: (key: string) => store.has(key),
    set: (key: string, value: unknown) => void store.set(key, value),
    remove: (key: string) => void store.delete(key),
    setFunc: (key: string, fn: (old: unknown) => unknown) => void store.set(key, fn(store.get(key))),
  }),
  logger: () => ({ debug: () => {}, info: () => {}, warn: console.warn, error: console.error }),
  /** The double's mailbox: a staff account's mail stays in it (an alert), a customer's is shown too. */
  newMailClient: () => ({
    send(m: { to: { address: string }[]; subject: string; text: string }) {
      for (const { address } of m.to) {
        const staff = getDb().usuarios.some((u) => u.email === address && u.admin);
        const mail = { email: address, token: '', path: '', subject: m.subject, text: m.text } as const;
        if (staff) recordMail({ ...mail, kind: 'alerta' });
        else if (m.subject === BLOQUEIO) recordMail({ ...mail, kind: 'status' });
        // The purchase receipt (lib/emails.js recibo): the demo's mailbox links it to the order's page.
        else if (m.subject.startsWith(RECIBO)) notifyMail({ ...mail, kind: 'receipt', path: '/tracking' });
        else notifyMail({ ...mail, kind: 'status' });
      }
    },
  }),
  db,
};
export type App = typeof app;
