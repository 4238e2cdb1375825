import { ClientResponseError } from 'pocketbase';
import { FIELD_MESSAGES } from './field-messages';

/**
 * The pt-BR message for a 429: the server's own when it locked the account (its message is in pt-BR),
 * else "too many attempts" (PocketBase's rate limiter answers in English). Null for any other error.
 */
export function tooManyMessage(error: unknown): string | null {
  if (!(error instanceof ClientResponseError) || error.status !== 429) return null;
  const message = String(error.response?.message ?? '');
  return message === FIELD_MESSAGES.contaBloqueada ? message : FIELD_MESSAGES.muitasTentativas;
}
