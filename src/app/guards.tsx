import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '@/config/routes';
import { useSession } from '@/lib/use-session';

/** Protected layout: without a valid session the visitor goes to /. */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
