import { useEffect } from 'react';

/**
 * While `active`, the browser asks before a reload, a closed tab or a typed address throws away what the page
 * holds (work typed and not saved, a charge under way). One listener, added and removed with `active`.
 */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
