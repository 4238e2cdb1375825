import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
import { saveSession } from '@/lib/session';
import { makeToken } from '@/mocks/jwt';
import { DEMO_ACCOUNTS } from '@/mocks/seed';

export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;

/** Signs a seeded account in, as a successful login would. */
export function signIn(account: DemoAccountName, ttlSeconds = 3600) {
  const user = DEMO_ACCOUNTS[account];
  saveSession(makeToken(user.id, ttlSeconds), user);
  return user;
}

interface Options {
  route?: string;
  session?: DemoAccountName;
  /** Defaults to the app's own route table; pass a custom one to render a single screen. */
  routes?: RouteObject[];
}

/** The whole app (or given routes) at `route`, with a fresh QueryClient (retry off) and a memory router. */
export function renderApp({ route = '/', session, routes: table = routes }: Options = {}) {
  if (session) signIn(session);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(table, { initialEntries: [route] });
  const user = userEvent.setup();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, user, router, queryClient };
}
