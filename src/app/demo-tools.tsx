import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { clearSession } from '@/lib/session';
import { resetDb } from '@/mocks/db';
import { DEMO_MAIL_EVENT, type DemoMail } from '@/mocks/mailbox';

const MAIL_LINK: Record<Exclude<DemoMail['kind'], 'status' | 'alerta'>, string> = {
  verification: 'Abrir link de confirmação',
  reset: 'Abrir link de nova senha',
  receipt: 'Ver o andamento do pedido',
};

/** Shows each "sent" demo e-mail as a toast with its link; returns the unsubscribe. */
export function listenForDemoMail(): () => void {
  const onMail = (event: Event) => {
    const mail = (event as CustomEvent<DemoMail>).detail;
    // Staff's alerts stay in the demo's outbox (src/mocks/mailbox.ts sendMessage): a customer's screen is not theirs.
    if (mail.kind === 'alerta') return;
    if (mail.kind === 'status') {
      // A notice without a link: what the customer receives (sent while staff save a booking, or on a withdrawal).
      toast.info(
        <p>
          E-mail ao cliente enviado para <strong className="break-all">{mail.email}</strong>: “{mail.subject}
          ”.
        </p>,
        { toastId: `demo-mail-status-${mail.email}-${mail.subject ?? ''}`, autoClose: 15_000 },
      );
      return;
    }
    const id = `demo-mail-${mail.kind}-${mail.token || mail.email}`;
    toast.info(
      <div>
        <p>
          {mail.kind === 'receipt' ? 'Comprovante da compra enviado' : 'E-mail de demonstração'} para{' '}
          <strong className="break-all">{mail.email}</strong>.
        </p>
        <Link to={mail.path} className="font-semibold underline" onClick={() => toast.dismiss(id)}>
          {MAIL_LINK[mail.kind]}
        </Link>
      </div>,
      { toastId: id, autoClose: 30_000 },
    );
  };
  window.addEventListener(DEMO_MAIL_EVENT, onMail);
  return () => window.removeEventListener(DEMO_MAIL_EVENT, onMail);
}

export function resetDemo(queryClient: QueryClient | undefined) {
  resetDb();
  clearSession();
  queryClient?.clear();
  toast.success('Dados de demonstração restaurados.');
}
