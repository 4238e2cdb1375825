import { Navigate, Outlet } from 'react-router-dom';
import { modeHref, paths } from '@/config/routes';
import { sessionEndedByServer } from '@/lib/session';
import { useSession } from '@/lib/use-session';

/** Protected layout: without a valid session the visitor goes to /. */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={sessionEndedByServer() ? modeHref('login') : paths.home} replace />;
  return <Outlet />;
}
