import PocketBase, { BaseAuthStore, type AuthRecord } from 'pocketbase';
import { env } from '@/lib/env';
import { backendReady } from './backend-ready';
import { clearSession, endSessionByServer, readSession, saveSession, storedSessionExpired } from './session';

/** An auth store that reads and writes the seed's sessionStorage keys, so the SDK and the app agree. */
class SessionAuthStore extends BaseAuthStore {
  override get token(): string {
    return readSession()?.token ?? '';
  }
  override get record(): AuthRecord {
    const s = readSession();
    return s ? ({ ...s, collectionName: 'usuarios' } as unknown as AuthRecord) : null;
  }
  override save(token: string, record?: AuthRecord): void {
    if (record) {
      saveSession(token, {
        id: String(record.id ?? ''),
        nome_completo: String(record.nome_completo ?? ''),
        email: String(record.email ?? ''),
        celular: String(record.celular ?? ''),
        cpf: String(record.cpf ?? ''),
        admin: record.admin === true,
      });
    }
    super.save(token, record);
  }
  override clear(): void {
    clearSession();
    super.clear();
  }
}

/**
 * In demo mode (the in-browser backend) and in the release's layout (VITE_API_URL=/, PocketBase serving the
 * site) the API is this page's own origin.
 */
export const apiBaseUrl =
  env.apiUrl || (typeof window !== 'undefined' ? window.location.origin : 'http://localhost:3000');

export const pb = new PocketBase(apiBaseUrl, new SessionAuthStore());
// Parallel identical requests (StrictMode, refetches) must not abort each other.
pb.autoCancellation(false);

export const ANONYMOUS = { Authorization: '' } as const;

pb.beforeSend = async (url, options) => {
  await backendReady;
  const headers: Record<string, string> = { ...options.headers };
  // Calls marked ANONYMOUS (log in, registration, the e-mail links) go without the session's token, and an
  // expired token left in storage must not stop them.
  if (headers.Authorization === '') delete headers.Authorization;
  // PocketBase answers an expired token as a guest (no 401): a call that needs the session ends it here.
  else if (storedSessionExpired()) {
    endSessionByServer();
    throw new Error('Sessão expirada');
  }
  // Seed §7 sends the token as a bearer token; PocketBase accepts it with or without the prefix.
  if (headers.Authorization && !headers.Authorization.startsWith('Bearer ')) {
    headers.Authorization = `Bearer ${headers.Authorization}`;
  }
  options.headers = headers;
  return { url, options };
};

pb.afterSend = (response, data) => {
  if (response.status === 401 && readSession()) endSessionByServer();
  return data;
};
