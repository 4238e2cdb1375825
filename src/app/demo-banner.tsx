import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { clearSession } from '@/lib/session';

interface DemoMail {
  kind: 'verification' | 'reset';
  email: string;
  path: string;
}

/** Demo mode only: says so on every page, shows the "sent" e-mails, and resets the demo data. */
export function DemoBanner() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [resetting, setResetting] = useState(false);

  useEffect(() => {
    const onMail = (event: Event) => {
      const mail = (event as CustomEvent<DemoMail>).detail;
      toast.info(
        <div>
          <p>
            E-mail de demonstração para <strong className="break-all">{mail.email}</strong>.
          </p>
          <Link to={mail.path} className="font-semibold underline">
            {mail.kind === 'verification' ? 'Abrir link de confirmação' : 'Abrir link de nova senha'}
          </Link>
        </div>,
        { autoClose: false },
      );
    };
    window.addEventListener('demo:mail', onMail);
    return () => window.removeEventListener('demo:mail', onMail);
  }, []);

  async function reset() {
    setResetting(true);
    const { resetDb } = await import('@/mocks/db');
    resetDb();
    clearSession();
    queryClient.clear();
    setResetting(false);
    navigate('/');
    toast.success('Dados de demonstração restaurados.');
  }

  return (
    <div className="bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 text-sm">
        <p>
          <strong>Modo demonstração</strong>: nenhum pagamento é real e os dados ficam só nesta aba.
        </p>
        <button
          type="button"
          onClick={reset}
          disabled={resetting}
          className="min-h-11 rounded px-2 font-semibold underline underline-offset-2 hover:bg-amber-200 sm:min-h-0 sm:py-1"
        >
          Restaurar dados de demonstração
        </button>
      </div>
    </div>
  );
}
