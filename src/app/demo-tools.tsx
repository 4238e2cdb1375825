import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { clearSession } from '@/lib/session';
import { resetDb } from '@/mocks/db';
import { DEMO_MAIL_EVENT, type DemoMail } from '@/mocks/mailbox';

/** Shows each "sent" demo e-mail as a toast with its link; returns the unsubscribe. */
export function listenForDemoMail(): () => void {
  const onMail = (event: Event) => {
    const mail = (event as CustomEvent<DemoMail>).detail;
    const id = `demo-mail-${mail.token}`;
    toast.info(
      <div>
        <p>
          E-mail de demonstração para <strong className="break-all">{mail.email}</strong>.
        </p>
        <Link to={mail.path} className="font-semibold underline" onClick={() => toast.dismiss(id)}>
          {mail.kind === 'verification' ? 'Abrir link de confirmação' : 'Abrir link de nova senha'}
        </Link>
      </div>,
      { toastId: id, autoClose: 30_000 },
    );
  };
  window.addEventListener(DEMO_MAIL_EVENT, onMail);
  return () => window.removeEventListener(DEMO_MAIL_EVENT, onMail);
}

export function resetDemo(queryClient: QueryClient) {
  resetDb();
  clearSession();
  queryClient.clear();
  toast.success('Dados de demonstração restaurados.');
}
