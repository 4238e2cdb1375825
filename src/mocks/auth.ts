/** PocketBase's auth routes for usuarios: log in, refresh, and the e-mailed verification and reset links. */
import { http, HttpResponse } from 'msw';
import { getDb, saveDb } from './db';
import { confirmationError } from './contas';
import type { StoredUser } from './schema';
import { rateLimited } from './limits';
import { kitAccountMail, kitAuthWithPassword } from './jsvm/auth-events';
import { answerError } from './jsvm/events';
import { app, BadRequestError } from './jsvm/pocketbase';
import { makeToken, signToken, USERS_COLLECTION_ID, verifyToken } from './jwt';
import { notifyMail } from './mailbox';
import { newId } from './util';
import { PASSWORD_MIN, schemaErrors, TOKEN_S } from './collections';
import {
  currentUser,
  EMAIL_RE,
  type FieldError,
  type FieldErrors,
  findUserByEmail,
  hasErrors,
  type Json,
  latency,
  MSG,
  noContent,
  pbError,
  presentUser,
  readJson,
  REQUIRED,
  toText,
} from './http';

const INVALID_TOKEN: FieldError = { code: 'validation_invalid_token', message: 'Invalid or expired token.' };
/** What PocketBase says of a string that is not one of its tokens at all. */
const INVALID_CLAIMS: FieldError = {
  code: 'validation_invalid_token_claims',
  message: 'Missing email token claim.',
};

/** Each e-mailed link: its token's type and life, its routes' name. */
const LINKS = {
  verification: { type: 'verification', ttl: TOKEN_S.verification, name: 'verification' },
  reset: { type: 'passwordReset', ttl: TOKEN_S.reset, name: 'password-reset' },
} as const;
type TokenKind = keyof typeof LINKS;

/** Issues and e-mails a link, unless the kit's mailer hook holds the e-mail back (seguranca.js limitarEnvio). */
function issueActionToken(user: StoredUser, kind: TokenKind): void {
  kitAccountMail(kind, user as unknown as Json, () => sendActionToken(user, kind));
}

function sendActionToken(user: StoredUser, kind: TokenKind): void {
  const link = LINKS[kind];
  const token = signToken({
    id: user.id,
    type: link.type,
    collectionId: USERS_COLLECTION_ID,
    email: user.email,
    nonce: newId(8),
    exp: Math.floor(Date.now() / 1000) + link.ttl,
  });
  const db = getDb();
  db.tokens = db.tokens.filter((t) => t.expires > Date.now());
  db.tokens.push({ token, kind, userId: user.id, email: user.email, expires: Date.now() + link.ttl * 1000 });
  saveDb();
  notifyMail({
    kind,
    email: user.email,
    token,
    path: `/confirm_${link.name.replace('-', '_')}?token=${encodeURIComponent(token)}`,
  });
}

/** A link's token still pending: issued for `kind`, neither used nor expired. */
const pendingToken = (token: string, kind: TokenKind) =>
  getDb().tokens.find((t) => t.token === token && t.kind === kind && t.expires > Date.now());

/** Consumes a valid token of `kind`; null when it is unknown, used, expired or the e-mail changed since. */
function takeActionToken(token: string, kind: TokenKind): StoredUser | null {
  const db = getDb();
  const entry = pendingToken(token, kind);
  const user = entry && db.usuarios.find((u) => u.id === entry.userId);
  if (!entry || !user || user.email !== entry.email) return null;
  db.tokens = db.tokens.filter((t) => !(t.userId === user.id && t.kind === kind));
  return user;
}

/**
 * An account's address proved its owner's by a link followed: verified (and given its new password, for a reset),
 * saved through the kit's model hooks (usuarios.pb.js: lib/contas.js normalizar).
 */
function verify(user: StoredUser, password?: string): Response {
  const record = app.findRecordById('usuarios', user.id);
  record.set('verified', true);
  if (password !== undefined) record.set('password', password);
  app.save(record);
  return noContent();
}

/** A POST route of usuarios reading a JSON body: after the double's latency, PocketBase's 400 for one it cannot read. */
const post = (action: string, handler: (body: Json, request: Request) => Response) =>
  http.post(`*/api/collections/usuarios/${action}`, async ({ request }) => {
    await latency();
    const body = await readJson(request);
    return body ? handler(body, request) : pbError(400, MSG.invalidJson);
  });

/** Asks for a link by e-mail: always 204, so the answer never tells whether an address is registered. */
const requestEmail = (kind: TokenKind) =>
  post(`request-${LINKS[kind].name}`, (body) => {
    const email = toText(body.email).trim();
    if (email === '') return pbError(400, MSG.validation, { email: REQUIRED });
    if (!EMAIL_RE.test(email))
      return pbError(400, MSG.validation, {
        email: { code: 'validation_is_email', message: 'Must be a valid email address.' },
      });
    const user = findUserByEmail(email);
    if (user && (kind === 'reset' || !user.verified)) issueActionToken(user, kind);
    return noContent();
  });

export const authRoutes = [
  // PocketBase's rate limiter with the kit's rules (limits.ts), in front of every route of the double, as its
  // middleware runs before any handler and before the body is read: first of the auth routes, which handlers.ts
  // lists first.
  http.all('*', ({ request }) => (rateLimited(request) ? pbError(429, MSG.tooMany) : undefined)),

  post('auth-with-password', (body, request) => {
    const identity = toText(body.identity).trim();
    const password = toText(body.password);
    const errors: FieldErrors = {};
    if (identity === '') errors.identity = REQUIRED;
    if (password === '') errors.password = REQUIRED;
    if (hasErrors(errors)) return pbError(400, MSG.validation, errors);
    const user = findUserByEmail(identity);
    // The kit's lockout around PocketBase's password check (seguranca.js autenticar): a locked account answers
    // 429, a failure is counted, and the one that locks it e-mails a verified owner.
    // PocketBase authenticates unverified users too; the app checks `verified`.
    try {
      kitAuthWithPassword(request, body, (user as unknown as Json) ?? null, () => {
        if (!user || user.password !== password) throw new BadRequestError(MSG.auth);
      });
    } catch (err) {
      return answerError(err);
    }
    if (!user) return pbError(400, MSG.auth);
    return HttpResponse.json({ token: makeToken(user.id), record: presentUser(user, user) });
  }),

  http.post('*/api/collections/usuarios/auth-refresh', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    return HttpResponse.json({ token: makeToken(user.id), record: presentUser(user, user) });
  }),

  requestEmail('verification'),
  requestEmail('reset'),

  post('confirm-verification', (body) => {
    const token = toText(body.token);
    if (token === '') return pbError(400, MSG.validation, { token: REQUIRED });
    const claims = verifyToken(token);
    const invalid = token.split('.').length === 3 ? INVALID_TOKEN : INVALID_CLAIMS;
    if (!claims || claims.type !== 'verification' || typeof claims.email !== 'string')
      return pbError(400, MSG.validation, { token: invalid });
    // PocketBase answers 204 to a link followed twice: the account is verified already.
    if (getDb().usuarios.some((u) => u.id === claims.id && u.verified && u.email === claims.email))
      return noContent();
    const user = takeActionToken(token, 'verification');
    return user ? verify(user) : pbError(400, MSG.validation, { token: INVALID_TOKEN });
  }),

  post('confirm-password-reset', (body) => {
    const token = toText(body.token);
    const password = toText(body.password);
    const confirm = toText(body.passwordConfirm);
    // The form's checks (apis/record_auth_password_reset_confirm.go): the token, a password of the field's minimum
    // to 255 characters, and its confirmation.
    const errors: FieldErrors = {};
    if (token === '') errors.token = REQUIRED;
    else if (!pendingToken(token, 'reset')) errors.token = INVALID_TOKEN;
    const [min, length] = [PASSWORD_MIN, Array.from(password).length];
    if (password === '') errors.password = REQUIRED;
    else if (length < min || length > 255)
      errors.password = {
        code: 'validation_length_out_of_range',
        message: `The length must be between ${min} and 255.`,
        params: { max: 255, min },
      };
    const mismatch = confirmationError(password, confirm);
    if (mismatch) errors.passwordConfirm = mismatch;
    if (hasErrors(errors)) return pbError(400, MSG.validation, errors);
    // Then the record's own check of its password field, as it is saved.
    const refused = schemaErrors('usuarios', { password }, ['password']);
    if (hasErrors(refused)) return pbError(400, 'Failed to set new password.', refused);
    const user = takeActionToken(token, 'reset');
    if (!user) return pbError(400, MSG.validation, { token: INVALID_TOKEN });
    // The reset link proves the user owns the address, so PocketBase also marks it verified.
    return verify(user, password);
  }),
];
