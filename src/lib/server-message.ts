import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import mensagens from '../../pocketbase/pb_hooks/lib/mensagens.json';
import processoRegras from '../../pocketbase/pb_hooks/lib/processo_regras.json';

/** This project's hooks answer in Portuguese; PocketBase's own messages are English and carry no accents. */
export const PORTUGUESE = /[À-ÿ]/;

/** Every string the kit's message tables hold: its sentences without an accent ('Descreva o que aconteceu.') too. */
function strings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
  return into;
}
const KIT_MESSAGES = strings([diaComum.MSG, mensagens, processoRegras.mensagens], new Set());

/** A server message when this project's hooks wrote it (in Portuguese), else null (PocketBase's English). */
export function ownText(message: unknown): string | null {
  return typeof message === 'string' && (PORTUGUESE.test(message) || KIT_MESSAGES.has(message))
    ? message
    : null;
}

/** The refusal's own sentence of a failed SDK call when this project's hooks wrote it, else null. */
export function ownMessage(error: unknown): string | null {
  const response = (error as { response?: { message?: unknown } } | null)?.response;
  return ownText(response?.message);
}
