/**
 * The signed-in session, kept in sessionStorage under the seed's keys (plus `admin`).
 * A session exists only when token, name, e-mail, phone and CPF are all stored and the
 * token's JWT `exp` is still ahead.
 */
export interface Session {
  id: string;
  token: string;
  nome_completo: string;
  email: string;
  celular: string;
  cpf: string;
  admin: boolean;
}

export type SessionRecord = Omit<Session, 'token'>;

const KEYS = ['id', 'token', 'nome_completo', 'email', 'celular', 'cpf', 'admin'] as const;
// The seed names token, name, e-mail, phone and CPF; without the id no request can be scoped to the user.
const REQUIRED = ['id', 'token', 'nome_completo', 'email', 'celular', 'cpf'] as const;
/** Other per-person keys that logout must not leave for the next person at the computer. */
const PERSONAL_KEYS = ['verify_email_address', 'verify_email_sent_at'];

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked (privacy mode): behave as signed out
  }
}

/** Seconds since the epoch at which the JWT expires, or null when it is not a JWT. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp: unknown = JSON.parse(json).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Expired only when the token says so: a token whose `exp` cannot be read is left to the server to judge. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 <= now;
}

let cachedRaw = '';
let cached: Session | null = null;

export function readSession(): Session | null {
  const s = storage();
  if (!s) return null;
  const values = KEYS.map((k) => s.getItem(k) ?? '');
  const raw = values.join('\u0000');
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const [id = '', token = '', nome_completo = '', email = '', celular = '', cpf = '', admin = ''] = values;
    const complete = REQUIRED.every((k) => (s.getItem(k) ?? '') !== '');
    cached = complete ? { id, token, nome_completo, email, celular, cpf, admin: admin === 'true' } : null;
  }
  if (cached && isTokenExpired(cached.token)) return null;
  return cached;
}

function emit() {
  listeners.forEach((l) => l());
}

export function saveSession(token: string, record: SessionRecord) {
  const s = storage();
  if (!s) return;
  const values: Record<(typeof KEYS)[number], string> = {
    id: record.id,
    token,
    nome_completo: record.nome_completo,
    email: record.email,
    celular: record.celular,
    cpf: record.cpf,
    admin: String(record.admin === true),
  };
  KEYS.forEach((k) => s.setItem(k, values[k]));
  endedByServer = false;
  emit();
}

let endedHere = false;

/** Removes every session key (the seed removed only name and token; decisions.md fixes that). */
export function clearSession() {
  endedHere = true;
  const s = storage();
  if (s) [...KEYS, ...PERSONAL_KEYS].forEach((k) => s.removeItem(k));
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (KEYS as readonly string[]).includes(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Fired when the API says the session is no longer valid (401). */
export const SESSION_EXPIRED_EVENT = 'session:expired';

let endedByServer = false;

/** A 401 ended the session: the guards then send the person to log in again rather than just home. */
export function endSessionByServer() {
  endedByServer = true;
  clearSession();
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

/** A session was stored but its token has expired since: requests would silently go out as a guest. */
export function storedSessionExpired(now = Date.now()): boolean {
  const token = storage()?.getItem('token') ?? '';
  return token !== '' && isTokenExpired(token, now);
}

export function sessionEndedByServer(): boolean {
  return endedByServer;
}

/** Whether a session was cleared in this page's life ('Sair', or the server): no visitor arriving from a link. */
export function sessionEndedHere(): boolean {
  return endedHere;
}
