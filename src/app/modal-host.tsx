import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { MODES, type Mode } from '@/config/routes';

// Forms (react-hook-form, zod) load only when a modal opens, keeping them off the home page's budget.
const modals: Record<Mode, React.LazyExoticComponent<() => React.JSX.Element>> = {
  login: lazy(() => import('@/features/auth/login-modal')),
  register: lazy(() => import('@/features/auth/register-modal')),
  verify_email: lazy(() => import('@/features/auth/verify-email-modal')),
  forgot_password: lazy(() => import('@/features/auth/forgot-password-modal')),
};

export function preloadModal(mode: Mode) {
  const loaders: Record<Mode, () => Promise<unknown>> = {
    login: () => import('@/features/auth/login-modal'),
    register: () => import('@/features/auth/register-modal'),
    verify_email: () => import('@/features/auth/verify-email-modal'),
    forgot_password: () => import('@/features/auth/forgot-password-modal'),
  };
  void loaders[mode]();
}

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
        <Modal title="Carregando...">
          <div role="status" className="flex justify-center py-6 text-ink-700">
            <Spinner label="Carregando..." />
          </div>
        </Modal>
      }
    >
      <Content />
    </Suspense>
  );
}
