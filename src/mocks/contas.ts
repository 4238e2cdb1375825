/**
 * Accounts: a registration and the owner's own edit through the kit's own usuarios.pb.js (lib/contas.js: the field
 * checks with the browser's pt-BR messages, and every save stored normalised), run by the JSVM stand-in; what is
 * left here is PocketBase's own part: the API rules, bcrypt's limit, the e-mail's unique index, the password's
 * checks.
 */
import { HttpResponse } from 'msw';
import { allows } from './rules';
import { schemaErrors } from './collections';
import { getDb } from './db';
import type { StoredUser } from './schema';
import { kitSaveRequest } from './jsvm/kit';
import { BadRequestError, type Record } from './jsvm/pocketbase';
import {
  type FieldError,
  type FieldErrors,
  findUserByEmail,
  hasErrors,
  type Json,
  MSG,
  NOT_UNIQUE,
  notFound,
  pbError,
  presentUser,
  REQUIRED,
  toText,
} from './http';

/** The account's text fields the kit checks: PocketBase hands its hooks a number sent for one as its text. */
const TEXT_FIELDS = ['nome_completo', 'cpf', 'celular'];

/** The body as PocketBase hands it to the kit's hooks: the token key, a client's never, is left out. */
function asPocketBaseReads(body: Json): Json {
  const read: Json = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'tokenKey') continue;
    read[field] = TEXT_FIELDS.includes(field) && typeof value === 'number' ? String(value) : value;
  }
  return read;
}

/** The account as the API answers it to `viewer`, from its saved row. */
const answerAccount = (viewer: StoredUser | null) => (record: Record) =>
  HttpResponse.json(presentUser(record.data as unknown as StoredUser, viewer));

export function registerUser(sent: Json, viewer: StoredUser | null, request: Request): Response {
  const body = asPocketBaseReads(sent);
  // usuarios createRule (no admin or verified sent).
  if (!allows('usuarios', 'create', body, viewer, body)) return pbError(400, MSG.create);
  // A password past bcrypt's 72 bytes cannot be hashed: PocketBase's trial insert for the create rule fails
  // before any hook (apis/record_crud.go, core/field_password.go).
  if (new TextEncoder().encode(toText(body.password)).length > 72) return pbError(400, MSG.create);
  // The kit's hooks (usuarios.pb.js: lib/contas.js validarCadastro, normalizar), then PocketBase's save. The
  // e-mail's unique index compares without case (COLLATE NOCASE): the kit asks it first with `email:lower`, a
  // modifier the double's filter lacks, so PocketBase's own refusal answers here, in the same words.
  return kitSaveRequest('usuarios', null, body, {}, request, answerAccount(null), (record) => {
    if (findUserByEmail(record.email())) throw new BadRequestError(MSG.create, { email: NOT_UNIQUE });
  });
}

/** usuarios updateRule, then the kit's hook (usuarios.pb.js: lib/contas.js validarAlteracao), then the save. */
export function updateOwnAccount(
  id: string,
  viewer: StoredUser | null,
  sent: Json,
  request: Request,
): Response {
  const body = asPocketBaseReads(sent);
  const user = getDb().usuarios.find((u) => u.id === id);
  // updateRule: only the owner, and never admin, verified, e-mail, CPF or name: a failed rule reads as 404.
  if (!user || !allows('usuarios', 'update', user, viewer, body)) return notFound();
  return kitSaveRequest('usuarios', id, body, {}, request, answerAccount(viewer), () => {
    const errors = passwordChangeErrors(body, user.password);
    if (hasErrors(errors)) throw new BadRequestError(MSG.update, errors);
  });
}

/** PocketBase's checks of a change of password: it reads the old password alone as one too. */
function passwordChangeErrors(body: Json, stored: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!('password' in body || 'oldPassword' in body)) return errors;
  const password = toText(body.password);
  // The password field's own checks, from the schema (PocketBase's words), then its confirmation's.
  Object.assign(errors, schemaErrors('usuarios', { password }, ['password']));
  const mismatch = confirmationError(password, toText(body.passwordConfirm));
  if (mismatch) errors.passwordConfirm = mismatch;
  // Without a new password PocketBase asks for one, not whether the old one is right.
  const old = toText(body.oldPassword);
  if (password !== '' && old === '') errors.oldPassword = REQUIRED;
  else if (password !== '' && old !== stored)
    errors.oldPassword = {
      code: 'validation_invalid_old_password',
      message: 'Missing or invalid old password.',
    };
  return errors;
}

/** PocketBase's check of a password's confirmation: required, and the same. */
export function confirmationError(password: string, confirm: string): FieldError | null {
  if (confirm === '') return REQUIRED;
  return confirm === password ? null : { code: 'validation_values_mismatch', message: "Values don't match." };
}
