import { useEffect } from 'react';
import { readSession } from './session';
import { useSession } from './use-session';

/** At most one check in this long, however often the tab regains focus. */
const MIN_INTERVAL_MS = 30_000;

/** Whether this page load began signed in: only a session brought from before needs checking at once. */
const startedSignedIn = typeof window !== 'undefined' && readSession() !== null;
let startupCheckDone = false;

/**
 * Checks the session with the server when the app starts signed in and whenever the tab regains focus.
 * A session signed in on this page is not checked right away: its token is seconds old, and a check racing
 * the next navigation could be answered by a page already being left.
 * The check (and the SDK it needs) loads only for a signed-in visitor.
 */
export function useSessionRefresh(): void {
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (!signedIn) return;
    let last = Date.now();
    const check = () => {
      if (Date.now() - last < MIN_INTERVAL_MS) return;
      last = Date.now();
      void import('./api/session-refresh').then((m) => m.refreshSession());
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    if (startedSignedIn && !startupCheckDone) {
      startupCheckDone = true;
      last = 0;
      check();
    }
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn]);
}
