import { useSyncExternalStore } from 'react';

const noop = () => () => undefined;

/** False on the server and while hydrating prerendered HTML, true afterwards: for client-only parts. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
