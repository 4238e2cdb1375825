import { useCallback, useRef } from 'react';

/** Runs one submission at a time: a second click while the first is in flight is ignored. */
export function useSubmitGuard() {
  const busy = useRef(false);
  return useCallback(async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await run();
    } finally {
      busy.current = false;
    }
  }, []);
}
