import { ClientResponseError } from 'pocketbase';
import { ANONYMOUS, pb } from '@/lib/pocketbase';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { saveSession } from '@/lib/session';
import { tooManyMessage } from '@/lib/too-many';
import type { UserRecord } from '@/lib/types';

export const messages = {
  loginInvalid: 'Email ou senha inválidos',
  loginUnknown: 'Ocorreu um erro desconhecido. Por favor, tente novamente mais tarde.',
  loginUnverified: 'Ative sua conta! Clique no link que enviamos para seu email para ativar a sua conta.',
  registerTaken: 'Email já cadastrado! Tente recuperação de senha.',
  registerBad: 'Erro ao registrar! Por favor, tente novamente.',
  registerUnknown: 'Ocorreu um erro desconhecido. Por favor, tente novamente.',
} as const;

export class UnverifiedAccountError extends Error {
  constructor(readonly email: string) {
    super(messages.loginUnverified);
  }
}

interface AuthResponse {
  token: string;
  record: UserRecord;
}

/** Signs in; only a verified account gets a session (seed §4). Returns the session's record. */
export async function login(email: string, password: string): Promise<UserRecord> {
  // pb.send instead of authWithPassword: the SDK would store the session before we can check `verified`.
  const { token, record } = await pb.send<AuthResponse>('/api/collections/usuarios/auth-with-password', {
    method: 'POST',
    body: { identity: email, password },
    headers: ANONYMOUS,
  });
  if (!record.verified) throw new UnverifiedAccountError(email);
  saveSession(token, record);
  return record;
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof UnverifiedAccountError) return messages.loginUnverified;
  const tooMany = tooManyMessage(error);
  if (tooMany) return tooMany;
  if (error instanceof ClientResponseError && error.status === 400) return messages.loginInvalid;
  return messages.loginUnknown;
}

export interface RegisterInput {
  nome_completo: string;
  email: string;
  password: string;
  passwordConfirm: string;
  cpf: string;
  celular: string;
}

/**
 * Registration is anonymous (decisions.md); the verification e-mail is requested right after. The account
 * exists once create answers, so a failed e-mail request must not be reported as a failed registration:
 * the verify_email modal offers 'Reenviar e-mail'.
 */
export async function register(input: RegisterInput): Promise<void> {
  await pb.collection('usuarios').create(input, { headers: ANONYMOUS });
  await requestVerification(input.email).catch(() => undefined);
}

/**
 * Seed §8: a 400 'Failed to create record.' means the e-mail is taken. PocketBase uses that message for
 * any field error, so when it names other fields (and not the e-mail) it is the generic 400 instead. A taken
 * CPF and a 429 have messages of their own.
 */
export function registerErrorMessage(error: unknown): string {
  if (!(error instanceof ClientResponseError)) return messages.registerUnknown;
  const tooMany = tooManyMessage(error);
  if (tooMany) return tooMany;
  if (error.status !== 400) return messages.registerUnknown;
  const data = (error.response?.data as Record<string, { code?: string } | undefined> | undefined) ?? {};
  // One account per CPF: a taken CPF points to password recovery (pb_hooks/lib/contas.js).
  if (data.cpf?.code === 'validation_cpf_taken' || data.cpf?.code === 'validation_not_unique')
    return FIELD_MESSAGES.cpfCadastrado;
  const fields = Object.keys(data);
  const aboutOtherFields = fields.length > 0 && !fields.includes('email');
  if (error.response?.message === 'Failed to create record.' && !aboutOtherFields)
    return messages.registerTaken;
  return messages.registerBad;
}

export async function requestVerification(email: string): Promise<void> {
  await pb.send('/api/collections/usuarios/request-verification', {
    method: 'POST',
    body: { email },
    headers: ANONYMOUS,
  });
}

export async function confirmVerification(token: string): Promise<void> {
  await pb.send('/api/collections/usuarios/confirm-verification', {
    method: 'POST',
    body: { token },
    headers: ANONYMOUS,
  });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await pb.send('/api/collections/usuarios/request-password-reset', {
    method: 'POST',
    body: { email },
    headers: ANONYMOUS,
  });
}

export async function confirmPasswordReset(
  token: string,
  password: string,
  passwordConfirm: string,
): Promise<void> {
  await pb.send('/api/collections/usuarios/confirm-password-reset', {
    method: 'POST',
    body: { token, password, passwordConfirm },
    headers: ANONYMOUS,
  });
}
