import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginHref } from '@/features/auth/return-to';
import { useSession } from '@/lib/use-session';

/**
 * Protected layout: without a valid session the visitor goes to / with the login modal open (seed §2's
 * ?mode=login), which remembers the page asked for (a link from an e-mail) and goes there after the login.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginHref(location)} replace />;
  return <Outlet />;
}
