import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { sessionEndedByServer } from '@/lib/session';
import { useMode } from '@/lib/use-mode';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { login, loginErrorMessage, requestVerification, UnverifiedAccountError } from './api/auth';
import { setPendingEmail } from './pending-email';
import { forgetNext, NEXT_PARAM, pathAfterLogin, rememberedNext, safeNext } from './return-to';
import { LIMITS, loginSchema, type LoginValues } from './schemas';

export default function LoginModal() {
  const setMode = useMode();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The page asked for while signed out (guards.tsx), only ever a path of this site.
  const [next] = useState(() => safeNext(params.get(NEXT_PARAM)) ?? rememberedNext());
  const queryClient = useQueryClient();
  const guard = useSubmitGuard();
  const [serverError, setServerError] = useState('');
  const [unverifiedEmail, setUnverifiedEmail] = useState('');
  // Read once: the session was ended by the server (revoked, expired), not by the person.
  const [ended] = useState(sessionEndedByServer);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    guard(async () => {
      setServerError('');
      setUnverifiedEmail('');
      try {
        const record = await login(values.email, values.password);
        queryClient.clear();
        forgetNext();
        const destination = pathAfterLogin(next, Boolean(record.admin));
        if (destination) navigate(destination, { replace: Boolean(next) });
        else setMode(null);
      } catch (error) {
        setServerError(loginErrorMessage(error));
        if (error instanceof UnverifiedAccountError) setUnverifiedEmail(error.email);
      }
    }),
  );

  const resend = () =>
    guard(async () => {
      // The verify_email modal says whether it can be sent again; a failure here only means it was not sent.
      await requestVerification(unverifiedEmail).then(
        () => setPendingEmail(unverifiedEmail),
        () => setPendingEmail(unverifiedEmail, 0),
      );
      setMode('verify_email');
    });

  // Closed without logging in: the page asked for is forgotten with the modal.
  const close = () => {
    forgetNext();
    setParams((p) => {
      const rest = new URLSearchParams(p);
      rest.delete('mode');
      rest.delete('email');
      rest.delete(NEXT_PARAM);
      return rest;
    });
  };

  return (
    <Modal title="Entrar" onClose={close}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {ended ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-ink-900">
            Sua sessão terminou. Entre novamente para continuar.
          </p>
        ) : null}
        <FormAlert>{serverError}</FormAlert>
        {unverifiedEmail ? (
          <button type="button" onClick={resend} className="text-sm font-semibold text-brand-800 underline">
            Reenviar e-mail de ativação
          </button>
        ) : null}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label="Senha"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.password}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Entrando...">
          Entrar
        </Button>
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <button
            type="button"
            className="min-h-11 font-semibold text-brand-800 underline"
            onClick={() => setMode('forgot_password')}
          >
            Esqueci minha senha
          </button>
          <button
            type="button"
            className="min-h-11 font-semibold text-brand-800 underline"
            onClick={() => setMode('register')}
          >
            Criar conta
          </button>
        </div>
      </form>
    </Modal>
  );
}
