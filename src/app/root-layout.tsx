import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { PageLoading } from '@/components/ui/spinner';
import { TOAST_AUTO_CLOSE_MS } from '@/config/constants';
import { SESSION_EXPIRED_EVENT } from '@/lib/session';
import { replayEarlyClicks } from '@/lib/early-clicks';
import { useQueryClientIfLoaded } from '@/lib/lazy-query-client';
import { useToastHostRequested } from '@/lib/toast-host';
import { useHydrated } from '@/lib/use-hydrated';
import { useSessionRefresh } from '@/lib/use-session-refresh';
import { DemoBanner } from './demo-banner';
import { ModalHost } from './modal-host';

// Toasts only come from screens that load later (lib/toast-host.ts): the container loads with the first of them.
// The unstyled build with the library's CSS as a file: the styled one injects a <style> element, which the
// site's Content-Security-Policy (style-src 'self', scripts/build/csp.mjs) refuses.
const ToastContainer = lazy(() =>
  Promise.all([import('react-toastify/unstyled'), import('react-toastify/ReactToastify.css')]).then(
    ([m]) => ({
      default: m.ToastContainer,
    }),
  ),
);

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * The server is asked whether the session stands (on start and when the tab regains focus); a refused
 * token or any 401 ends it: cached data goes and the login modal opens, saying why.
 */
function SessionExpiry() {
  useSessionRefresh();
  const navigate = useNavigate();
  const queryClient = useQueryClientIfLoaded();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);
  useEffect(() => {
    const onExpired = () => {
      queryClient?.clear();
      // Same page with the login modal; a guarded page then sends the person to /?mode=login, remembering it.
      navigate({ pathname: pathnameRef.current, search: '?mode=login' });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate, queryClient]);
  return null;
}

/**
 * Plays again the presses made before hydration (lib/early-clicks). Inside the screen's Suspense boundary, after
 * the screen: its effect runs once that boundary has hydrated too (a transition hydrates it after the layout),
 * so a 'Contratar' pressed early reaches a live button.
 */
function EarlyClicksReplay() {
  useEffect(() => {
    replayEarlyClicks();
  }, []);
  return null;
}

export function RootLayout() {
  const hydrated = useHydrated();
  const toasts = useToastHostRequested();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      {__DEMO__ ? <DemoBanner /> : null}
      <Header />
      <main id="conteudo" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A screen loaded on demand (routes.tsx) shows this until it arrives. */}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <EarlyClicksReplay />
        </Suspense>
      </main>
      <Footer />
      {hydrated ? <ModalHost /> : null}
      {hydrated && toasts ? (
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={TOAST_AUTO_CLOSE_MS}
            pauseOnHover
            draggable="touch"
          />
        </Suspense>
      ) : null}
      <ScrollToTop />
      <SessionExpiry />
    </div>
  );
}
