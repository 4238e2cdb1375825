import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClientIfLoaded } from '@/lib/lazy-query-client';

/**
 * Demo mode only: says so on every page and resets the demo data. The banner itself is light and part of
 * the first paint (no layout shift); the e-mail toasts and the reset load after it.
 */
export function DemoBanner() {
  const queryClient = useQueryClientIfLoaded();
  const navigate = useNavigate();
  const [resetting, setResetting] = useState(false);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./demo-tools').then(({ listenForDemoMail }) => {
      if (!cancelled) stop = listenForDemoMail();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  async function reset() {
    setResetting(true);
    const { resetDemo } = await import('./demo-tools');
    resetDemo(queryClient);
    setResetting(false);
    navigate('/');
  }

  return (
    <section aria-label="Modo demonstração" className="bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 px-4 text-sm">
        <p className="py-1.5">
          <strong>Modo demonstração</strong>: nenhum pagamento é real e os dados ficam só nesta aba.
        </p>
        <button
          type="button"
          onClick={reset}
          disabled={resetting}
          className="min-h-11 rounded px-2 font-semibold underline underline-offset-2 hover:bg-amber-200"
        >
          Restaurar dados de demonstração
        </button>
      </div>
    </section>
  );
}
