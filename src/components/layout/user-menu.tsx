import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/routes';
import { paymentQueries } from '@/lib/api/payments';
import { useLogout } from '@/lib/use-logout';
import { Menu, type MenuItem } from '../ui/menu';
import { userButtonClass } from './user-button';

export default function UserMenu({ userId, name, admin }: { userId: string; name: string; admin: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: payments } = useQuery(paymentQueries.mine(userId, admin));
  const items: MenuItem[] = [];
  if (admin) items.push({ label: 'Painel de agendamentos', to: paths.dashboard });
  if (payments && payments.length > 0) items.push({ label: 'Agendamentos', to: paths.tracking });
  items.push({ label: 'Minha conta', to: paths.account });
  items.push({
    label: 'Sair',
    onSelect: () => {
      logout();
      navigate(paths.home);
    },
  });
  return <Menu label={`Olá, ${name}`} items={items} buttonClassName={userButtonClass} />;
}
