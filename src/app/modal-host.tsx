import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { MODES, type Mode } from '@/config/routes';

// Forms (react-hook-form, zod) load only when a modal opens, keeping them off the home page's budget.
const modals: Record<Mode, React.LazyExoticComponent<() => React.JSX.Element>> = {
  login: lazy(() => import('@/features/auth/login-modal')),
  register: lazy(() => import('@/features/auth/register-modal')),
  verify_email: lazy(() => import('@/features/auth/verify-email-modal')),
  forgot_password: lazy(() => import('@/features/auth/forgot-password-modal')),
};

function isMode(value: string | null): value is Mode {
  return (MODES as readonly string[]).includes(value ?? '');
}

/** Modals are driven by ?mode= on any page (seed §2). */
export function ModalHost() {
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode');

  useEffect(() => {
    if (mode !== null && !isMode(mode)) {
      setParams(
        (p) => {
          p.delete('mode');
          return p;
        },
        { replace: true },
      );
    }
  }, [mode, setParams]);

  if (!isMode(mode)) return null;
  const Content = modals[mode];
  return (
    <Suspense
      fallback={
        // Not a Modal: it must not take focus, so the real one can return focus to the opener.
        <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-black/50">
          <span className="rounded-xl bg-white px-6 py-4 text-ink-700 shadow-xl">
            <Spinner label="Carregando..." />
          </span>
        </div>
      }
    >
      <Content />
    </Suspense>
  );
}
