import { Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { MODES, type Mode } from '@/config/routes';
import { lazyWithQueries } from '@/lib/lazy-query-client';

/** Modals whose code has arrived: they open at once. */
const loaded = new Set<Mode>();

// Forms (react-hook-form, zod) and the QueryClient load only when a modal opens, off the public pages' budget.
const modal = (mode: Mode, load: () => Promise<{ default: ComponentType }>) =>
  lazyWithQueries(async () => {
    const module = await load();
    loaded.add(mode);
    return module;
  });

const modals: Record<Mode, LazyExoticComponent<ComponentType>> = {
  login: modal('login', () => import('@/features/auth/login-modal')),
  register: modal('register', () => import('@/features/auth/register-modal')),
  verify_email: modal('verify_email', () => import('@/features/auth/verify-email-modal')),
  forgot_password: modal('forgot_password', () => import('@/features/auth/forgot-password-modal')),
};

function isMode(value: string | null): value is Mode {
  return (MODES as readonly string[]).includes(value ?? '');
}

/** Not a Modal: it must not take focus, so the real one can return focus to the opener. */
function Loading() {
  return (
    <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-black/50">
      <span className="rounded-xl bg-white px-6 py-4 text-ink-700 shadow-xl">
        <Spinner label="Carregando..." />
      </span>
    </div>
  );
}

/** Whether the browser has painted a frame since `key` last changed. */
function usePaintedSince(key: string | null): boolean {
  const [painted, setPainted] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before that paint, the timeout after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(key));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key]);
  return painted === key;
}

/** Modals are driven by ?mode= on any page (seed §2). */
export function ModalHost() {
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode');
  const painted = usePaintedSince(mode);

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
  // A tap that opens a modal is answered on the next frame by the overlay alone: the modal's code, and the
  // dozen preloads Vite adds for it, start after that frame instead of in the task before it (on a slow phone
  // they took most of the time to that frame).
  return (
    <Suspense fallback={<Loading />}>{painted || loaded.has(mode) ? <Content /> : <Loading />}</Suspense>
  );
}
