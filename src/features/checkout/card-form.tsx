import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxField, Field, SelectField } from '@/components/ui/field';
import { cardBrand, maskCardNumber, maskCvv, maskExpiry } from '@/lib/card';
import { maskCpf, onlyDigits } from '@/lib/cpf';
import { installmentOptions, parseInstallments } from '@/lib/installments';
import { maskedField } from '@/lib/masked-field';
import { formatBRL } from '@/lib/money';
import { maskPhone, phoneInputProps } from '@/lib/phone';
import { cardSchema, type CardValues } from './card-schema';
import type { CardInput } from './payment';

const onlyLettersAndSpaces = (v: string) => v.replace(/[^\p{L}\s]/gu, '').replace(/\s{2,}/g, ' ');

/** '00000-000' as the user types. */
function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

interface CardFormProps {
  total: number;
  busy: boolean;
  onPay: (card: CardInput) => void;
  /** Shown right before 'Pagar', with the chosen installments (the contract's summary). */
  beforePay?: (installments: number | null) => ReactNode;
}

/** Card data lives only in this form's memory: never in storage, the URL, the query cache or logs. */
export function CardForm({ total, busy, onPay, beforePay }: CardFormProps) {
  const options = useMemo(() => installmentOptions(total), [total]);
  const schema = useMemo(() => cardSchema(), []);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<CardValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      card_name: '',
      card_number: '',
      card_expiry_date: '',
      card_cvv: '',
      card_payments: '',
      holder_postal_code: '',
      holder_address_number: '',
      other_holder: false,
      holder_name: '',
      holder_cpf: '',
      holder_phone: '',
    },
  });
  const otherHolder = useWatch({ control, name: 'other_holder' });

  const chosenInstallments = useWatch({ control, name: 'card_payments' });
  const brand = cardBrand(useWatch({ control, name: 'card_number' }));

  const onSubmit = handleSubmit((values) => {
    const installments = parseInstallments(values.card_payments);
    if (!installments || busy) return;
    onPay({
      card_name: values.card_name,
      card_number: values.card_number,
      card_expiry_date: values.card_expiry_date,
      card_cvv: values.card_cvv,
      installments,
      holder: {
        postalCode: values.holder_postal_code,
        addressNumber: values.holder_address_number,
        other: values.other_holder
          ? { name: values.holder_name, cpf: values.holder_cpf, phone: values.holder_phone }
          : null,
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Dados do cartão">
      <Field
        label="Nome do titular"
        autoComplete="cc-name"
        placeholder="Como está no cartão"
        maxLength={100}
        error={errors.card_name?.message}
        {...maskedField(register('card_name'), onlyLettersAndSpaces)}
      />
      <Field
        label="Número do cartão"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="0000 0000 0000 0000"
        hint={brand ? `Bandeira: ${brand.label}` : 'Visa, Mastercard, Elo, American Express ou Hipercard'}
        error={errors.card_number?.message}
        {...maskedField(register('card_number'), maskCardNumber)}
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label="Validade (MM/AA)"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/AA"
          error={errors.card_expiry_date?.message}
          {...maskedField(register('card_expiry_date'), maskExpiry)}
        />
        <Field
          label="CVV"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder={brand?.cvv === 4 ? '0000' : '000'}
          error={errors.card_cvv?.message}
          {...maskedField(register('card_cvv'), maskCvv)}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Field
          label="CEP do titular"
          autoComplete="postal-code"
          inputMode="numeric"
          placeholder="00000-000"
          error={errors.holder_postal_code?.message}
          {...maskedField(register('holder_postal_code'), maskCep)}
        />
        <Field
          label="Número do endereço"
          autoComplete="address-line2"
          maxLength={10}
          error={errors.holder_address_number?.message}
          {...register('holder_address_number')}
        />
      </div>
      <CheckboxField
        label="O cartão é de outra pessoa"
        checked={otherHolder}
        onChange={(checked) => setValue('other_holder', checked)}
      />
      {otherHolder ? (
        <>
          <Field
            label="Nome completo do titular"
            autoComplete="off"
            maxLength={100}
            error={errors.holder_name?.message}
            {...maskedField(register('holder_name'), onlyLettersAndSpaces)}
          />
          <Field
            label="CPF do titular"
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            error={errors.holder_cpf?.message}
            {...maskedField(register('holder_cpf'), maskCpf)}
          />
          <Field
            label="Celular do titular"
            {...phoneInputProps}
            autoComplete="off"
            error={errors.holder_phone?.message}
            {...maskedField(register('holder_phone'), maskPhone)}
          />
        </>
      ) : null}
      <SelectField label="Parcelas" error={errors.card_payments?.message} {...register('card_payments')}>
        <option value="">Selecione</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <input type="hidden" name="total_price" value={total.toFixed(2)} readOnly />
      {beforePay?.(parseInstallments(chosenInstallments))}
      <Button type="submit" className="w-full" loading={busy} loadingText="Processando...">
        Pagar {formatBRL(total)}
      </Button>
    </form>
  );
}
