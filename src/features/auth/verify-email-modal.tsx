import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { tooManyMessage } from '@/lib/too-many';
import { useMode } from '@/lib/use-mode';
import { requestVerification } from './api/auth';
import { getPendingEmail, resendWaitSeconds, setPendingEmail } from './pending-email';

export default function VerifyEmailModal() {
  const setMode = useMode();
  const email = getPendingEmail();
  const [wait, setWait] = useState(() => resendWaitSeconds());
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [errorMessage, setErrorMessage] = useState('');

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait(resendWaitSeconds()), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function resend() {
    if (!email || wait > 0 || status === 'sending') return;
    setStatus('sending');
    try {
      await requestVerification(email);
      setPendingEmail(email);
      setWait(resendWaitSeconds());
      setStatus('sent');
    } catch (error) {
      setErrorMessage(
        tooManyMessage(error) ?? 'Não foi possível reenviar agora. Verifique sua conexão e tente novamente.',
      );
      setStatus('error');
    }
  }

  return (
    <Modal title="Confirme seu e-mail" onClose={() => setMode(null)}>
      <div className="space-y-4 text-ink-700">
        <p>
          Enviamos um link de confirmação para{' '}
          {email ? <strong className="break-all text-ink-900">{email}</strong> : 'o seu e-mail'}. Clique no
          link para ativar sua conta e depois faça login.
        </p>
        <p className="text-sm">Não encontrou? Confira a caixa de spam ou lixo eletrônico.</p>
        {status === 'sent' ? (
          <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800">
            E-mail reenviado.
          </p>
        ) : null}
        {status === 'error' ? <FormAlert>{errorMessage}</FormAlert> : null}
        {email ? (
          <div>
            <Button
              variant="secondary"
              className="w-full"
              onClick={resend}
              disabled={wait > 0}
              loading={status === 'sending'}
              loadingText="Reenviando..."
              aria-describedby={wait > 0 ? 'resend-wait' : undefined}
            >
              Reenviar e-mail
            </Button>
            {wait > 0 ? (
              <p id="resend-wait" className="mt-2 text-center text-sm">
                Você poderá reenviar em {wait} s.
              </p>
            ) : null}
          </div>
        ) : null}
        <Button className="w-full" onClick={() => setMode('login')}>
          Ir para o login
        </Button>
      </div>
    </Modal>
  );
}
