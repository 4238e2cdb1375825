/**
 * Accounts (pocketbase/pb_hooks/lib/contas.js): the field checks of a registration and of a customer's own
 * edit, with the browser's pt-BR messages and PocketBase's codes.
 */
import { HttpResponse } from 'msw';
import { onlyDigits } from '@/lib/cpf';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import { getDb, saveDb } from './db';
import type { StoredUser } from './schema';
import { USERS_COLLECTION_ID } from './jwt';
import { overRateLimit } from './limits';
import { newId, pbDate } from './util';
import {
  EMAIL_RE,
  type FieldErrors,
  findUserByEmail,
  hasErrors,
  type Json,
  MSG,
  notFound,
  pbError,
  presentUser,
  REQUIRED,
  toText,
} from './http';

/** PocketBase ends a field message with a full stop. */
const accountError = (code: string, message: string) => ({ code, message: `${message}.` });

function validarCampos(body: Json, fields: readonly ('nome_completo' | 'cpf' | 'celular')[]): FieldErrors {
  const errors: FieldErrors = {};
  const name = fields.includes('nome_completo') ? comum.erroNome(body.nome_completo, FIELD_MESSAGES) : '';
  if (name) errors.nome_completo = accountError('validation_invalid_nome', name);
  if (fields.includes('cpf') && !comum.cpfValido(body.cpf))
    errors.cpf = accountError('validation_invalid_cpf', FIELD_MESSAGES.cpfInvalido);
  if (fields.includes('celular') && !comum.celularValido(body.celular))
    errors.celular = accountError('validation_invalid_celular', FIELD_MESSAGES.celularInvalido);
  return errors;
}

export function registerUser(body: Json): Response {
  // usuarios createRule: `@request.body.admin:isset = false && @request.body.verified:isset = false`.
  if ('admin' in body || 'verified' in body) return pbError(400, MSG.create);
  const fieldErrors = validarCampos(body, ['nome_completo', 'cpf', 'celular']);
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
    nome_completo: comum.normalizarNome(body.nome_completo),
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

const SELF_EDITABLE = ['celular', 'password', 'passwordConfirm', 'oldPassword'];

/** usuarios updateRule: only the owner, only the phone and the password. */
export function updateOwnAccount(
  id: string,
  viewer: StoredUser | null,
  body: Json,
  request: Request,
): Response {
  if (overRateLimit('usuarios:update', request)) return pbError(429, MSG.tooMany);
  const user = getDb().usuarios.find((u) => u.id === id);
  // updateRule: only the owner, and never admin, verified, e-mail, CPF or name: a failed rule reads as 404.
  if (!user || viewer?.id !== user.id || Object.keys(body).some((k) => !SELF_EDITABLE.includes(k)))
    return notFound();
  // pb_hooks/lib/contas.js checks the phone first, as the server's hook runs before the record's validation.
  const phone = 'celular' in body ? validarCampos(body, ['celular']) : {};
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

export function passwordErrors(body: Json, errors: FieldErrors): void {
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
