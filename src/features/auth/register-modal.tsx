import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PrivacyLink, TermsLink } from '@/components/legal/terms-link';
import { Field, FormAlert } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { legalLinks } from '@/config/content';
import { maskCpf } from '@/lib/cpf';
import { maskedField } from '@/lib/masked-field';
import { normalizeName, sanitizeName } from '@/lib/name';
import { maskPhone, phoneInputProps } from '@/lib/phone';
import { useMode } from '@/lib/use-mode';
import { useSubmitGuard } from '@/lib/use-submit-guard';
import { register as registerAccount, registerErrorMessage } from './api/auth';
import { setPendingEmail } from './pending-email';
import { LIMITS, registerSchema, type RegisterValues } from './schemas';

// No maxLength on the field: the browser would cut a CPF pasted with a space or 'CPF:' before it; maskCpf keeps 11 digits.
const CPF_MASKED_LENGTH = 14;

export default function RegisterModal() {
  const setMode = useMode();
  const guard = useSubmitGuard();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { nome_completo: '', email: '', password: '', passwordConfirm: '', cpf: '', celular: '' },
  });

  // The CPF is checked live once complete (seed §5).
  const checkCompleteCpf = (value: string) => value.length === CPF_MASKED_LENGTH && trigger('cpf');

  const onSubmit = handleSubmit((values) =>
    guard(async () => {
      setServerError('');
      try {
        await registerAccount({ ...values, nome_completo: normalizeName(values.nome_completo) });
        setPendingEmail(values.email);
        setMode('verify_email');
      } catch (error) {
        setServerError(registerErrorMessage(error));
      }
    }),
  );

  return (
    <Modal title="Criar conta" onClose={() => setMode(null)}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormAlert>{serverError}</FormAlert>
        <Field
          label="Nome completo"
          autoComplete="name"
          maxLength={LIMITS.name}
          error={errors.nome_completo?.message}
          {...maskedField(register('nome_completo'), sanitizeName)}
        />
        <Field
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="CPF"
            inputMode="numeric"
            placeholder="000.000.000-00"
            error={errors.cpf?.message}
            {...maskedField(register('cpf'), maskCpf, checkCompleteCpf)}
          />
          <Field
            label="Celular"
            {...phoneInputProps}
            error={errors.celular?.message}
            {...maskedField(register('celular'), maskPhone)}
          />
        </div>
        <Field
          label="Senha"
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.password}
          hint="Mínimo de 8 caracteres."
          error={errors.password?.message}
          {...register('password')}
        />
        <Field
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.password}
          error={errors.passwordConfirm?.message}
          {...register('passwordConfirm')}
        />
        {/* New tabs, so what was typed here stays. */}
        <p className="text-sm text-ink-700">
          {legalLinks.registerNote} Leia a <PrivacyLink /> e os <TermsLink />.
        </p>
        <Button type="submit" className="w-full" loading={isSubmitting} loadingText="Criando conta...">
          Criar conta
        </Button>
        <p className="text-center text-sm">
          Já tem conta?{' '}
          <button
            type="button"
            className="min-h-11 font-semibold text-brand-800 underline"
            onClick={() => setMode('login')}
          >
            Entrar
          </button>
        </p>
      </form>
    </Modal>
  );
}
