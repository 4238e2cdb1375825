import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { brand } from '@/config/content';
import { paths } from '@/config/routes';
import { lazyWithQueries } from '@/lib/lazy-query-client';
import { useMode } from '@/lib/use-mode';
import { useSession } from '@/lib/use-session';
import { userButtonClass } from './user-button';

export function Logo() {
  return (
    <span className="flex items-center gap-2 font-bold text-ink-900">
      <img src="/favicon.svg" alt="" width="36" height="36" className="size-9" />
      <span className="text-lg leading-tight">{brand.name}</span>
    </span>
  );
}

// Signed-in only: the menu loads the SDK (to know about payments), which the public pages do without.
const UserMenu = lazyWithQueries(() => import('./user-menu'));

export function Header() {
  const session = useSession();
  const setMode = useMode();
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} aria-label={`${brand.name}: página inicial`} className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Conta" className="min-w-0">
          {session ? (
            <Suspense fallback={<span className={userButtonClass}>Olá, {session.nome_completo}</span>}>
              <UserMenu userId={session.id} name={session.nome_completo} admin={session.admin} />
            </Suspense>
          ) : (
            <button
              type="button"
              onClick={() => setMode('login')}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Login
            </button>
          )}
        </nav>
      </div>
    </header>
  );
}
