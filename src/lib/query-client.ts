import { QueryClient } from '@tanstack/react-query';

/** Retries transient failures (network, 5xx) twice; a 4xx answer will not change by asking again. */
// Duck-typed (not instanceof ClientResponseError) so the SDK stays out of the first bundle.
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = error && typeof error === 'object' && 'status' in error ? Number(error.status) : 0;
  if (status >= 400 && status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
