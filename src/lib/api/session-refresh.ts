import { ClientResponseError } from 'pocketbase';
import { pb } from '../pocketbase';
import { endSessionByServer, readSession, saveSession } from '../session';
import type { UserRecord } from '../types';

/**
 * Asks the server whether the stored session still stands (PocketBase serves a revoked token as a guest, so
 * without this a revoked session would only show as empty pages). A refused token ends the session with
 * the login modal; a fresh record updates what is stored (a removed admin flag takes effect at once).
 * Network failures leave the session alone: being offline is not being signed out.
 */
export async function refreshSession(): Promise<void> {
  const before = readSession();
  if (!before) return;
  try {
    const { token, record } = await pb.send<{ token: string; record: UserRecord }>(
      '/api/collections/usuarios/auth-refresh',
      { method: 'POST' },
    );
    // Another person may have signed in meanwhile in this tab: never overwrite their session.
    if (readSession()?.id !== before.id) return;
    if (!record.verified) endSessionByServer();
    else saveSession(token, record);
  } catch (error) {
    if (
      error instanceof ClientResponseError &&
      [401, 403, 404].includes(error.status) &&
      readSession()?.id === before.id
    )
      endSessionByServer();
  }
}
