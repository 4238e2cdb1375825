import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router-dom';
import { paths } from '@/config/routes';
import { loginHref, rememberNext } from '@/features/auth/return-to';
import { sessionEndedByServer, sessionEndedHere } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/use-session';

export const LOGIN_TO_CONTINUE = 'Entre na sua conta para abrir essa página.';

/** A visitor sent home (seed §5: the protected area redirects to /), told why; the page asked for is kept. */
function ToHome({ from }: { from: Location }) {
  useEffect(() => {
    rememberNext(from);
    toast.info(LOGIN_TO_CONTINUE, { toastId: 'login-to-continue' });
  }, [from]);
  return <Navigate to={paths.home} replace />;
}

/**
 * Protected layout: without a valid session the visitor goes to /, and the login that follows opens the page asked
 * for (a link from an e-mail). A session the server ended goes to / with the login modal (?mode=login) and the page.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Outlet />;
  if (sessionEndedByServer()) return <Navigate to={loginHref(location)} replace />;
  // 'Sair' here: home, with nothing kept for the next login.
  if (sessionEndedHere()) return <Navigate to={paths.home} replace />;
  return <ToHome from={location} />;
}
