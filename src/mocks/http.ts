/**
 * How the demo backend answers: PocketBase's error shape and messages, body and field parsing, the signed-in
 * account and an account as PocketBase serializes it. Every domain file of src/mocks builds on these.
 */
import { delay, HttpResponse, type PathParams } from 'msw';
import { customerSearchKey } from '@/lib/search-key';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb } from './db';
import type { StoredUser } from './schema';
import { readToken, USERS_COLLECTION_ID } from './jwt';
import { parsePbDate, pbDate } from './util';

export type Json = Record<string, unknown>;
/** A field error as PocketBase answers it; `params`: the values its message was made with, when it gives them. */
export type FieldError = { code: string; message: string; params?: Record<string, unknown> };
export type FieldErrors = Record<string, FieldError>;

export const MSG = {
  notFound: "The requested resource wasn't found.",
  validation: 'An error occurred while validating the submitted data.',
  badRequest: 'Something went wrong while processing your request.',
  create: 'Failed to create record.',
  update: 'Failed to update record.',
  auth: 'Failed to authenticate.',
  unauthorized: 'The request requires valid record authorization token.',
  /** PocketBase's rate limiter (pb_hooks/lib/seguranca.js turns it on) */
  tooMany: 'Too Many Requests.',
  superuser: 'Only superusers can perform this action.',
  invalidJson: 'Failed to load the submitted data due to invalid formatting.',
  missingCollection: 'Missing collection context.',
  /** pb_hooks/lib/agenda.js: a save made on a copy older than the stored record (If-Match) */
  stale: regras.conflitoDeEdicao,
} as const;

export const REQUIRED: FieldError = { code: 'validation_required', message: 'Cannot be blank.' };
/** A value a unique index already holds. */
export const NOT_UNIQUE: FieldError = { code: 'validation_not_unique', message: 'Value must be unique.' };
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spinners should be visible in the browser demo; tests must not wait. */
export async function latency(): Promise<void> {
  if (import.meta.env.MODE !== 'test') await delay(150);
}

/**
 * PocketBase's sentence (tools/inflector Sentenize): trimmed, its first letter upper case, a full stop added
 * unless it ends with '.', '?' or '!'. PocketBase writes every error's message, and each field error's, this way.
 */
export function sentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const upper = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.?!]$/.test(upper) ? upper : `${upper}.`;
}

/** A field error ({ code, message }) as PocketBase answers it; anything else in `data` as it is. */
const fieldAsAnswered = (value: unknown): unknown =>
  isObject(value) && typeof value.code === 'string' && typeof value.message === 'string'
    ? { ...value, message: sentence(value.message) }
    : value;

export function pbError(status: number, message: string, data: Json = {}): Response {
  const fields = Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, fieldAsAnswered(value)]),
  );
  return HttpResponse.json({ status, message: sentence(message), data: fields }, { status });
}

export const notFound = (): Response => pbError(404, MSG.notFound);
export const noContent = (): Response => new HttpResponse(null, { status: 204 });

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** null when the body is not a JSON object (PocketBase then answers 400). */
export async function readJson(request: Request): Promise<Json | null> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The body of a call PocketBase reads as JSON: the object ({} when empty), or its 400 when it is not one. */
export async function jsonBody(request: Request): Promise<Json | Response> {
  return (await readJson(request)) ?? pbError(400, MSG.badRequest);
}

export function param(params: PathParams, key: string): string {
  const value = params[key];
  return typeof value === 'string' ? value : '';
}

/** PocketBase casts text fields loosely (cast.ToString). */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/** Date fields: unparseable input is stored as "" (PocketBase ignores the parse error). */
export function toPbDate(value: unknown): string {
  const d = parsePbDate(value);
  return d ? pbDate(d) : '';
}

export function fieldOf(row: object, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

export function currentUser(request: Request): StoredUser | null {
  const id = readToken(request.headers.get('Authorization'));
  return (id && getDb().usuarios.find((u) => u.id === id)) || null;
}

/**
 * A staff-only route's first step, as the kit's routes answer (`$apis.requireAuth`, then the admin flag): after
 * the double's latency, the signed-in staff member, or the 401 or the 403 (`refusal`) to answer.
 */
export async function staffOnly(
  request: Request,
  refusal: string,
): Promise<{ staff: StoredUser; denied?: undefined } | { denied: Response; staff?: undefined }> {
  await latency();
  const user = currentUser(request);
  if (!user) return { denied: pbError(401, MSG.unauthorized) };
  if (!user.admin) return { denied: pbError(403, refusal) };
  return { staff: user };
}

/** What MSW gives a route's handler, as far as the double's routes read it. */
type RouteArgs = { request: Request; params: PathParams };

/**
 * PocketBase's `$apis.requireAuth('usuarios')` in front of a route of the kit: the handler runs only for a
 * signed-in account; a call without one gets PocketBase's 401 before anything of the route's own.
 */
export function requireAuth(
  handler: (args: RouteArgs) => Response | Promise<Response>,
): (args: RouteArgs) => Promise<Response> {
  return async (args) => {
    if (currentUser(args.request)) return handler(args);
    await latency();
    return pbError(401, MSG.unauthorized);
  };
}

export function findUserByEmail(email: string): StoredUser | undefined {
  const wanted = email.trim().toLowerCase();
  return getDb().usuarios.find((u) => u.email.toLowerCase() === wanted);
}

/** The record as PocketBase serializes it: never the password; e-mail only for the owner or when public. */
export function presentUser(user: StoredUser, viewer: StoredUser | null): Json {
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

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
