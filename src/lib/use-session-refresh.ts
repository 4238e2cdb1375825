import { useEffect } from 'react';
import { useSession } from './use-session';

/** At most one check in this long, however often the tab regains focus. */
const MIN_INTERVAL_MS = 30_000;

/**
 * Checks the session with the server when the app starts signed in and whenever the tab regains focus.
 * The check (and the SDK it needs) loads only for a signed-in visitor.
 */
export function useSessionRefresh(): void {
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (!signedIn) return;
    let last = 0;
    const check = () => {
      if (Date.now() - last < MIN_INTERVAL_MS) return;
      last = Date.now();
      void import('./session-refresh').then((m) => m.refreshSession());
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    check();
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn]);
}
