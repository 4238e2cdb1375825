import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router-dom';
import { PageLoading } from '@/components/ui/spinner';
import { paths } from '@/config/routes';
import { paymentQueries } from '@/lib/api/payments';
import { useSession } from '@/lib/use-session';

/** Staff screens need the admin flag too; a customer goes to /tracking (or / with no payments). */
export function RequireAdmin() {
  const session = useSession();
  const payments = useQuery({
    ...paymentQueries.mine(session?.id ?? '', session?.admin ?? false),
    enabled: Boolean(session && !session.admin),
  });
  if (!session) return <Navigate to={paths.home} replace />;
  if (session.admin) return <Outlet />;
  if (payments.isPending) return <PageLoading />;
  return <Navigate to={payments.data && payments.data.length > 0 ? paths.tracking : paths.home} replace />;
}
