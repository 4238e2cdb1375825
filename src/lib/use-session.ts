import { useSyncExternalStore } from 'react';
import { readSession, subscribeSession, type Session } from './session';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}
