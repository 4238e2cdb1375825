import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { lazy, useContext, useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/**
 * The QueryClient (TanStack Query's cache, about 6 KB gzipped) is not in the first bundle: a signed-out visitor's
 * public page never queries. It loads beside the first screen that can query (`lazyWithQueries`), and the
 * provider at the root hands it down from then on.
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ queryClient }) => {
    client = queryClient;
    listeners.forEach((listener) => listener());
    return queryClient;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React.lazy for a screen that may query: its code and the QueryClient load together. */
export function lazyWithQueries<Props>(load: () => Promise<{ default: ComponentType<Props> }>) {
  return lazy(() => Promise.all([load(), loadQueryClient()]).then(([module]) => module));
}

/**
 * Provides the QueryClient once it has loaded (undefined before: nothing has queried, so nothing is cached).
 * What QueryClientProvider does, with a client that arrives later and without remounting the tree.
 */
export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => client,
    () => undefined,
  );
  useEffect(() => {
    if (!loaded) return;
    loaded.mount();
    return () => loaded.unmount();
  }, [loaded]);
  return <QueryClientContext.Provider value={loaded}>{children}</QueryClientContext.Provider>;
}

/** The QueryClient if one is provided yet: for what only clears the cache (logout, a 401, the demo reset). */
export function useQueryClientIfLoaded(): QueryClient | undefined {
  return useContext(QueryClientContext);
}
