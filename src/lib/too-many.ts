import { ClientResponseError } from 'pocketbase';
import { FIELD_MESSAGES } from './field-messages';

/** What PocketBase's own rate limiter answers (in English); the kit's 429s say what happened in pt-BR. */
const POCKETBASE_TOO_MANY = 'Too Many Requests.';

/**
 * The pt-BR message for a 429: the kit's own (an account locked, too many card attempts or uploads), else
 * "too many attempts" (PocketBase's rate limiter answers in English). Null for any other error.
 */
export function tooManyMessage(error: unknown): string | null {
  if (!(error instanceof ClientResponseError) || error.status !== 429) return null;
  const message = String(error.response?.message ?? '').trim();
  return message && message !== POCKETBASE_TOO_MANY ? message : FIELD_MESSAGES.muitasTentativas;
}
