import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';
import { AppRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
import { saveSession } from '@/lib/session';
import { makeToken } from '@/mocks/jwt';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';

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
}

/** Where the memory router is, and its navigate (`router.navigate(-1)` is the browser's Back). */
export interface TestRouter {
  location: Location;
  navigate: NavigateFunction;
}

function RouterProbe({ onChange }: { onChange: (router: TestRouter) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    onChange({ location, navigate });
  }, [onChange, location, navigate]);
  return null;
}

/** The whole app at `route`, with a fresh QueryClient (retry off) and a memory router. */
export function renderApp({ route = '/', session }: Options = {}) {
  if (session) signIn(session);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = {} as TestRouter;
  const onRouterChange = (current: TestRouter) => {
    Object.assign(router, current);
  };
  // Under fake timers (vi.useFakeTimers), the user's pauses move the fake clock.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <RouterProbe onChange={onRouterChange} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, user, router, queryClient };
}
