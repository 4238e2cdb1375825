import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { tooManyMessage } from '@/lib/too-many';
import { useMode } from '@/lib/use-mode';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { requestPasswordReset } from './api/auth';
import { forgotSchema, LIMITS, type ForgotValues } from './schemas';

export default function ForgotPasswordModal() {
  const setMode = useMode();
  const guard = useSubmitGuard();
  const [sentTo, setSentTo] = useState('');
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) =>
    guard(async () => {
      setServerError('');
      try {
        await requestPasswordReset(values.email);
        setSentTo(values.email);
      } catch (error) {
        setServerError(
          tooManyMessage(error) ??
            'Não foi possível enviar o link agora. Verifique sua conexão e tente novamente.',
        );
      }
    }),
  );

  return (
    <Modal title="Esqueci minha senha" onClose={() => setMode(null)}>
      {sentTo ? (
        <div className="space-y-4 text-ink-700">
          <p role="status">
            Se existir uma conta com o e-mail <strong className="break-all text-ink-900">{sentTo}</strong>,
            enviamos um link para você criar uma nova senha.
          </p>
          <Button className="w-full" onClick={() => setMode('login')}>
            Voltar para o login
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <p className="text-ink-700">
            Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.
          </p>
          <FormAlert>{serverError}</FormAlert>
          <Field
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Enviando...">
            Enviar link
          </Button>
          <button
            type="button"
            className="min-h-11 text-sm font-semibold text-brand-800 underline"
            onClick={() => setMode('login')}
          >
            Voltar para o login
          </button>
        </form>
      )}
    </Modal>
  );
}
