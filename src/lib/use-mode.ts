import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The ?mode= modals (src/config/routes.ts re-exports them with the paths). */
export const MODES = ['login', 'register', 'verify_email', 'forgot_password'] as const;
export type Mode = (typeof MODES)[number];

/** Opens, switches and closes the ?mode= modals, keeping the rest of the URL. */
export function useMode() {
  const [, setParams] = useSearchParams();
  const setMode = useCallback(
    (mode: Mode | null, extra?: Record<string, string>) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (mode) next.set('mode', mode);
        else next.delete('mode');
        next.delete('email');
        Object.entries(extra ?? {}).forEach(([k, v]) => next.set(k, v));
        return next;
      }),
    [setParams],
  );
  return setMode;
}
