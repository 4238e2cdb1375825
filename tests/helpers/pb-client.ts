/** The real SDK against the stand-in (msw/node), for tests of what the demo backend answers. */
import PocketBase, { BaseAuthStore, ClientResponseError } from 'pocketbase';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';

export const API = 'http://localhost:3000';

/** The real SDK, with an in-memory auth store so two clients in one test do not share localStorage. */
export function client(): PocketBase {
  const pb = new PocketBase(API, new BaseAuthStore());
  pb.autoCancellation(false);
  return pb;
}

export async function signedIn(account: keyof typeof DEMO_ACCOUNTS): Promise<PocketBase> {
  const pb = client();
  await pb.collection('usuarios').authWithPassword(DEMO_ACCOUNTS[account].email, DEMO_PASSWORD);
  return pb;
}

/** Runs `fn` and returns the ClientResponseError it must throw. */
export async function failure(fn: () => Promise<unknown>): Promise<ClientResponseError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof ClientResponseError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
