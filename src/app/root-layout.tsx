import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { TOAST_AUTO_CLOSE_MS } from '@/config/constants';
import { SESSION_EXPIRED_EVENT } from '@/lib/session';
import { replayEarlyClicks } from '@/lib/early-clicks';
import { useHydrated } from '@/lib/use-hydrated';
import { DemoBanner } from './demo-banner';
import { ModalHost } from './modal-host';

// Toasts only come from screens that load later; their container need not delay the first paint.
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** Any 401 ends the session: cached data goes and the login modal opens. */
function SessionExpiry() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);
  useEffect(() => {
    const onExpired = () => {
      queryClient.clear();
      // Same page with the login modal; a guarded page then sends the person to /?mode=login.
      navigate({ pathname: pathnameRef.current, search: '?mode=login' });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate, queryClient]);
  return null;
}

export function RootLayout() {
  const hydrated = useHydrated();
  useEffect(() => {
    replayEarlyClicks();
  }, []);
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
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {hydrated ? (
        <>
          <ModalHost />
          <Suspense fallback={null}>
            <ToastContainer
              position="top-right"
              autoClose={TOAST_AUTO_CLOSE_MS}
              pauseOnHover
              draggable="touch"
            />
          </Suspense>
        </>
      ) : null}
      <ScrollToTop />
      <SessionExpiry />
    </div>
  );
}
