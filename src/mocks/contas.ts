/**
 * Accounts (pocketbase/pb_hooks/lib/contas.js): the field checks of a registration and of a customer's own
 * edit, with the browser's pt-BR messages and PocketBase's codes.
 */
import { HttpResponse } from 'msw';
import { onlyDigits } from '@/lib/cpf';
import contasComum from '../../pocketbase/pb_hooks/lib/contas_comum.js';
import { allows } from './rules';
import { schemaErrors } from './collections';
import { getDb, saveDb } from './db';
import type { StoredUser } from './schema';
import { USERS_COLLECTION_ID } from './jwt';
import { newId, pbDate } from './util';
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

/** The checks the kit's account rules are given (contas_comum.js VERIFICACOES), as lib/contas.js gives them. */
export const VERIFICACOES = contasComum.VERIFICACOES;

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

/**
 * Every save of an account in the double (a registration, the owner's edit, a followed verification or reset
 * link): its own fields as the kit stores them on every save (contas_comum.js contaGuardada, which
 * pb_hooks/lib/contas.js normalizar writes in PocketBase's hooks on `usuarios`), its time, the store.
 */
export function saveAccount(user: StoredUser, now = pbDate(new Date())): void {
  Object.assign(user, contasComum.contaGuardada(user, VERIFICACOES), { updated: now });
  saveDb();
}

export function registerUser(sent: Json, viewer: StoredUser | null): Response {
  const body = asPocketBaseReads(sent);
  // usuarios createRule (no admin or verified sent).
  if (!allows('usuarios', 'create', body, viewer, body)) return pbError(400, MSG.create);
  // A password past bcrypt's 72 bytes cannot be hashed: PocketBase's trial insert for the create rule fails
  // before any hook (apis/record_crud.go, core/field_password.go).
  if (new TextEncoder().encode(toText(body.password)).length > 72) return pbError(400, MSG.create);
  // The kit's checks (pb_hooks/lib/contas_comum.js): the name, the CPF, the phone, the e-mail, the password, no
  // field the server sets, one account per CPF.
  const cpf = onlyDigits(toText(body.cpf));
  const fieldErrors = contasComum.errosDoCadastro(body, VERIFICACOES, () =>
    getDb().usuarios.some((u) => onlyDigits(u.cpf) === cpf),
  );
  if (hasErrors(fieldErrors)) return pbError(400, MSG.validation, fieldErrors);
  // The kit checked the e-mail's shape and the password; what is left is PocketBase's unique index.
  const email = toText(body.email);
  if (findUserByEmail(email)) return pbError(400, MSG.create, { email: NOT_UNIQUE });

  const now = pbDate(new Date());
  const user: StoredUser = {
    id: newId(),
    collectionId: USERS_COLLECTION_ID,
    collectionName: 'usuarios',
    email,
    // pb_hooks/usuarios.pb.js: staff see the address (the view rule keeps it to owner and staff).
    emailVisibility: true,
    password: toText(body.password),
    nome_completo: toText(body.nome_completo),
    cpf: toText(body.cpf),
    celular: toText(body.celular),
    verified: false,
    admin: false,
    created: now,
    updated: now,
  };
  getDb().usuarios.push(user);
  saveAccount(user, now);
  return HttpResponse.json(presentUser(user, null));
}

/** usuarios updateRule, then the kit's hook (pb_hooks/lib/contas.js validarAlteracao). */
export function updateOwnAccount(id: string, viewer: StoredUser | null, sent: Json): Response {
  const body = asPocketBaseReads(sent);
  const user = getDb().usuarios.find((u) => u.id === id);
  // updateRule: only the owner, and never admin, verified, e-mail, CPF or name: a failed rule reads as 404.
  if (!user || !allows('usuarios', 'update', user, viewer, body)) return notFound();
  // The kit's hook runs before the record's validation: any field but the phone and the password is support's,
  // and a phone sent is checked (pb_hooks/lib/contas_comum.js errosDaAlteracao).
  const refused = contasComum.errosDaAlteracao(body, VERIFICACOES);
  if (hasErrors(refused)) return pbError(400, MSG.validation, refused);
  const errors: FieldErrors = {};
  // PocketBase reads the old password alone as a change of password too; the old one is checked with a new one.
  const changesPassword = 'password' in body || 'oldPassword' in body;
  if (changesPassword) {
    passwordErrors(body, errors);
    // Without a new password PocketBase asks for one, not whether the old one is right.
    const old = toText(body.oldPassword);
    if (toText(body.password) !== '' && old === '') errors.oldPassword = REQUIRED;
    else if (toText(body.password) !== '' && old !== user.password)
      errors.oldPassword = {
        code: 'validation_invalid_old_password',
        message: 'Missing or invalid old password.',
      };
  }
  if (hasErrors(errors)) return pbError(400, MSG.update, errors);
  if ('celular' in body) user.celular = toText(body.celular);
  if (changesPassword) user.password = toText(body.password);
  saveAccount(user);
  return HttpResponse.json(presentUser(user, viewer));
}

function passwordErrors(body: Json, errors: FieldErrors): void {
  const password = toText(body.password);
  const confirm = toText(body.passwordConfirm);
  // The password field's own checks, from the schema (PocketBase's words), then its confirmation's.
  Object.assign(errors, schemaErrors('usuarios', { password }, ['password']));
  const mismatch = confirmationError(password, confirm);
  if (mismatch) errors.passwordConfirm = mismatch;
}

/** PocketBase's check of a password's confirmation: required, and the same. */
export function confirmationError(password: string, confirm: string): FieldError | null {
  if (confirm === '') return REQUIRED;
  return confirm === password ? null : { code: 'validation_values_mismatch', message: "Values don't match." };
}
