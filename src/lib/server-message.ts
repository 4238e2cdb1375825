/** This project's hooks answer in Portuguese; PocketBase's own messages are English and carry no accents. */
export const PORTUGUESE = /[À-ÿ]/;

/** A server message when this project's hooks wrote it (in Portuguese), else null (PocketBase's English). */
export function ownText(message: unknown): string | null {
  return typeof message === 'string' && PORTUGUESE.test(message) ? message : null;
}

/** The refusal's own sentence of a failed SDK call when this project's hooks wrote it, else null. */
export function ownMessage(error: unknown): string | null {
  const response = (error as { response?: { message?: unknown } } | null)?.response;
  return ownText(response?.message);
}
