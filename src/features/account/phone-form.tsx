import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '@/lib/zod';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/field';
import { maskedField } from '@/lib/masked-field';
import { maskPhone, phoneInputProps } from '@/lib/phone';
import { celularSchema } from '@/lib/phone-schema';
import type { UserRecord } from '@/lib/types';
import { accountErrorMessage, accountQueries, fieldErrorCode, updatePhone } from './api/account';
import { FIELD_MESSAGES as M } from '@/lib/field-messages';

const phoneSchema = z.object({ celular: celularSchema });
type PhoneValues = z.infer<typeof phoneSchema>;

/** The one field a customer may change themselves: their phone, with the registration's mask and rules. */
export function PhoneForm({ account }: { account: UserRecord }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState('');
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PhoneValues>({
    resolver: zodResolver(phoneSchema),
    defaultValues: { celular: maskPhone(account.celular) },
  });
  const save = useMutation({
    mutationFn: (celular: string) => updatePhone(account.id, celular),
    onSuccess: (record) => {
      queryClient.setQueryData(accountQueries.detail(account.id).queryKey, record);
      reset({ celular: maskPhone(record.celular) });
      setSaved('Celular atualizado.');
    },
  });

  const onSubmit = handleSubmit(async ({ celular }) => {
    setSaved('');
    setServerError('');
    try {
      await save.mutateAsync(celular);
    } catch (error) {
      if (fieldErrorCode(error, 'celular')) setError('celular', { message: M.celularInvalido });
      else setServerError(accountErrorMessage(error, 'phone'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormAlert>{serverError}</FormAlert>
      <Field
        label="Celular"
        {...phoneInputProps}
        error={errors.celular?.message}
        className="max-w-xs"
        {...maskedField(register('celular'), maskPhone)}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" variant="secondary" loading={isSubmitting} loadingText="Salvando...">
          Salvar celular
        </Button>
        <p role="status" className="font-semibold text-brand-800">
          {saved}
        </p>
      </div>
    </form>
  );
}
