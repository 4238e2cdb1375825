import { useQuery } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/spinner';
import { brand } from '@/config/content';
import { modeHref } from '@/config/routes';
import { confirmVerification } from './api/auth';

const EXPIRED = 'O email de verificação expirou ou já foi utilizado!';

type Outcome = { ok: true } | { ok: false; status: number };

async function confirm(token: string): Promise<Outcome> {
  if (!token) return { ok: false, status: 400 };
  try {
    await confirmVerification(token);
    return { ok: true };
  } catch (error) {
    return { ok: false, status: error instanceof ClientResponseError ? error.status : 0 };
  }
}

export function ConfirmVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A query keyed by the token runs the one-time confirmation once, even under StrictMode.
  const { data } = useQuery({
    queryKey: ['confirm-verification', token],
    queryFn: () => confirm(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`Ativação de conta | ${brand.name}`}</title>
      {!data ? (
        <PageLoading label="Ativando sua conta..." />
      ) : data.ok ? (
        <div role="status">
          <h1 className="text-3xl font-bold text-brand-800">Conta verificada com sucesso!</h1>
          <p className="mt-3 text-ink-700">Agora é só entrar com seu e-mail e senha.</p>
          <Link to={modeHref('login')} className={buttonClass('primary', 'mt-8')}>
            Login
          </Link>
        </div>
      ) : (
        <div role="alert">
          <h1 className="text-3xl font-bold text-accent-700">Erro ao ativar conta!</h1>
          <p className="mt-3 text-ink-700">
            {data.status === 0
              ? 'Sem resposta do servidor. Verifique sua conexão.'
              : `Status: ${data.status}`}
          </p>
          {data.status === 400 ? <p className="mt-2 text-ink-700">{EXPIRED}</p> : null}
          <Link to={modeHref('register')} className={buttonClass('primary', 'mt-8')}>
            Cadastrar novamente
          </Link>
        </div>
      )}
    </section>
  );
}
