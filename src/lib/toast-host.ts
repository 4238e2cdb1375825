import { useSyncExternalStore } from 'react';

/**
 * Whether the toast container is wanted yet. It is not on a public page: nothing there toasts, and
 * react-toastify is 10 KB gzipped. `lib/toast.ts`, which every screen that toasts imports, asks for it as it
 * loads (react-toastify keeps a toast shown before its container mounts and shows it then).
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToastHost() {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToastHostRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
