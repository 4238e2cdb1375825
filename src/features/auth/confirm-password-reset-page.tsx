import { zodResolver } from '@hookform/resolvers/zod';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { brand } from '@/config/content';
import { modeHref } from '@/config/routes';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { confirmPasswordReset } from './api/auth';
import { LIMITS, resetSchema, type ResetValues } from './schemas';

const EXPIRED = 'O link para criar uma nova senha expirou ou já foi utilizado. Peça um novo link.';

export function ConfirmPasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const guard = useSubmitGuard();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState(token ? '' : EXPIRED);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit((values) =>
    guard(async () => {
      setServerError('');
      try {
        await confirmPasswordReset(token, values.password, values.passwordConfirm);
        setDone(true);
      } catch (error) {
        setServerError(
          error instanceof ClientResponseError && error.status === 400
            ? EXPIRED
            : 'Não foi possível alterar a senha agora. Verifique sua conexão e tente novamente.',
        );
      }
    }),
  );

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <title>{`Nova senha | ${brand.name}`}</title>
      {done ? (
        <div role="status" className="text-center">
          <h1 className="text-3xl font-bold text-brand-800">Senha alterada com sucesso!</h1>
          <p className="mt-3 text-ink-700">Entre com a sua nova senha.</p>
          <Link to={modeHref('login')} className={buttonClass('primary', 'mt-8')}>
            Login
          </Link>
        </div>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Criar nova senha</h1>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
            <FormAlert>{serverError}</FormAlert>
            {token ? (
              <>
                <Field
                  label="Nova senha"
                  type="password"
                  autoComplete="new-password"
                  maxLength={LIMITS.password}
                  hint="Mínimo de 8 caracteres."
                  error={errors.password?.message}
                  {...register('password')}
                />
                <Field
                  label="Confirmar nova senha"
                  type="password"
                  autoComplete="new-password"
                  maxLength={LIMITS.password}
                  error={errors.passwordConfirm?.message}
                  {...register('passwordConfirm')}
                />
                <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Salvando...">
                  Salvar nova senha
                </Button>
              </>
            ) : null}
            <Link
              to={modeHref('forgot_password')}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
            >
              Pedir um novo link
            </Link>
          </form>
        </>
      )}
    </section>
  );
}
