/**
 * MSW handlers standing in for PocketBase and the Asaas proxy, answering as
 * /work/shared/spec/backend-contract.md describes (statuses, messages, error shapes).
 */
import { delay, http, HttpResponse, type PathParams } from 'msw';
import { FLEX_FEE, MAX_INSTALLMENTS, PRICES } from '@/config/constants';
import { installmentPlan } from '@/lib/installments';
import { onlyDigits } from '@/lib/cpf';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { isValidPhone } from '@/lib/phone';
import { customerSearchKey } from '@/lib/search-key';
import {
  BOOKING_STATUSES,
  TRACKED_BOOKING_FIELDS,
  type BookingHistoryRecord,
  type BookingRecord,
  type ChargeRecord,
  type DeletionRequestRecord,
  type PaymentRecord,
  type BookingStatus,
  type ServiceId,
} from '@/lib/types';
import { getDb, saveDb, type AsaasCharge, type StoredUser } from './db';
import { compileFilter, compareValues, FilterError, FilterForbiddenError } from './filter';
import { loginLocked, overRateLimit, recordLoginFailure } from './limits';
import { makeToken, readToken, signToken, USERS_COLLECTION_ID, verifyToken } from './jwt';
import { FIELDS, USER_FIELDS, type CollectionName } from './collections';
import { historyEntry, STATUS_MAIL_SUBJECTS } from './history';
import { notifyMail } from './mailbox';
import { processoRoutes } from './processo';
import { isValidCpf, newId, parsePbDate, pbDate } from './util';

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
  /** PocketBase's rate limiter (pb_hooks/lib/seguranca.js turns it on) */
  tooMany: 'Too Many Requests.',
  superuser: 'Only superusers can perform this action.',
  invalidJson: 'Failed to load the submitted data due to invalid formatting.',
  missingCollection: 'Missing collection context.',
  /** pb_hooks/lib/agenda.js: a save made on a copy older than the stored record (If-Match) */
  stale:
    'Este agendamento foi alterado por outra pessoa enquanto você editava. Os valores atuais estão na tela: confira e salve de novo.',
} as const;

const REQUIRED: FieldError = { code: 'validation_required', message: 'Cannot be blank.' };
const INVALID_TOKEN: FieldError = { code: 'validation_invalid_token', message: 'Invalid or expired token.' };
/** What PocketBase says of a string that is not one of its tokens at all. */
const INVALID_CLAIMS: FieldError = {
  code: 'validation_invalid_token_claims',
  message: 'Missing email token claim.',
};
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const VERIFICATION_TTL_S = 3 * 86_400; // PocketBase defaults
const RESET_TTL_S = 1_800;
export const DECLINED_CARD_NUMBERS = ['5184019740373151', '4916561358240741'] as const;

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
    // The server's search key (pb_hooks/usuarios.pb.js), answered like the fields it is made of.
    busca: customerSearchKey(user),
    created: user.created,
    updated: user.updated,
  };
}

function passwordErrors(body: Json, errors: FieldErrors): void {
  const password = toText(body.password);
  const confirm = toText(body.passwordConfirm);
  if (password === '') errors.password = REQUIRED;
  else if (password.length < 8)
    errors.password = { code: 'validation_min_text_constraint', message: 'Must be at least 8 character(s).' };
  else if (password.length > 71)
    errors.password = {
      code: 'validation_max_text_constraint',
      message: 'Must be no more than 71 character(s).',
    };
  if (confirm === '') errors.passwordConfirm = REQUIRED;
  else if (confirm !== password)
    errors.passwordConfirm = { code: 'validation_values_mismatch', message: "Values don't match." };
}

const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

// ---------------------------------------------------------------- collections

type Row =
  | StoredUser
  | PaymentRecord
  | BookingRecord
  | ChargeRecord
  | DeletionRequestRecord
  | BookingHistoryRecord;
/** The proxy's server-only collections: every non-superuser call answers 403. */
const SERVER_ONLY = ['asaas_clientes', 'asaas_eventos', 'tentativas_cartao'];

function isCollection(name: string): name is CollectionName {
  return name in FIELDS;
}

function rowsOf(name: CollectionName): readonly Row[] {
  if (name === 'cobrancas' || name === 'pagamentos') {
    settleDemoPix();
    getDb().cobrancas.forEach(settleUnknownCharge);
  }
  return getDb()[name];
}

const ownerOf = (row: Row): StoredUser | undefined => {
  const id = 'usuario' in row ? row.usuario : row.id;
  return getDb().usuarios.find((u) => u.id === id);
};

/** The list rule: the view rule, except `pagamentos`, which lists each customer's own only (staff too). */
function canList(name: CollectionName, row: Row, viewer: StoredUser | null): boolean {
  if (name === 'pagamentos') return !!viewer && 'usuario' in row && row.usuario === viewer.id;
  return canView(name, row, viewer);
}

/**
 * List/view rule of every collection: `usuario = @request.auth.id || @request.auth.admin = true` (id for
 * usuarios); the booking history is staff's only (`@request.auth.admin = true`).
 */
function canView(name: CollectionName, row: Row, viewer: StoredUser | null): boolean {
  if (!viewer) return false;
  if (viewer.admin) return true;
  if (name === 'historico_agendamentos') return false;
  return name === 'usuarios' ? row.id === viewer.id : 'usuario' in row && row.usuario === viewer.id;
}

function isField(name: CollectionName, path: string): boolean {
  if (FIELDS[name].includes(path)) return true;
  if (name === 'usuarios' || !path.startsWith('usuario.')) return false;
  const field = path.slice('usuario.'.length);
  return USER_FIELDS.includes(field);
}

/** A user's field for filters and sort; `busca` is the server's search key (pb_hooks/usuarios.pb.js). */
function userField(user: StoredUser, key: string): unknown {
  return key === 'busca' ? customerSearchKey(user) : fieldOf(user, key);
}

/** Resolves `field` or `usuario.field` (through the relation), as filters and sort do. */
function resolvePath(row: Row, path: string): unknown {
  const dot = path.indexOf('.');
  if (path === 'busca' && 'usuario' in row) {
    const owner = ownerOf(row);
    return owner ? customerSearchKey(owner) : '';
  }
  if (dot < 0) return fieldOf(row, path);
  const owner = ownerOf(row);
  return owner ? userField(owner, path.slice(dot + 1)) : null;
}

function present(name: CollectionName, row: Row, viewer: StoredUser | null, expand: readonly string[]): Json {
  if (name === 'usuarios') return presentUser(row as StoredUser, viewer);
  const out: Json = { ...row };
  if (name === 'agendamentos') out.busca = resolvePath(row, 'busca');
  const expanded: Json = {};
  const owner = expand.includes('usuario') ? ownerOf(row) : undefined;
  // Left out when the viewer may not see the record, as PocketBase does.
  if (owner && canViewUser(owner, viewer)) expanded.usuario = presentUser(owner, viewer);
  const paymentId = expand.includes('pagamento') && 'pagamento' in row ? row.pagamento : undefined;
  const payment = paymentId ? getDb().pagamentos.find((p) => p.id === paymentId) : undefined;
  if (payment && canView('pagamentos', payment, viewer)) expanded.pagamento = { ...payment };
  if (Object.keys(expanded).length > 0) out.expand = expanded;
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

const SUPERUSER_ONLY_FIELDS = ['@collection.', '@request.'];

function listRecords(name: CollectionName, request: Request): Response {
  const viewer = currentUser(request);
  const query = new URL(request.url).searchParams;
  const page = positiveInt(query.get('page'), 1);
  const perPage = Math.min(positiveInt(query.get('perPage'), 30), 1000);

  // PocketBase's loose check: a non-superuser's filter or sort naming these anywhere, even in a quoted
  // value, is refused before it is parsed.
  for (const text of [query.get('filter') ?? '', query.get('sort') ?? '']) {
    const named = SUPERUSER_ONLY_FIELDS.find((field) => text.includes(field));
    if (named) return pbError(403, `Only superusers can filter by ${named}`);
  }
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

  const rows = rowsOf(name).filter((row) => canList(name, row, viewer) && matches(row));
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

/** The text limits of agendamentos (pocketbase/pb_migrations). */
const BOOKING_TEXT_MAX = {
  local_agendamento: 200,
  nota_cliente: 2000,
  formulario: 5000,
  status_agendamento: 30,
};

/**
 * Applies the booking fields present in `body` onto `target`; collects the field errors of
 * pb_hooks/lib/agenda.js (pt-BR messages, PocketBase's codes where it has one).
 */
function applyBookingFields(target: BookingRecord, body: Json, errors: FieldErrors): void {
  if ('usuario' in body) target.usuario = checkUsuario(body, errors, true);
  // An unreadable date is stored empty, as PocketBase's date field does (the editor refuses one before sending).
  if ('data_agendamento' in body) target.data_agendamento = toPbDate(body.data_agendamento);
  if ('hora_agendamento' in body) {
    const time = toText(body.hora_agendamento);
    if (time !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
      errors.hora_agendamento = {
        code: 'validation_invalid_hora',
        message: 'Hora inválida: use o formato HH:mm, como 09:30.',
      };
    target.hora_agendamento = time;
  }
  if ('status_agendamento' in body) target.status_agendamento = toText(body.status_agendamento);
  if ('local_agendamento' in body) target.local_agendamento = toText(body.local_agendamento);
  if ('formulario' in body) target.formulario = toText(body.formulario);
  if ('nota_cliente' in body) target.nota_cliente = toText(body.nota_cliente);
  // The search column is the server's (pb_hooks/lib/agenda.js).
  if ('busca' in body) errors.busca = { code: 'validation_forbidden', message: 'Campo não permitido.' };
  for (const [field, max] of Object.entries(BOOKING_TEXT_MAX)) {
    if (field in body && toText(body[field]).length > max && !errors[field])
      errors[field] = { code: 'validation_max_text_constraint', message: `Use no máximo ${max} caracteres.` };
  }
}

/** The account checks of pocketbase/pb_hooks/lib/contas.js (the browser's field messages, PocketBase's codes). */
const NAME_RE = /^(?:\p{L}\p{M}*|[ '’-])+$/u;
/** PocketBase ends a field message with a full stop. */
const accountError = (code: string, message: string) => ({ code, message: `${message}.` });
const normalizeName = (value: unknown) => toText(value).normalize('NFC').replace(/\s+/g, ' ').trim();
const onlyMask = (value: unknown, allowed: RegExp) => {
  const text = toText(value);
  return text.length <= 20 && allowed.test(text);
};

function nameError(value: unknown): string {
  const name = normalizeName(value);
  if (name === '') return FIELD_MESSAGES.nomeObrigatorio;
  if (name.length > 120) return FIELD_MESSAGES.nomeLongo;
  if (!NAME_RE.test(name)) return FIELD_MESSAGES.nomeInvalido;
  if ((name.match(/\p{L}/gu) ?? []).length < 10) return FIELD_MESSAGES.sobrenome;
  return '';
}

function accountFieldErrors(
  body: Json,
  fields: readonly ('nome_completo' | 'cpf' | 'celular')[],
): FieldErrors {
  const errors: FieldErrors = {};
  const name = fields.includes('nome_completo') ? nameError(body.nome_completo) : '';
  if (name) errors.nome_completo = accountError('validation_invalid_nome', name);
  if (fields.includes('cpf') && !(onlyMask(body.cpf, /^[\d.\- ]*$/) && isValidCpf(toText(body.cpf))))
    errors.cpf = accountError('validation_invalid_cpf', FIELD_MESSAGES.cpfInvalido);
  if (
    fields.includes('celular') &&
    !(onlyMask(body.celular, /^[\d()\- ]*$/) && isValidPhone(toText(body.celular)))
  )
    errors.celular = accountError('validation_invalid_celular', FIELD_MESSAGES.celularInvalido);
  return errors;
}

function registerUser(body: Json): Response {
  // usuarios createRule: `@request.body.admin:isset = false && @request.body.verified:isset = false`.
  if ('admin' in body || 'verified' in body) return pbError(400, MSG.create);
  const fieldErrors = accountFieldErrors(body, ['nome_completo', 'cpf', 'celular']);
  // The record id is the server's.
  if ('id' in body || 'busca' in body) {
    for (const field of ['id', 'busca'].filter((f) => f in body))
      fieldErrors[field] = accountError('validation_forbidden', 'Campo não permitido');
  }
  const cpf = onlyDigits(toText(body.cpf));
  if (!fieldErrors.cpf && getDb().usuarios.some((u) => onlyDigits(u.cpf) === cpf))
    fieldErrors.cpf = { code: 'validation_cpf_taken', message: FIELD_MESSAGES.cpfCadastrado };
  if (hasErrors(fieldErrors)) return pbError(400, MSG.validation, fieldErrors);
  const errors: FieldErrors = {};
  const email = toText(body.email).trim();
  if (email === '') errors.email = REQUIRED;
  else if (!EMAIL_RE.test(email))
    errors.email = { code: 'validation_is_email', message: 'Must be a valid email address.' };
  else if (findUserByEmail(email))
    errors.email = { code: 'validation_not_unique', message: 'Value must be unique.' };
  passwordErrors(body, errors);
  if (hasErrors(errors)) return pbError(400, MSG.create, errors);

  const now = pbDate(new Date());
  const user: StoredUser = {
    id: newId(),
    collectionId: USERS_COLLECTION_ID,
    collectionName: 'usuarios',
    email,
    // pb_hooks/usuarios.pb.js: staff see the address (the view rule keeps it to owner and staff).
    emailVisibility: true,
    password: toText(body.password),
    nome_completo: normalizeName(body.nome_completo),
    // CPF and phone are stored as digits (pb_hooks/lib/contas.js).
    cpf,
    celular: onlyDigits(toText(body.celular)),
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
  if (name === 'usuarios')
    return overRateLimit('usuarios:create', request) ? pbError(429, MSG.tooMany) : registerUser(body);
  if (name === 'solicitacoes_exclusao') return createDeletionRequest(body, currentUser(request));
  // pagamentos, agendamentos and cobrancas are written by the server only (create rule null).
  return pbError(403, MSG.superuser);
}

/** Fields a customer may change on their own account; the rest goes through support. */
const SELF_EDITABLE = ['celular', 'password', 'passwordConfirm', 'oldPassword'];

async function updateRecord(name: CollectionName, id: string, request: Request): Promise<Response> {
  // pagamentos and cobrancas have no update rule: superusers only.
  if (name === 'pagamentos' || name === 'cobrancas') return pbError(403, MSG.superuser);
  const viewer = currentUser(request);
  const body = await readJson(request);
  if (!body) return pbError(400, MSG.invalidJson);
  const now = pbDate(new Date());

  if (name === 'usuarios') return updateOwnAccount(id, viewer, body, request);
  // solicitacoes_exclusao has no update rule: staff conclude a request in PocketBase's admin screen.
  if (name === 'solicitacoes_exclusao') return pbError(403, MSG.superuser);

  // The history has no create, update or delete rule: only the server writes it.
  if (name === 'historico_agendamentos') return pbError(403, MSG.superuser);

  // agendamentos updateRule: `@request.auth.admin = true`; a failed update rule reads as "not found".
  const booking = getDb().agendamentos.find((b) => b.id === id);
  if (!booking || !viewer?.admin) return notFound();
  // pb_hooks/lib/agenda.js: a save based on an older copy than the stored one is refused.
  const basedOn = request.headers.get('If-Match');
  if (basedOn !== null && basedOn.replace(/^"|"$/g, '') !== booking.updated) return pbError(409, MSG.stale);
  const draft: BookingRecord = { ...booking };
  const errors: FieldErrors = {};
  applyBookingFields(draft, body, errors);
  // pb_hooks/agendamentos.pb.js: the five statuses, or the value already stored.
  if (
    draft.status_agendamento !== booking.status_agendamento &&
    !(BOOKING_STATUSES as readonly string[]).includes(draft.status_agendamento)
  )
    errors.status_agendamento = { code: 'validation_invalid_status', message: 'Status inválido.' };
  // pb_hooks/lib/agenda.js checks before the record's own validation: its pt-BR errors come as MSG.validation.
  if (hasErrors(errors)) return pbError(400, MSG.validation, errors);
  const before = { ...booking };
  Object.assign(booking, draft, { updated: now });
  recordChange(before, booking, viewer);
  saveDb();
  return HttpResponse.json(present(name, booking, viewer, expandParam(request)));
}

/** pb_hooks/lib/historico.js: one history entry per save that changed something, and the status e-mail. */
function recordChange(before: BookingRecord, after: BookingRecord, author: StoredUser | null): void {
  const alteracoes = TRACKED_BOOKING_FIELDS.map((campo) => ({
    campo,
    de: before[campo] ?? '',
    para: after[campo] ?? '',
  })).filter((change) => change.de !== change.para);
  if (alteracoes.length === 0) return;
  const entry = historyEntry(after, alteracoes, author, after.updated);
  const statusChanged = before.status_agendamento !== after.status_agendamento;
  const owner = ownerOf(after);
  if (statusChanged && owner && (BOOKING_STATUSES as readonly string[]).includes(after.status_agendamento)) {
    const subject = STATUS_MAIL_SUBJECTS[after.status_agendamento as BookingStatus];
    notifyMail({ kind: 'status', email: owner.email, token: '', path: '/tracking', subject });
    Object.assign(entry, { email_para: owner.email, email_status: 'ENVIADO', email_assunto: subject });
  }
  getDb().historico_agendamentos.push(entry);
}

// ---------------------------------------------------------------- the customer's own data (LGPD)

/** usuarios updateRule: only the owner, only the phone and the password. */
function updateOwnAccount(id: string, viewer: StoredUser | null, body: Json, request: Request): Response {
  if (overRateLimit('usuarios:update', request)) return pbError(429, MSG.tooMany);
  const user = getDb().usuarios.find((u) => u.id === id);
  // updateRule: only the owner, and never admin, verified, e-mail, CPF or name: a failed rule reads as 404.
  if (!user || viewer?.id !== user.id || Object.keys(body).some((k) => !SELF_EDITABLE.includes(k)))
    return notFound();
  // pb_hooks/lib/contas.js checks the phone first, as the server's hook runs before the record's validation.
  const phone = 'celular' in body ? accountFieldErrors(body, ['celular']) : {};
  if (hasErrors(phone)) return pbError(400, MSG.validation, phone);
  const errors: FieldErrors = {};
  const changesPassword = 'password' in body;
  if (changesPassword) {
    passwordErrors(body, errors);
    if (toText(body.oldPassword) === '') errors.oldPassword = REQUIRED;
    else if (toText(body.oldPassword) !== user.password)
      errors.oldPassword = {
        code: 'validation_invalid_old_password',
        message: 'Missing or invalid old password.',
      };
  }
  if (hasErrors(errors)) return pbError(400, MSG.update, errors);
  if ('celular' in body) user.celular = onlyDigits(toText(body.celular));
  if (changesPassword) user.password = toText(body.password);
  user.updated = pbDate(new Date());
  saveDb();
  return HttpResponse.json(presentUser(user, viewer));
}

/** The customer has a booking that has not ended (FINALIZADO): their account is kept until it ends. */
const hasBookingInProgress = (userId: string): boolean =>
  getDb().agendamentos.some((b) => b.usuario === userId && b.status_agendamento !== 'FINALIZADO');

/**
 * solicitacoes_exclusao createRule `usuario = @request.auth.id`, one per user (unique index); the server sets
 * the status whatever the body says.
 */
function createDeletionRequest(body: Json, viewer: StoredUser | null): Response {
  if (!viewer || toText(body.usuario) !== viewer.id) return pbError(400, MSG.create);
  const db = getDb();
  const errors: FieldErrors = {};
  if (db.solicitacoes_exclusao.some((r) => r.usuario === viewer.id))
    errors.usuario = { code: 'validation_not_unique', message: 'Value must be unique.' };
  const motivo = toText(body.motivo).trim();
  if (motivo.length > 1000)
    errors.motivo = {
      code: 'validation_max_text_constraint',
      message: 'Must be no more than 1000 character(s).',
    };
  if (hasErrors(errors)) return pbError(400, MSG.create, errors);
  const now = pbDate(new Date());
  const record: DeletionRequestRecord = {
    id: newId(),
    collectionId: 'pbc_solicitacoes_exclusao',
    collectionName: 'solicitacoes_exclusao',
    usuario: viewer.id,
    status: hasBookingInProgress(viewer.id) ? 'AGUARDANDO_ATENDIMENTO' : 'PENDENTE',
    motivo,
    created: now,
    updated: now,
  };
  db.solicitacoes_exclusao.push(record);
  saveDb();
  return HttpResponse.json(record);
}

const accountRoutes = [
  /** Everything the server holds about the signed-in customer, as one JSON document (LGPD art. 18, II and V). */
  http.get('*/api/conta/exportar', async ({ request }) => {
    await latency();
    if (overRateLimit('/api/conta/', request)) return pbError(429, MSG.tooMany);
    const user = currentUser(request);
    if (!user) return pbError(401, 'The request requires valid record authorization token.');
    const db = getDb();
    const own = <T extends { usuario: string }>(rows: readonly T[]): T[] =>
      rows.filter((r) => r.usuario === user.id);
    const pagamentos = own(db.pagamentos);
    const cobrancas = own(db.cobrancas);
    return HttpResponse.json({
      gerado_em: new Date().toISOString(),
      conta: presentUser(user, user),
      pagamentos,
      cobrancas,
      agendamentos: own(db.agendamentos),
      // The demo records no history of status changes.
      historico: [],
      // The case file: the applicants' data and the list of documents (names and states, not the files).
      requerentes: db.requerentes.filter((r) => own(db.agendamentos).some((b) => b.id === r.agendamento)),
      documentos: db.documentos.filter((d) => own(db.agendamentos).some((b) => b.id === d.agendamento)),
      solicitacoes_exclusao: own(db.solicitacoes_exclusao),
    });
  }),
];

// ---------------------------------------------------------------- auth flows

type TokenKind = 'verification' | 'reset';

function issueActionToken(user: StoredUser, kind: TokenKind): void {
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
function takeActionToken(token: string, kind: TokenKind): StoredUser | null {
  const db = getDb();
  const entry = db.tokens.find((t) => t.token === token && t.kind === kind && t.expires > Date.now());
  const user = entry && db.usuarios.find((u) => u.id === entry.userId);
  if (!entry || !user || user.email !== entry.email) return null;
  db.tokens = db.tokens.filter((t) => !(t.userId === user.id && t.kind === kind));
  return user;
}

async function requestEmail(request: Request, kind: TokenKind): Promise<Response> {
  if (
    overRateLimit(
      kind === 'reset' ? 'usuarios:requestPasswordReset' : 'usuarios:requestVerification',
      request,
    )
  )
    return pbError(429, MSG.tooMany);
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
    if (overRateLimit('usuarios:authWithPassword', request)) return pbError(429, MSG.tooMany);
    if (loginLocked(identity)) return pbError(429, FIELD_MESSAGES.contaBloqueada);
    const user = findUserByEmail(identity);
    // PocketBase authenticates unverified users too; the app checks `verified`.
    if (!user || user.password !== password) {
      recordLoginFailure(identity);
      return pbError(400, MSG.auth);
    }
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
    const claims = verifyToken(token);
    if (!claims || claims.type !== 'verification' || typeof claims.email !== 'string')
      return pbError(400, MSG.validation, {
        token: token.split('.').length === 3 ? INVALID_TOKEN : INVALID_CLAIMS,
      });
    // PocketBase answers 204 to a link followed twice: the account is verified already.
    const already = getDb().usuarios.find(
      (u) => u.id === claims.id && u.verified && u.email === claims.email,
    );
    if (already) return noContent();
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
  // The proxy's own books: superusers only, whatever the call.
  http.all('*/api/collections/:collection/records*', ({ params }) =>
    SERVER_ONLY.includes(param(params, 'collection')) ? pbError(403, MSG.superuser) : undefined,
  ),

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

// ---------------------------------------------------------------- Asaas proxy (pocketbase/pb_hooks/lib/proxy.js)

/**
 * The server's proxy, as pocketbase/pb_hooks implements it: signed-in verified customers only; the server
 * prices the order, reuses one Asaas customer per user, refuses a second live charge and a repeated attempt,
 * rate-limits card attempts, and writes the payment and NOVO booking of a paid charge itself. Behind it, the
 * demo's Asaas: the same test cards as scripts/asaas-stand-in.mjs.
 */
type AsaasIssue = { code: string; description: string };

const PROXY_MSG = {
  unauthorized: 'The request requires valid record authorization token.',
  notVerified: 'Confirme o seu e-mail antes de pagar.',
  invalidService: 'Serviço inválido.',
  invalidInstallments: 'Escolha de 1 a 6 parcelas.',
  priceMismatch:
    'O valor enviado não corresponde ao preço do serviço. Recarregue a página e tente novamente.',
  invalidFlex: 'Informe se o Flex foi escolhido.',
  notYourCustomer: 'Este cadastro de pagamento não é seu.',
  orderExists: 'Você já tem um pedido em andamento. Acompanhe-o na página de andamento.',
  chargeUnderWay:
    'Já existe um pagamento seu em processamento. Aguarde a confirmação antes de tentar de novo.',
  attemptRepeated: 'Esta tentativa de pagamento já foi enviada.',
  rateLimited: 'Muitas tentativas de pagamento em pouco tempo. Aguarde alguns minutos e tente novamente.',
  declined: 'Pagamento recusado pela operadora do cartão.',
  unknown:
    'Não conseguimos confirmar o pagamento com a operadora. Não pague de novo: verificamos e avisamos você.',
  notMade: 'A operadora não registrou esta cobrança: nada foi cobrado. Você pode pagar de novo.',
  invalidCard: 'Dados do cartão incompletos.',
  notFound: 'Pagamento não encontrado.',
  invalidAttempt: 'Identificador de tentativa inválido.',
} as const;

/** Card numbers with a fixed outcome, as in scripts/asaas-stand-in.mjs; any other valid card is approved. */
export const DEMO_TEST_CARDS = {
  declined: DECLINED_CARD_NUMBERS,
  riskAnalysis: '4000000000000010',
  pending: '4000000000000028',
  insufficientFunds: '4000000000000036',
  noAnswer: '4000000000000044',
  serverError: '4000000000000051',
  wrongCvv: '4000000000000069',
} as const;

const DECLINED: AsaasIssue = {
  code: 'invalid_creditCard',
  description: 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
};
const CARD_LIMIT = { attempts: 5, windowMs: 10 * 60_000 };
const PAID = ['CONFIRMED', 'RECEIVED'];
const ENDED = [
  'RECUSADA',
  'REPROVED_BY_RISK_ANALYSIS',
  'CAPTURE_REFUSED',
  'DELETED',
  'OVERDUE',
  'NAO_CRIADA',
];

const digits = (value: unknown): string => toText(value).replace(/\D/g, '');
const cents = (reais: number): number => Math.round(reais * 100);
/** Today in America/Sao_Paulo (UTC-3). */
const todaySaoPaulo = (): string => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

function fieldError(field: string, message: string, code = 'validation_invalid_value'): Response {
  return pbError(400, message, { [field]: { code, message } });
}

/** The signed-in verified customer, or the server's refusal. */
function payer(request: Request): StoredUser | Response {
  const user = currentUser(request);
  if (!user) return pbError(401, PROXY_MSG.unauthorized);
  if (!user.verified) return pbError(403, PROXY_MSG.notVerified);
  return user;
}

interface PricedOrder {
  tipo: ServiceId;
  flex: boolean;
  total: number;
  count: number;
}

/** The server's price check (pb_hooks/lib/regras.js validarPedido). */
function priceOrder(body: Json, method: 'cartao_credito' | 'pix'): PricedOrder | Response {
  const tipo = body.tipo_servico;
  if (tipo !== 'individual' && tipo !== 'familiar')
    return fieldError('tipo_servico', PROXY_MSG.invalidService);
  if (typeof body.flex !== 'boolean') return fieldError('flex', PROXY_MSG.invalidFlex);
  const total = PRICES[tipo] + (body.flex ? FLEX_FEE : 0);
  if (method === 'pix') {
    if (typeof body.value !== 'number' || cents(body.value) !== cents(total))
      return fieldError('value', PROXY_MSG.priceMismatch);
    return { tipo, flex: body.flex, total, count: 1 };
  }
  const count = body.installmentCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS)
    return fieldError('installmentCount', PROXY_MSG.invalidInstallments);
  if (typeof body.totalValue !== 'number' || cents(body.totalValue) !== cents(total))
    return fieldError('totalValue', PROXY_MSG.priceMismatch);
  if (typeof body.value !== 'number' || cents(body.value) !== cents(installmentPlan(total, count).value))
    return fieldError('value', PROXY_MSG.priceMismatch);
  return { tipo, flex: body.flex, total, count };
}

const customerOf = (userId: string): string =>
  getDb().asaasClientes.find((c) => c.usuario === userId)?.asaas_id ?? '';
const liveChargeOf = (userId: string): ChargeRecord | undefined =>
  getDb().cobrancas.find((c) => c.usuario === userId && c.ativa);

function chargeAnswer(charge: ChargeRecord): Json {
  return {
    id: charge.asaas_id,
    status: charge.status,
    externalReference: charge.tentativa,
    billingType: charge.metodo === 'pix' ? 'PIX' : 'CREDIT_CARD',
    value: installmentPlan(charge.valor, charge.parcelas).value,
    totalValue: charge.valor,
    installmentCount: charge.parcelas,
    tipo_servico: charge.tipo_servico,
    flex: charge.flex,
  };
}

/** Writes the payment row and the NOVO booking of a paid charge, once (pb_hooks/lib/pedidos.js). */
function writeOrder(charge: ChargeRecord): void {
  const db = getDb();
  if (db.pagamentos.some((p) => p.asaas_id_pagamento === charge.asaas_id)) return;
  const now = pbDate(new Date());
  const payment: PaymentRecord = {
    id: newId(),
    collectionId: 'pbc_2707415296',
    collectionName: 'pagamentos',
    usuario: charge.usuario,
    tipo_servico: charge.tipo_servico,
    preco_servico: charge.valor,
    flex: charge.flex,
    metodo_pagamento: charge.metodo,
    numero_parcelas: charge.parcelas,
    asaas_id_pagamento: charge.asaas_id,
    status_asaas: charge.status,
    created: now,
    updated: now,
  };
  db.pagamentos.push(payment);
  const bookingId = newId();
  db.historico_agendamentos.push(
    historyEntry({ id: bookingId }, [{ campo: 'status_agendamento', de: '', para: 'NOVO' }], null, now),
  );
  db.agendamentos.push({
    id: bookingId,
    collectionId: 'pbc_1453265092',
    collectionName: 'agendamentos',
    usuario: charge.usuario,
    pagamento: payment.id,
    data_agendamento: '',
    hora_agendamento: '',
    status_agendamento: 'NOVO',
    local_agendamento: '',
    formulario: '',
    nota_cliente: '',
    created: now,
    updated: now,
  });
  const user = db.usuarios.find((u) => u.id === charge.usuario);
  if (user) notifyMail({ kind: 'receipt', email: user.email, token: '', path: '/tracking' });
}

/** Moves a charge to an Asaas status; a paid charge never goes back (pb_hooks/lib/pedidos.js aplicarStatus). */
export function applyChargeStatus(charge: ChargeRecord, status: string, reason?: string): void {
  if (
    PAID.includes(charge.status) &&
    !PAID.includes(status) &&
    !status.startsWith('REFUND') &&
    !status.startsWith('CHARGEBACK')
  )
    return;
  charge.status = status;
  if (reason !== undefined) charge.motivo = reason;
  charge.ativa = !ENDED.includes(status);
  charge.updated = pbDate(new Date());
  if (PAID.includes(status)) writeOrder(charge);
  saveDb();
}

/** The demo pays a Pix a few seconds after it was made, as if the customer's bank had sent it. */
const DEMO_PIX_PAID_AFTER_MS = import.meta.env.MODE === 'test' ? 0 : 6000;
function settleDemoPix(): void {
  const now = Date.now();
  for (const charge of getDb().cobrancas) {
    if (charge.metodo !== 'pix' || charge.status !== 'PENDING') continue;
    const made = parsePbDate(charge.created)?.getTime() ?? now;
    if (DEMO_PIX_PAID_AFTER_MS > 0 && now - made >= DEMO_PIX_PAID_AFTER_MS) {
      const asaas = getDb().asaasCharges.find((c) => c.id === charge.asaas_id);
      if (asaas) asaas.status = 'RECEIVED';
      applyChargeStatus(charge, 'RECEIVED');
    }
  }
}

/** After this long without Asaas knowing an unknown charge, it was never made (pb_hooks/lib/pedidos.js conciliar). */
const UNKNOWN_CHARGE_ENDS_AFTER_MS = 600_000;
/** An unknown charge (INDETERMINADA) takes the status of the Asaas charge of its attempt, when there is one. */
function settleUnknownCharge(charge: ChargeRecord): void {
  if (charge.status !== 'INDETERMINADA') return;
  const asaas = getDb().asaasCharges.find((c) => c.externalReference === charge.tentativa);
  if (asaas) {
    charge.asaas_id = asaas.id;
    applyChargeStatus(charge, asaas.status);
  } else if (
    Date.now() - (parsePbDate(charge.updated)?.getTime() ?? Date.now()) >
    UNKNOWN_CHARGE_ENDS_AFTER_MS
  )
    applyChargeStatus(charge, 'NAO_CRIADA');
}

function attemptOf(body: Json): string | Response {
  const value = body.externalReference;
  if (value === undefined || value === null || value === '') return `tentativa-${newId(20)}`;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(value))
    return fieldError('externalReference', PROXY_MSG.invalidAttempt);
  return value;
}

/** The same answer again for an attempt already sent; null when the attempt is new. */
function repeatedAttempt(user: StoredUser, attempt: string): Response | null {
  const earlier = getDb().cobrancas.find((c) => c.tentativa === attempt);
  if (!earlier) return null;
  if (earlier.usuario !== user.id) return pbError(409, PROXY_MSG.attemptRepeated);
  settleUnknownCharge(earlier);
  if (earlier.status === 'ENVIANDO' || earlier.status === 'INDETERMINADA')
    return pbError(502, PROXY_MSG.unknown, {
      cobranca: { code: 'indeterminada', message: PROXY_MSG.unknown },
    });
  if (earlier.status === 'RECUSADA')
    return pbError(400, PROXY_MSG.declined, {
      asaas: { code: 'recusada', message: earlier.motivo || PROXY_MSG.declined },
    });
  if (earlier.status === 'NAO_CRIADA')
    return pbError(400, PROXY_MSG.notMade, { asaas: { code: 'nao_criada', message: PROXY_MSG.notMade } });
  return HttpResponse.json(chargeAnswer(earlier));
}

function openCharge(
  user: StoredUser,
  attempt: string,
  order: PricedOrder,
  method: ChargeRecord['metodo'],
): ChargeRecord | Response {
  const live = liveChargeOf(user.id);
  if (live) {
    return PAID.includes(live.status)
      ? pbError(409, PROXY_MSG.orderExists)
      : pbError(409, PROXY_MSG.chargeUnderWay, {
          cobranca: { code: 'cobranca_em_curso', message: live.status },
        });
  }
  const now = pbDate(new Date());
  const charge: ChargeRecord = {
    id: newId(),
    collectionId: 'pbc_cobrancas',
    collectionName: 'cobrancas',
    usuario: user.id,
    tentativa: attempt,
    asaas_id: '',
    metodo: method,
    tipo_servico: order.tipo,
    flex: order.flex,
    valor: order.total,
    parcelas: order.count,
    status: 'ENVIANDO',
    ativa: true,
    motivo: '',
    created: now,
    updated: now,
  };
  getDb().cobrancas.push(charge);
  return charge;
}

/** What the demo's Asaas does with a card: the stand-in's test cards, anything else approved. */
function asaasCardOutcome(number: string): { status: string } | { issue: AsaasIssue } | { unknown: true } {
  if ((DEMO_TEST_CARDS.declined as readonly string[]).includes(number)) return { issue: DECLINED };
  if (number === DEMO_TEST_CARDS.insufficientFunds)
    return {
      issue: { code: 'invalid_creditCard', description: 'Transação não autorizada. Saldo insuficiente.' },
    };
  if (number === DEMO_TEST_CARDS.wrongCvv)
    return {
      issue: {
        code: 'invalid_creditCard',
        description: 'Transação não autorizada. Código de segurança inválido.',
      },
    };
  if (number === DEMO_TEST_CARDS.noAnswer || number === DEMO_TEST_CARDS.serverError) return { unknown: true };
  if (number === DEMO_TEST_CARDS.riskAnalysis) return { status: 'AWAITING_RISK_ANALYSIS' };
  if (number === DEMO_TEST_CARDS.pending) return { status: 'PENDING' };
  return { status: 'CONFIRMED' };
}

function recordAsaasCharge(
  charge: ChargeRecord,
  customer: string,
  status: string,
  last4: string | null,
): void {
  const plan = installmentPlan(charge.valor, charge.parcelas);
  charge.asaas_id = `pay_${newId(12)}`;
  getDb().asaasCharges.push({
    id: charge.asaas_id,
    installment: charge.parcelas > 1 ? `ins_${newId(12)}` : null,
    customer,
    billingType: charge.metodo === 'pix' ? 'PIX' : 'CREDIT_CARD',
    status,
    externalReference: charge.tentativa,
    value: plan.value,
    totalValue: charge.valor,
    netValue: Math.round(plan.value * 97.01 - 49) / 100,
    installmentCount: charge.parcelas,
    dueDate: todaySaoPaulo(),
    description: `Agendamento ${charge.tipo_servico}${charge.flex ? ' + Flex' : ''}`,
    creditCardLast4: last4,
    remoteIp: last4 ? '127.0.0.1' : null,
    dateCreated: todaySaoPaulo(),
  });
}

function validCard(body: Json): string | null {
  const card = isObject(body.creditCard) ? body.creditCard : {};
  const number = digits(card.number);
  const ok =
    toText(card.holderName).trim() !== '' &&
    number.length >= 13 &&
    number.length <= 19 &&
    digits(card.expiryMonth).length === 2 &&
    digits(card.expiryYear).length === 4 &&
    /^\d{3,4}$/.test(digits(card.ccv));
  return ok ? number : null;
}

const asaasRoutes = [
  http.post('*/payments/asaas/customer', async ({ request }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const db = getDb();
    const existing = customerOf(user.id);
    if (existing) return HttpResponse.json({ id: existing });
    // Made from the account's own data, whatever the browser sends.
    const customer = {
      id: `cus_${newId(12)}`,
      name: user.nome_completo,
      cpfCnpj: digits(user.cpf),
      email: user.email,
      dateCreated: todaySaoPaulo(),
    };
    db.asaasCustomers.push(customer);
    db.asaasClientes.push({ usuario: user.id, asaas_id: customer.id });
    saveDb();
    return HttpResponse.json({ id: customer.id });
  }),

  http.post('*/payments/asaas/installment', async ({ request }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const body = await readJson(request);
    if (!body) return pbError(400, MSG.invalidJson);
    const attempt = attemptOf(body);
    if (attempt instanceof Response) return attempt;
    const repeated = repeatedAttempt(user, attempt);
    if (repeated) return repeated;
    const order = priceOrder(body, 'cartao_credito');
    if (order instanceof Response) return order;
    const customer = customerOf(user.id);
    if (!customer || body.customer !== customer) return pbError(403, PROXY_MSG.notYourCustomer);
    const number = validCard(body);
    if (!number) return fieldError('creditCard', PROXY_MSG.invalidCard);
    const db = getDb();
    db.cobrancas.filter((c) => c.usuario === user.id).forEach(settleUnknownCharge);
    if (db.pagamentos.some((p) => p.usuario === user.id)) return pbError(409, PROXY_MSG.orderExists);
    const since = Date.now() - CARD_LIMIT.windowMs;
    if (
      db.tentativasCartao.filter((t) => t.usuario === user.id && t.at >= since).length >= CARD_LIMIT.attempts
    )
      return pbError(429, PROXY_MSG.rateLimited);
    db.tentativasCartao.push({ usuario: user.id, at: Date.now() });
    const live = liveChargeOf(user.id);
    if (live?.metodo === 'pix' && live.status === 'PENDING') applyChargeStatus(live, 'DELETED');
    const charge = openCharge(user, attempt, order, 'cartao_credito');
    if (charge instanceof Response) {
      saveDb();
      return charge;
    }
    const outcome = asaasCardOutcome(number);
    if ('issue' in outcome) {
      applyChargeStatus(charge, 'RECUSADA', outcome.issue.description);
      return pbError(400, PROXY_MSG.declined, {
        asaas: { code: outcome.issue.code, message: outcome.issue.description },
      });
    }
    if ('unknown' in outcome) {
      // The charge may exist at Asaas: it stays live until the server knows. The demo's Asaas made the 5xx
      // card's charge and never made the silent card's.
      if (number === DEMO_TEST_CARDS.serverError)
        recordAsaasCharge(charge, customer, 'CONFIRMED', number.slice(-4));
      charge.asaas_id = '';
      applyChargeStatus(charge, 'INDETERMINADA');
      return pbError(502, PROXY_MSG.unknown, {
        cobranca: { code: 'indeterminada', message: PROXY_MSG.unknown },
      });
    }
    recordAsaasCharge(charge, customer, outcome.status, number.slice(-4));
    applyChargeStatus(charge, outcome.status);
    return HttpResponse.json(chargeAnswer(charge));
  }),

  http.post('*/payments/asaas/pix', async ({ request }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const body = await readJson(request);
    if (!body) return pbError(400, MSG.invalidJson);
    const order = priceOrder(body, 'pix');
    if (order instanceof Response) return order;
    const customer = customerOf(user.id);
    if (!customer || body.customer !== customer) return pbError(403, PROXY_MSG.notYourCustomer);
    getDb()
      .cobrancas.filter((c) => c.usuario === user.id)
      .forEach(settleUnknownCharge);
    if (getDb().pagamentos.some((p) => p.usuario === user.id)) return pbError(409, PROXY_MSG.orderExists);
    const live = liveChargeOf(user.id);
    if (live?.metodo === 'pix' && live.status === 'PENDING') {
      if (live.tipo_servico === order.tipo && live.flex === order.flex)
        return HttpResponse.json(chargeAnswer(live));
      applyChargeStatus(live, 'DELETED');
    }
    const attempt = attemptOf(body);
    if (attempt instanceof Response) return attempt;
    const repeated = repeatedAttempt(user, attempt);
    if (repeated) return repeated;
    const charge = openCharge(user, attempt, order, 'pix');
    if (charge instanceof Response) return charge;
    recordAsaasCharge(charge, customer, 'PENDING', null);
    applyChargeStatus(charge, 'PENDING');
    return HttpResponse.json(chargeAnswer(charge));
  }),

  http.get('*/payments/asaas/pix/:id', async ({ request, params }) => {
    await latency();
    const user = payer(request);
    if (user instanceof Response) return user;
    const id = param(params, 'id');
    const charge = getDb().cobrancas.find(
      (c) => c.asaas_id === id && c.usuario === user.id && c.metodo === 'pix',
    );
    if (!charge) return pbError(404, PROXY_MSG.notFound);
    const asaas = getDb().asaasCharges.find((c) => c.id === id);
    return HttpResponse.json({
      encodedImage: PIX_QR_PNG,
      payload: asaas ? pixPayload(asaas) : '',
      expirationDate: `${asaas?.dueDate ?? todaySaoPaulo()} 23:59:59`,
      status: charge.status,
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

/** A QR-code-like picture (made by scripts/asaas-stand-in.mjs): the demo's Pix has no real bank behind it. */
const PIX_QR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAANgAAADYCAAAAACsS3IxAAAB30lEQVR4nO3VMW4DMQwEQP//00mXwrGyS9lGcNawPIjkDpu7fX1o3f47wLsK7GoFdrUCu1r9wG6bdd//a0H5btW3nQcMDAwM7EhYWrgLaQ+yejfNAwYGBgZ2NmwaaBpgd199IDAwMDAwsMmg8D4d5Nn5YGBgYGBgzwx6VR8YGBgYGNgrYKmmsGeh0zxgYGBgYGfCprV7gLZvNw8YGBgY2NmwNlh63x4i7U/fwcDAwMDOhk1rGiT1twet34GBgYGBHQWbBpl+b8EtJM0DAwMDAzsLliCrBW2QKaCtZT4wMDAwsKNgqwfTQNODpAOlXMvvYGBgYGBHwaaAaV86QNtfHwYMDAwM7EhY3RgWtv1/n2W9J+4FAwMDAzsKtgKlAGlRC5tC4zswMDAwsKNg2wPKauem9/XBwcDAwMDA3vgDXfVtQ+776odgYA/7wFLe+iEY2MO+t8HGA54M0vbff097wMDAwMDOgqXGtlrIKvj0kMt9YGBgYGBHwlJDWjgF785NucHAwMDAzoa1A9tFCTCFp71gYGBgYGATWL1wAUpz2n4wMDAwMLAJLAVM36dAMDAwMDCwBpaqXTCdv4KNoWBgYGBgR8J2awqbQtM7MDAwMLCzYZ9WYFcrsKsV2NXqY2HfURycKF+MA8AAAAAASUVORK5CYII=';

/** Unknown routes answer like the real servers instead of falling through to the dev server's HTML. */
const fallbackRoutes = [
  // Only real API paths: in `npm run dev` the worker also sees source modules such as /src/lib/api/payments.ts.
  http.all('*/api/*', ({ request }) =>
    new URL(request.url).pathname.startsWith('/api/') ? notFound() : undefined,
  ),
  http.all('*/payments/asaas/*', () => notFound()),
];

// ---------------------------------------------------------------- money given back (pb_hooks/lib/estornos.js)

const WITHDRAWAL_DAYS = 7;
const REFUND_MSG = {
  noOrder: 'Você não tem um pedido pago para desistir.',
  late: 'O prazo de 7 dias para desistir da compra já terminou. Fale com o nosso atendimento.',
  staffOnly: 'Apenas a equipe pode estornar um pagamento.',
  reason: 'Informe o motivo do estorno.',
  value: 'Informe um valor entre R$ 0,01 e o valor pago.',
  refunded: 'Este pedido já foi estornado.',
};

/** The demo's Asaas confirms a refund at once (the real server waits for Asaas's webhook). */
function refundOrder(payment: PaymentRecord, full: boolean): void {
  const db = getDb();
  payment.status_asaas = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  const charge = db.cobrancas.find((c) => c.asaas_id === payment.asaas_id_pagamento);
  if (charge && full) Object.assign(charge, { status: 'REFUNDED', ativa: false });
  const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
  if (!booking) return;
  const now = pbDate(new Date());
  const note = full
    ? 'Estorno integral confirmado pelo Asaas: pedido encerrado.'
    : 'Estorno parcial confirmado pelo Asaas.';
  db.historico_agendamentos.push(
    historyEntry(booking, [{ campo: 'pagamento', de: '', para: note }], null, now),
  );
  if (full && booking.status_agendamento !== 'CANCELADO') {
    db.historico_agendamentos.push(
      historyEntry(
        booking,
        [{ campo: 'status_agendamento', de: booking.status_agendamento, para: 'CANCELADO' }],
        null,
        now,
      ),
    );
    booking.status_agendamento = 'CANCELADO';
    booking.updated = now;
  }
}

const refundRoutes = [
  http.post('*/payments/desistencia', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, PROXY_MSG.unauthorized);
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === user.id && p.status_asaas !== 'REFUNDED');
    if (!payment) return pbError(404, REFUND_MSG.noOrder);
    const paid = parsePbDate(payment.created)?.getTime() ?? Date.now();
    if (Date.now() - paid > WITHDRAWAL_DAYS * 24 * 3600 * 1000) return pbError(400, REFUND_MSG.late);
    const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
    const now = pbDate(new Date());
    if (booking && ['AGENDADO', 'FINALIZADO', 'CANCELADO'].includes(booking.status_agendamento)) {
      db.historico_agendamentos.push(
        historyEntry(
          booking,
          [
            {
              campo: 'desistencia',
              de: '',
              para: 'Desistência solicitada pelo cliente: encaminhada à equipe.',
            },
          ],
          null,
          now,
        ),
      );
      saveDb();
      return HttpResponse.json({ resultado: 'encaminhada' });
    }
    if (booking) {
      db.historico_agendamentos.push(
        historyEntry(
          booking,
          [
            {
              campo: 'desistencia',
              de: '',
              para: 'Desistência do cliente (art. 49 do CDC): estorno integral solicitado ao Asaas.',
            },
          ],
          null,
          now,
        ),
      );
    }
    refundOrder(payment, true);
    saveDb();
    return HttpResponse.json({ resultado: 'estornada' });
  }),

  http.post('*/payments/estorno', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, PROXY_MSG.unauthorized);
    if (!user.admin) return pbError(403, REFUND_MSG.staffOnly);
    const body = (await readJson(request)) ?? {};
    const reason = toText(body.motivo).trim().slice(0, 500);
    if (!reason) {
      return pbError(400, REFUND_MSG.reason, {
        motivo: { code: 'validation_required', message: REFUND_MSG.reason },
      });
    }
    const db = getDb();
    const booking = db.agendamentos.find((b) => b.id === toText(body.agendamento));
    const payment = booking && db.pagamentos.find((p) => p.id === booking.pagamento);
    if (!booking || !payment) return pbError(404, PROXY_MSG.notFound);
    if (payment.status_asaas === 'REFUNDED') return pbError(400, REFUND_MSG.refunded);
    const full = body.valor === undefined || body.valor === null || body.valor === '';
    const value = Number(body.valor);
    if (!full && !(value > 0 && value <= payment.preco_servico)) {
      return pbError(400, REFUND_MSG.value, {
        valor: { code: 'validation_invalid_value', message: REFUND_MSG.value },
      });
    }
    const text = `${full ? 'Estorno integral' : `Estorno parcial de ${formatReais(value)}`} solicitado ao Asaas. Motivo: ${reason}`;
    db.historico_agendamentos.push(
      historyEntry(booking, [{ campo: 'estorno', de: '', para: text }], user, pbDate(new Date())),
    );
    refundOrder(payment, full || value === payment.preco_servico);
    saveDb();
    return HttpResponse.json({ resultado: 'solicitado' });
  }),
];

function formatReais(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

export const handlers = [
  ...authRoutes,
  ...processoRoutes,
  ...recordRoutes,
  ...accountRoutes,
  ...asaasRoutes,
  ...refundRoutes,
  ...fallbackRoutes,
];
