/**
 * MSW handlers standing in for PocketBase and the Asaas proxy, answering as
 * /work/shared/spec/backend-contract.md describes (statuses, messages, error shapes).
 */
import { delay, http, HttpResponse, type PathParams } from 'msw';
import { BOOKING_STATUSES, SERVICE_IDS, type BookingRecord, type PaymentRecord } from '@/lib/types';
import { getDb, saveDb, type AsaasCharge, type StoredUser } from './db';
import { compileFilter, compareValues, FilterError, FilterForbiddenError } from './filter';
import { signToken, makeToken, readToken, USERS_COLLECTION_ID } from './jwt';
import { notifyMail, type DemoMailKind } from './mailbox';
import { isValidCnpj, isValidCpf, newId, parsePbDate, pbDate } from './util';

type Json = Record<string, unknown>;
type FieldError = { code: string; message: string };
type FieldErrors = Record<string, FieldError>;

const MSG = {
  notFound: "The requested resource wasn't found.",
  validation: 'An error occurred while validating the submitted data.',
  badRequest: 'Something went wrong while processing your request.',
  create: 'Failed to create record.',
  update: 'Failed to update record.',
  auth: 'Failed to authenticate.',
  superuser: 'Only superusers can perform this action.',
  invalidJson: 'Failed to load the submitted data due to invalid formatting.',
  missingCollection: 'Missing collection context.',
} as const;

const REQUIRED: FieldError = { code: 'validation_required', message: 'Cannot be blank.' };
const INVALID_TOKEN: FieldError = { code: 'validation_invalid_token', message: 'Invalid or expired token.' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const VERIFICATION_TTL_S = 3 * 86_400; // PocketBase defaults
const RESET_TTL_S = 1_800;
export const DECLINED_CARD_NUMBERS = ['5184019740373151', '4916561358240741'] as const;
export const DEMO_PUBLIC_IP = '203.0.113.10';

// ---------------------------------------------------------------- helpers

/** Spinners should be visible in the browser demo; tests must not wait. */
async function latency(): Promise<void> {
  if (import.meta.env.MODE !== 'test') await delay(150);
}

function pbError(status: number, message: string, data: Json = {}): Response {
  return HttpResponse.json({ status, message, data }, { status });
}

const notFound = (): Response => pbError(404, MSG.notFound);
const noContent = (): Response => new HttpResponse(null, { status: 204 });

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** null when the body is not a JSON object (PocketBase then answers 400). */
async function readJson(request: Request): Promise<Json | null> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function param(params: PathParams, key: string): string {
  const value = params[key];
  return typeof value === 'string' ? value : '';
}

/** PocketBase casts text fields loosely (cast.ToString). */
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/** PocketBase casts number fields loosely (cast.ToFloat64): anything unparseable is 0. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
}

/** Date fields: unparseable input is stored as "" (PocketBase ignores the parse error). */
function toPbDate(value: unknown): string {
  const d = parsePbDate(value);
  return d ? pbDate(d) : '';
}

function fieldOf(row: object, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

function currentUser(request: Request): StoredUser | null {
  const id = readToken(request.headers.get('Authorization'));
  return (id && getDb().usuarios.find((u) => u.id === id)) || null;
}

function findUserByEmail(email: string): StoredUser | undefined {
  const wanted = email.trim().toLowerCase();
  return getDb().usuarios.find((u) => u.email.toLowerCase() === wanted);
}

const canViewUser = (user: StoredUser, viewer: StoredUser | null): boolean =>
  viewer !== null && (viewer.admin || viewer.id === user.id);

/** The record as PocketBase serializes it: never the password; e-mail only for the owner or when public. */
function presentUser(user: StoredUser, viewer: StoredUser | null): Json {
  const showEmail = user.emailVisibility || viewer?.id === user.id;
  return {
    collectionId: USERS_COLLECTION_ID,
    collectionName: 'usuarios',
    id: user.id,
    ...(showEmail ? { email: user.email } : {}),
    emailVisibility: user.emailVisibility,
    verified: user.verified,
    nome_completo: user.nome_completo,
    cpf: user.cpf,
    celular: user.celular,
    admin: user.admin,
    created: user.created,
    updated: user.updated,
  };
}

function passwordErrors(body: Json, errors: FieldErrors): void {
  const password = toText(body.password);
  const confirm = toText(body.passwordConfirm);
  if (password === '') errors.password = REQUIRED;
  else if (password.length < 8 || password.length > 71)
    errors.password = {
      code: 'validation_length_out_of_range',
      message: 'The length must be between 8 and 71.',
    };
  if (confirm === '') errors.passwordConfirm = REQUIRED;
  else if (confirm !== password)
    errors.passwordConfirm = { code: 'validation_values_mismatch', message: "Values don't match." };
}

const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

// ---------------------------------------------------------------- collections

type CollectionName = 'usuarios' | 'pagamentos' | 'agendamentos';
type Row = StoredUser | PaymentRecord | BookingRecord;

const USER_FIELDS = [
  'id',
  'created',
  'updated',
  'email',
  'emailVisibility',
  'verified',
  'nome_completo',
  'cpf',
  'celular',
  'admin',
];
const FIELDS: Record<CollectionName, readonly string[]> = {
  usuarios: USER_FIELDS,
  pagamentos: [
    'id',
    'created',
    'updated',
    'usuario',
    'tipo_servico',
    'preco_servico',
    'metodo_pagamento',
    'numero_parcelas',
    'asaas_id_pagamento',
  ],
  agendamentos: [
    'id',
    'created',
    'updated',
    'usuario',
    'data_agendamento',
    'hora_agendamento',
    'status_agendamento',
    'local_agendamento',
    'formulario',
  ],
};

function isCollection(name: string): name is CollectionName {
  return name === 'usuarios' || name === 'pagamentos' || name === 'agendamentos';
}

function rowsOf(name: CollectionName): readonly Row[] {
  return getDb()[name];
}

const ownerOf = (row: Row): StoredUser | undefined => {
  const id = 'usuario' in row ? row.usuario : row.id;
  return getDb().usuarios.find((u) => u.id === id);
};

/** List/view rule of every collection: `usuario = @request.auth.id || @request.auth.admin = true` (id for usuarios). */
function canView(name: CollectionName, row: Row, viewer: StoredUser | null): boolean {
  if (!viewer) return false;
  if (viewer.admin) return true;
  return name === 'usuarios' ? row.id === viewer.id : 'usuario' in row && row.usuario === viewer.id;
}

function isField(name: CollectionName, path: string): boolean {
  if (FIELDS[name].includes(path)) return true;
  return (
    name !== 'usuarios' && path.startsWith('usuario.') && USER_FIELDS.includes(path.slice('usuario.'.length))
  );
}

/** Resolves `field` or `usuario.field` (through the relation), as filters and sort do. */
function resolvePath(row: Row, path: string): unknown {
  const dot = path.indexOf('.');
  if (dot < 0) return fieldOf(row, path);
  const owner = ownerOf(row);
  return owner ? fieldOf(owner, path.slice(dot + 1)) : null;
}

function present(name: CollectionName, row: Row, viewer: StoredUser | null, expand: readonly string[]): Json {
  if (name === 'usuarios') return presentUser(row as StoredUser, viewer);
  const out: Json = { ...row };
  const owner = expand.includes('usuario') ? ownerOf(row) : undefined;
  // Left out when the viewer may not see the user, as PocketBase does.
  if (owner && canViewUser(owner, viewer)) out.expand = { usuario: presentUser(owner, viewer) };
  return out;
}

function expandParam(request: Request): string[] {
  const raw = new URL(request.url).searchParams.get('expand') ?? '';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function listRecords(name: CollectionName, request: Request): Response {
  const viewer = currentUser(request);
  const query = new URL(request.url).searchParams;
  const page = positiveInt(query.get('page'), 1);
  const perPage = Math.min(positiveInt(query.get('perPage'), 30), 1000);

  let matches: (row: Row) => boolean;
  try {
    matches = compileFilter<Row>(query.get('filter') ?? '', resolvePath, (path) => isField(name, path));
  } catch (error) {
    if (error instanceof FilterForbiddenError) return pbError(403, error.message);
    if (error instanceof FilterError) return pbError(400, MSG.badRequest);
    throw error;
  }

  const sorters = (query.get('sort') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ desc: s.startsWith('-'), field: s.replace(/^[-+]/, '') }));
  if (sorters.some((s) => !isField(name, s.field))) return pbError(400, MSG.badRequest);

  const rows = rowsOf(name).filter((row) => canView(name, row, viewer) && matches(row));
  // Array.prototype.sort is stable, so ties keep insertion order like SQLite's rowid.
  const sorted = [...rows].sort((a, b) => {
    for (const { field, desc } of sorters) {
      const c = compareValues(resolvePath(a, field), resolvePath(b, field));
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
  const skipTotal = ['1', 'true'].includes(query.get('skipTotal') ?? '');
  const expand = expandParam(request);
  return HttpResponse.json({
    page,
    perPage,
    totalItems: skipTotal ? -1 : rows.length,
    totalPages: skipTotal ? -1 : Math.ceil(rows.length / perPage),
    items: sorted
      .slice((page - 1) * perPage, page * perPage)
      .map((row) => present(name, row, viewer, expand)),
  });
}

function viewRecord(name: CollectionName, id: string, request: Request): Response {
  const viewer = currentUser(request);
  const row = rowsOf(name).find((r) => r.id === id);
  if (!row || !canView(name, row, viewer)) return notFound();
  return HttpResponse.json(present(name, row, viewer, expandParam(request)));
}

function checkUsuario(body: Json, errors: FieldErrors, required: boolean): string {
  const id = toText(body.usuario);
  if (id === '') {
    if (required) errors.usuario = REQUIRED;
  } else if (!getDb().usuarios.some((u) => u.id === id)) {
    errors.usuario = {
      code: 'validation_missing_rel_records',
      message: 'Failed to find all relation records with the provided ids.',
    };
  }
  return id;
}

function checkSelect(
  body: Json,
  key: string,
  allowed: readonly string[],
  required: boolean,
  errors: FieldErrors,
): string {
  const value = toText(body[key]);
  if (value === '') {
    if (required) errors[key] = REQUIRED;
  } else if (!allowed.includes(value)) {
    errors[key] = { code: 'validation_invalid_value', message: `Invalid value ${value}.` };
  }
  return value;
}

/** Applies the booking fields present in `body` onto `target`; collects PocketBase-style field errors. */
function applyBookingFields(target: BookingRecord, body: Json, errors: FieldErrors, isCreate: boolean): void {
  if (isCreate || 'usuario' in body) target.usuario = checkUsuario(body, errors, true);
  if ('data_agendamento' in body) target.data_agendamento = toPbDate(body.data_agendamento);
  if ('hora_agendamento' in body) {
    const time = toText(body.hora_agendamento);
    if (time !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
      errors.hora_agendamento = { code: 'validation_invalid_format', message: 'Invalid value format.' };
    target.hora_agendamento = time;
  }
  if ('status_agendamento' in body)
    target.status_agendamento = checkSelect(body, 'status_agendamento', BOOKING_STATUSES, false, errors);
  if ('local_agendamento' in body) target.local_agendamento = toText(body.local_agendamento);
  if ('formulario' in body) target.formulario = toText(body.formulario);
}

function createPayment(body: Json, now: string): { record: PaymentRecord; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const record: PaymentRecord = {
    id: newId(),
    collectionId: 'pbc_2707415296',
    collectionName: 'pagamentos',
    usuario: checkUsuario(body, errors, true),
    tipo_servico: checkSelect(body, 'tipo_servico', SERVICE_IDS, true, errors),
    preco_servico: toNumber(body.preco_servico),
    metodo_pagamento: checkSelect(body, 'metodo_pagamento', ['cartao_credito', 'pix'], true, errors),
    numero_parcelas: toNumber(body.numero_parcelas),
    asaas_id_pagamento: toText(body.asaas_id_pagamento),
    created: now,
    updated: now,
  };
  if (record.preco_servico <= 0) errors.preco_servico = REQUIRED;
  if (record.numero_parcelas === 0) errors.numero_parcelas = REQUIRED;
  else if (!Number.isInteger(record.numero_parcelas))
    errors.numero_parcelas = {
      code: 'validation_only_int_constraint',
      message: 'Only integers are allowed.',
    };
  if (record.asaas_id_pagamento === '') errors.asaas_id_pagamento = REQUIRED;
  return { record, errors };
}

function registerUser(body: Json): Response {
  // usuarios createRule: `@request.body.admin:isset = false`, so a client-set admin fails the rule.
  if ('admin' in body) return pbError(400, MSG.create);
  const errors: FieldErrors = {};
  const email = toText(body.email).trim();
  if (email === '') errors.email = REQUIRED;
  else if (!EMAIL_RE.test(email))
    errors.email = { code: 'validation_is_email', message: 'Must be a valid email address.' };
  else if (findUserByEmail(email))
    errors.email = { code: 'validation_not_unique', message: 'Value must be unique.' };
  passwordErrors(body, errors);
  for (const key of ['nome_completo', 'cpf', 'celular'])
    if (toText(body[key]).trim() === '') errors[key] = REQUIRED;
  if (hasErrors(errors)) return pbError(400, MSG.create, errors);

  const now = pbDate(new Date());
  const user: StoredUser = {
    id: newId(),
    collectionId: USERS_COLLECTION_ID,
    collectionName: 'usuarios',
    email,
    emailVisibility: body.emailVisibility === true,
    password: toText(body.password),
    nome_completo: toText(body.nome_completo).trim(),
    cpf: toText(body.cpf).trim(),
    celular: toText(body.celular).trim(),
    verified: false,
    admin: false,
    created: now,
    updated: now,
  };
  getDb().usuarios.push(user);
  saveDb();
  return HttpResponse.json(presentUser(user, null));
}

async function createRecord(name: CollectionName, request: Request): Promise<Response> {
  const body = await readJson(request);
  if (!body) return pbError(400, MSG.invalidJson);
  if (name === 'usuarios') return registerUser(body);

  const viewer = currentUser(request);
  // createRule: `@request.auth.id != "" && (usuario = @request.auth.id || @request.auth.admin = true)`
  if (!viewer || (!viewer.admin && toText(body.usuario) !== viewer.id)) return pbError(400, MSG.create);

  const now = pbDate(new Date());
  const db = getDb();
  let row: Row;
  if (name === 'pagamentos') {
    const { record, errors } = createPayment(body, now);
    if (hasErrors(errors)) return pbError(400, MSG.create, errors);
    db.pagamentos.push(record);
    row = record;
  } else {
    const errors: FieldErrors = {};
    const record: BookingRecord = {
      id: newId(),
      collectionId: 'pbc_1453265092',
      collectionName: 'agendamentos',
      usuario: '',
      data_agendamento: '',
      hora_agendamento: '',
      status_agendamento: '',
      local_agendamento: '',
      formulario: '',
      created: now,
      updated: now,
    };
    applyBookingFields(record, body, errors, true);
    if (hasErrors(errors)) return pbError(400, MSG.create, errors);
    db.agendamentos.push(record);
    row = record;
  }
  saveDb();
  return HttpResponse.json(present(name, row, viewer, expandParam(request)));
}

async function updateRecord(name: CollectionName, id: string, request: Request): Promise<Response> {
  // pagamentos has no update rule: superusers only.
  if (name === 'pagamentos') return pbError(403, MSG.superuser);
  const viewer = currentUser(request);
  const body = await readJson(request);
  if (!body) return pbError(400, MSG.invalidJson);
  const now = pbDate(new Date());

  if (name === 'usuarios') {
    const user = getDb().usuarios.find((u) => u.id === id);
    if (!user || !canViewUser(user, viewer)) return notFound();
    if ('admin' in body) return pbError(400, MSG.update);
    const errors: FieldErrors = {};
    for (const key of ['nome_completo', 'cpf', 'celular'] as const) {
      if (!(key in body)) continue;
      const value = toText(body[key]).trim();
      if (value === '') errors[key] = REQUIRED;
      else user[key] = value;
    }
    if (hasErrors(errors)) return pbError(400, MSG.update, errors);
    if (typeof body.emailVisibility === 'boolean') user.emailVisibility = body.emailVisibility;
    user.updated = now;
    saveDb();
    return HttpResponse.json(presentUser(user, viewer));
  }

  // agendamentos updateRule: `@request.auth.admin = true`; a failed update rule reads as "not found".
  const booking = getDb().agendamentos.find((b) => b.id === id);
  if (!booking || !viewer?.admin) return notFound();
  const draft: BookingRecord = { ...booking };
  const errors: FieldErrors = {};
  applyBookingFields(draft, body, errors, false);
  if (hasErrors(errors)) return pbError(400, MSG.update, errors);
  Object.assign(booking, draft, { updated: now });
  saveDb();
  return HttpResponse.json(present(name, booking, viewer, expandParam(request)));
}

// ---------------------------------------------------------------- auth flows

function issueActionToken(user: StoredUser, kind: DemoMailKind): void {
  const ttl = kind === 'verification' ? VERIFICATION_TTL_S : RESET_TTL_S;
  const token = signToken({
    id: user.id,
    type: kind === 'verification' ? 'verification' : 'passwordReset',
    collectionId: USERS_COLLECTION_ID,
    email: user.email,
    nonce: newId(8),
    exp: Math.floor(Date.now() / 1000) + ttl,
  });
  const db = getDb();
  db.tokens = db.tokens.filter((t) => t.expires > Date.now());
  db.tokens.push({ token, kind, userId: user.id, email: user.email, expires: Date.now() + ttl * 1000 });
  saveDb();
  const page = kind === 'verification' ? '/confirm_verification' : '/confirm_password_reset';
  notifyMail({ kind, email: user.email, token, path: `${page}?token=${encodeURIComponent(token)}` });
}

/** Consumes a valid token of `kind`; null when it is unknown, used, expired or the e-mail changed since. */
function takeActionToken(token: string, kind: DemoMailKind): StoredUser | null {
  const db = getDb();
  const entry = db.tokens.find((t) => t.token === token && t.kind === kind && t.expires > Date.now());
  const user = entry && db.usuarios.find((u) => u.id === entry.userId);
  if (!entry || !user || user.email !== entry.email) return null;
  db.tokens = db.tokens.filter((t) => !(t.userId === user.id && t.kind === kind));
  return user;
}

async function requestEmail(request: Request, kind: DemoMailKind): Promise<Response> {
  const body = await readJson(request);
  if (!body) return pbError(400, MSG.invalidJson);
  const email = toText(body.email).trim();
  if (email === '') return pbError(400, MSG.validation, { email: REQUIRED });
  if (!EMAIL_RE.test(email))
    return pbError(400, MSG.validation, {
      email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
    });
  const user = findUserByEmail(email);
  // Always 204, so the answer never tells whether an address is registered.
  if (user && (kind === 'reset' || !user.verified)) issueActionToken(user, kind);
  return noContent();
}

const authRoutes = [
  http.post('*/api/collections/usuarios/auth-with-password', async ({ request }) => {
    await latency();
    const body = await readJson(request);
    if (!body) return pbError(400, MSG.invalidJson);
    const identity = toText(body.identity).trim();
    const password = toText(body.password);
    const errors: FieldErrors = {};
    if (identity === '') errors.identity = REQUIRED;
    if (password === '') errors.password = REQUIRED;
    if (hasErrors(errors)) return pbError(400, MSG.validation, errors);
    const user = findUserByEmail(identity);
    // PocketBase authenticates unverified users too; the app checks `verified`.
    if (!user || user.password !== password) return pbError(400, MSG.auth);
    return HttpResponse.json({ token: makeToken(user.id), record: presentUser(user, user) });
  }),

  http.post('*/api/collections/usuarios/auth-refresh', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, 'The request requires valid record authorization token.');
    return HttpResponse.json({ token: makeToken(user.id), record: presentUser(user, user) });
  }),

  http.post('*/api/collections/usuarios/request-verification', async ({ request }) => {
    await latency();
    return requestEmail(request, 'verification');
  }),

  http.post('*/api/collections/usuarios/request-password-reset', async ({ request }) => {
    await latency();
    return requestEmail(request, 'reset');
  }),

  http.post('*/api/collections/usuarios/confirm-verification', async ({ request }) => {
    await latency();
    const body = await readJson(request);
    if (!body) return pbError(400, MSG.invalidJson);
    const token = toText(body.token);
    if (token === '') return pbError(400, MSG.validation, { token: REQUIRED });
    const user = takeActionToken(token, 'verification');
    if (!user) return pbError(400, MSG.validation, { token: INVALID_TOKEN });
    user.verified = true;
    user.updated = pbDate(new Date());
    saveDb();
    return noContent();
  }),

  http.post('*/api/collections/usuarios/confirm-password-reset', async ({ request }) => {
    await latency();
    const body = await readJson(request);
    if (!body) return pbError(400, MSG.invalidJson);
    const token = toText(body.token);
    const errors: FieldErrors = {};
    passwordErrors(body, errors);
    const db = getDb();
    const pending = db.tokens.some((t) => t.token === token && t.kind === 'reset' && t.expires > Date.now());
    if (token === '') errors.token = REQUIRED;
    else if (!pending) errors.token = INVALID_TOKEN;
    if (hasErrors(errors)) return pbError(400, MSG.validation, errors);
    const user = takeActionToken(token, 'reset');
    if (!user) return pbError(400, MSG.validation, { token: INVALID_TOKEN });
    user.password = toText(body.password);
    // The reset link proves the user owns the address, so PocketBase also marks it verified.
    user.verified = true;
    user.updated = pbDate(new Date());
    saveDb();
    return noContent();
  }),
];

const recordRoutes = [
  http.get('*/api/collections/:collection/records', async ({ request, params }) => {
    await latency();
    const name = param(params, 'collection');
    return isCollection(name) ? listRecords(name, request) : pbError(404, MSG.missingCollection);
  }),

  http.get('*/api/collections/:collection/records/:id', async ({ request, params }) => {
    await latency();
    const name = param(params, 'collection');
    return isCollection(name)
      ? viewRecord(name, param(params, 'id'), request)
      : pbError(404, MSG.missingCollection);
  }),

  http.post('*/api/collections/:collection/records', async ({ request, params }) => {
    await latency();
    const name = param(params, 'collection');
    return isCollection(name) ? createRecord(name, request) : pbError(404, MSG.missingCollection);
  }),

  http.patch('*/api/collections/:collection/records/:id', async ({ request, params }) => {
    await latency();
    const name = param(params, 'collection');
    return isCollection(name)
      ? updateRecord(name, param(params, 'id'), request)
      : pbError(404, MSG.missingCollection);
  }),

  http.delete('*/api/collections/:collection/records/:id', async ({ params }) => {
    await latency();
    // No collection has a delete rule: superusers only.
    return isCollection(param(params, 'collection'))
      ? pbError(403, MSG.superuser)
      : pbError(404, MSG.missingCollection);
  }),
];

// ---------------------------------------------------------------- Asaas proxy

type AsaasIssue = { code: string; description: string };

function asaasError(issues: readonly AsaasIssue[], status = 400): Response {
  return HttpResponse.json({ errors: issues }, { status });
}

const DECLINED: AsaasIssue = {
  code: 'invalid_creditCard',
  description: 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
};

const digits = (value: unknown): string => toText(value).replace(/\D/g, '');
const isValidDocument = (value: unknown): boolean => isValidCpf(digits(value)) || isValidCnpj(digits(value));
const isDueDate = (value: unknown): boolean => {
  const text = toText(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && parsePbDate(text)?.toISOString().slice(0, 10) === text;
};
const round2 = (n: number): number => Math.round(n * 100) / 100;
/** Card fee in the demo: 2.99% + R$ 0,49, so netValue looks like Asaas's. */
const netOf = (value: number): number => round2(value * 0.9701 - 0.49);
const today = (): string => new Date().toISOString().slice(0, 10);

function cardIssues(card: unknown): AsaasIssue[] {
  if (!isObject(card))
    return [{ code: 'invalid_creditCard', description: 'Informe os dados do cartão de crédito.' }];
  const issues: AsaasIssue[] = [];
  const bad = (description: string): void => void issues.push({ code: 'invalid_creditCard', description });
  if (toText(card.holderName).trim() === '') bad('Informe o nome impresso no cartão.');
  if (!/^\d{13,19}$/.test(toText(card.number).replace(/\s/g, '')))
    bad('O número do cartão de crédito é inválido.');
  const month = toText(card.expiryMonth);
  const year = toText(card.expiryYear);
  if (!/^(0[1-9]|1[0-2])$/.test(month)) bad('O mês de expiração do cartão deve ter 2 dígitos (01 a 12).');
  if (!/^\d{4}$/.test(year)) bad('O ano de expiração do cartão deve ter 4 dígitos.');
  else if (/^\d{2}$/.test(month) && `${year}-${month}` < new Date().toISOString().slice(0, 7))
    bad('O cartão de crédito está vencido.');
  if (!/^\d{3,4}$/.test(toText(card.ccv))) bad('O código de segurança do cartão é inválido.');
  return issues;
}

function holderIssues(info: unknown): AsaasIssue[] {
  if (!isObject(info))
    return [{ code: 'invalid_creditCardHolderInfo', description: 'Informe os dados do titular do cartão.' }];
  const issues: AsaasIssue[] = [];
  if (toText(info.name).trim() === '')
    issues.push({ code: 'invalid_name', description: 'Informe o nome do titular do cartão.' });
  if (!EMAIL_RE.test(toText(info.email)))
    issues.push({ code: 'invalid_email', description: 'O email do titular do cartão é inválido.' });
  if (!isValidDocument(info.cpfCnpj))
    issues.push({ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' });
  if (digits(info.postalCode).length !== 8)
    issues.push({ code: 'invalid_postalCode', description: 'O CEP do titular do cartão é inválido.' });
  if (toText(info.addressNumber).trim() === '')
    issues.push({
      code: 'invalid_addressNumber',
      description: 'Informe o número do endereço do titular do cartão.',
    });
  if (!/^\d{10,11}$/.test(digits(info.phone)))
    issues.push({ code: 'invalid_phone', description: 'O telefone do titular do cartão é inválido.' });
  return issues;
}

function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  return 'UNKNOWN';
}

function chargeJson(charge: AsaasCharge): Json {
  return {
    object: 'payment',
    id: charge.id,
    dateCreated: charge.dateCreated,
    customer: charge.customer,
    installment: charge.installment,
    value: charge.value,
    netValue: charge.netValue,
    totalValue: charge.totalValue,
    billingType: charge.billingType,
    status: charge.status,
    dueDate: charge.dueDate,
    description: charge.description,
    installmentCount: charge.installmentCount,
    installmentNumber: charge.installment ? 1 : null,
  };
}

const asaasRoutes = [
  http.post('*/payments/asaas/customer', async ({ request }) => {
    await latency();
    const body = await readJson(request);
    if (!body) return asaasError([{ code: 'invalid_object', description: 'Dados inválidos.' }]);
    const issues: AsaasIssue[] = [];
    if (toText(body.name).trim() === '')
      issues.push({ code: 'invalid_name', description: 'O nome do cliente deve ser informado.' });
    if (!isValidDocument(body.cpfCnpj))
      issues.push({ code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' });
    const email = toText(body.email).trim();
    if (email !== '' && !EMAIL_RE.test(email))
      issues.push({ code: 'invalid_email', description: 'O email informado é inválido.' });
    if (issues.length > 0) return asaasError(issues);
    const customer = {
      id: `cus_${newId(12)}`,
      name: toText(body.name).trim(),
      cpfCnpj: digits(body.cpfCnpj),
      email,
      dateCreated: today(),
    };
    getDb().asaasCustomers.push(customer);
    saveDb();
    return HttpResponse.json({ object: 'customer', ...customer, deleted: false });
  }),

  http.post('*/payments/asaas/installment', async ({ request }) => {
    await latency();
    const body = await readJson(request);
    if (!body) return asaasError([{ code: 'invalid_object', description: 'Dados inválidos.' }]);
    const db = getDb();
    const issues: AsaasIssue[] = [];
    const customerId = toText(body.customer);
    if (!db.asaasCustomers.some((c) => c.id === customerId))
      issues.push({ code: 'invalid_customer', description: 'Cliente inválido ou não informado.' });
    if (body.billingType !== 'CREDIT_CARD')
      issues.push({
        code: 'invalid_billingType',
        description: 'Forma de pagamento inválida. Utilize CREDIT_CARD.',
      });
    const count = toNumber(body.installmentCount);
    if (!Number.isInteger(count) || count < 1 || count > 12)
      issues.push({
        code: 'invalid_installmentCount',
        description: 'O número de parcelas deve ser de 1 a 12.',
      });
    const total = round2(
      body.totalValue !== undefined ? toNumber(body.totalValue) : toNumber(body.value) * count,
    );
    if (!(total > 0))
      issues.push({ code: 'invalid_value', description: 'O valor total da cobrança deve ser informado.' });
    if (!isDueDate(body.dueDate))
      issues.push({
        code: 'invalid_dueDate',
        description: 'A data de vencimento informada é inválida (use AAAA-MM-DD).',
      });
    issues.push(...cardIssues(body.creditCard), ...holderIssues(body.creditCardHolderInfo));
    const remoteIp = toText(body.remoteIp).trim();
    if (remoteIp === '')
      issues.push({
        code: 'invalid_remoteIp',
        description: 'O IP de onde o cliente está fazendo a compra deve ser informado.',
      });
    if (issues.length > 0) return asaasError(issues);

    const number = isObject(body.creditCard) ? toText(body.creditCard.number).replace(/\s/g, '') : '';
    // Sandbox decline cards; a declined charge is not stored, so a retry is safe.
    if ((DECLINED_CARD_NUMBERS as readonly string[]).includes(number)) return asaasError([DECLINED]);

    // Asaas cuts each installment to centavos; the last one takes the remainder.
    const installmentValue = Math.floor((total * 100) / count) / 100;
    const charge: AsaasCharge = {
      id: `pay_${newId(12)}`,
      installment: `ins_${newId(12)}`,
      customer: customerId,
      billingType: 'CREDIT_CARD',
      status: 'CONFIRMED',
      value: installmentValue,
      totalValue: total,
      netValue: netOf(installmentValue),
      installmentCount: count,
      dueDate: toText(body.dueDate),
      description: toText(body.description),
      creditCardLast4: number.slice(-4),
      remoteIp,
      dateCreated: today(),
    };
    db.asaasCharges.push(charge);
    saveDb();
    return HttpResponse.json({
      ...chargeJson(charge),
      creditCard: {
        creditCardNumber: charge.creditCardLast4,
        creditCardBrand: cardBrand(number),
        creditCardToken: newId(36),
      },
    });
  }),

  http.post('*/payments/asaas/pix', async ({ request }) => {
    await latency();
    const body = await readJson(request);
    if (!body) return asaasError([{ code: 'invalid_object', description: 'Dados inválidos.' }]);
    const db = getDb();
    const issues: AsaasIssue[] = [];
    const customerId = toText(body.customer);
    if (!db.asaasCustomers.some((c) => c.id === customerId))
      issues.push({ code: 'invalid_customer', description: 'Cliente inválido ou não informado.' });
    const value = round2(toNumber(body.value));
    if (!(value > 0))
      issues.push({ code: 'invalid_value', description: 'O valor da cobrança deve ser informado.' });
    if (!isDueDate(body.dueDate))
      issues.push({
        code: 'invalid_dueDate',
        description: 'A data de vencimento informada é inválida (use AAAA-MM-DD).',
      });
    if (issues.length > 0) return asaasError(issues);
    const charge: AsaasCharge = {
      id: `pay_${newId(12)}`,
      installment: null,
      customer: customerId,
      billingType: 'PIX',
      status: 'PENDING',
      value,
      totalValue: value,
      netValue: round2(value - 0.99),
      installmentCount: 1,
      dueDate: toText(body.dueDate),
      description: toText(body.description),
      creditCardLast4: null,
      remoteIp: null,
      dateCreated: today(),
    };
    db.asaasCharges.push(charge);
    saveDb();
    return HttpResponse.json(chargeJson(charge));
  }),

  http.get('*/payments/asaas/pix/:id', async ({ params }) => {
    await latency();
    const charge = getDb().asaasCharges.find((c) => c.id === param(params, 'id'));
    if (!charge) return asaasError([{ code: 'not_found', description: 'Cobrança não encontrada.' }], 404);
    return HttpResponse.json({
      success: true,
      encodedImage: PIX_QR_PNG,
      payload: pixPayload(charge),
      expirationDate: `${charge.dueDate} 23:59:59`,
    });
  }),
];

/** A "Pix copia e cola" string in the EMV layout (id, 2-digit length, value); the CRC is fake. */
function pixPayload(charge: AsaasCharge): string {
  const field = (id: string, value: string): string =>
    `${id}${String(value.length).padStart(2, '0')}${value}`;
  const account = field('00', 'br.gov.bcb.pix') + field('25', `pix.demo.invalid/qr/v2/${charge.id}`);
  return [
    field('00', '01'),
    field('26', account),
    field('52', '0000'),
    field('53', '986'),
    field('54', charge.value.toFixed(2)),
    field('58', 'BR'),
    field('59', 'PASSAPORTE ITALIANO DEMO'),
    field('60', 'SAO PAULO'),
    field('62', field('05', '***')),
    '6304DE00',
  ].join('');
}

/** 1x1 PNG: the demo has no real QR code to show. */
const PIX_QR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The public IP lookup the checkout sends to Asaas as `remoteIp`. */
export const ipLookupHandlers = [
  http.get('https://api.ipify.org', ({ request }) =>
    new URL(request.url).searchParams.get('format') === 'json'
      ? HttpResponse.json({ ip: DEMO_PUBLIC_IP })
      : HttpResponse.text(DEMO_PUBLIC_IP),
  ),
  http.get('https://api.ipify.org/*', () => HttpResponse.json({ ip: DEMO_PUBLIC_IP })),
];

/** Unknown routes answer like the real servers instead of falling through to the dev server's HTML. */
const fallbackRoutes = [
  // Only real API paths: in `npm run dev` the worker also sees source modules such as /src/lib/api/payments.ts.
  http.all('*/api/*', ({ request }) =>
    new URL(request.url).pathname.startsWith('/api/') ? notFound() : undefined,
  ),
  http.all('*/payments/asaas/*', () =>
    asaasError([{ code: 'not_found', description: 'Recurso não encontrado.' }], 404),
  ),
];

export const handlers = [
  ...authRoutes,
  ...recordRoutes,
  ...asaasRoutes,
  ...ipLookupHandlers,
  ...fallbackRoutes,
];
