import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { brand } from '@/config/content';
import { modeHref, paths } from '@/config/routes';
import { paymentQueries } from '@/lib/api/payments';
import { useLogout } from '@/lib/use-logout';
import { useSession } from '@/lib/use-session';
import { Menu, type MenuItem } from '../ui/menu';

export function Logo() {
  return (
    <span className="flex items-center gap-2 font-bold text-ink-900">
      <img src="/favicon.svg" alt="" width="36" height="36" className="size-9" />
      <span className="text-lg leading-tight">{brand.name}</span>
    </span>
  );
}

function UserMenu({ userId, name, admin }: { userId: string; name: string; admin: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: payments } = useQuery(paymentQueries.mine(userId));
  const items: MenuItem[] = [];
  if (admin) items.push({ label: 'Painel de agendamentos', to: paths.dashboard });
  if (payments && payments.length > 0) items.push({ label: 'Agendamentos', to: paths.tracking });
  items.push({
    label: 'Sair',
    onSelect: () => {
      logout();
      navigate(paths.home);
    },
  });
  return (
    <Menu
      label={
        <span className="block max-w-[55vw] truncate sm:max-w-xs">
          Olá, {name}
        </span>
      }
      items={items}
      buttonClassName="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 py-2 font-semibold text-brand-800 hover:bg-brand-50"
    />
  );
}

export function Header() {
  const session = useSession();
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} aria-label={`${brand.name}: página inicial`} className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Conta">
          {session ? (
            <UserMenu userId={session.id} name={session.nome_completo} admin={session.admin} />
          ) : (
            <Link
              to={modeHref('login', pathname)}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Login
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
