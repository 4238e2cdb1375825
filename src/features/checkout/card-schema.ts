import { z } from '@/lib/zod';
import { isExpiryInFuture, isValidCardNumber, isValidCvv, parseExpiry } from '@/lib/card';
import { isValidCpf, onlyDigits } from '@/lib/cpf';
import { isLettersAndSpaces } from '@/lib/name';
import { FIELD_MESSAGES as M } from '@/lib/field-messages';
import { isValidPhone } from '@/lib/phone';

export const cardSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      card_name: z
        .string()
        .trim()
        .min(1, M.titularObrigatorio)
        .max(100, M.titularLongo)
        .refine(isLettersAndSpaces, M.titularLetras),
      card_number: z
        .string()
        .min(1, 'Número do cartão obrigatório')
        .refine((v) => isValidCardNumber(v), M.numeroCartaoInvalido),
      card_expiry_date: z
        .string()
        .min(1, 'Data de validade obrigatória')
        .refine((v) => parseExpiry(v) !== null, M.validadeInvalida)
        .refine((v) => parseExpiry(v) === null || isExpiryInFuture(v, now()), 'Data de validade expirada'),
      card_cvv: z
        .string()
        .min(1, 'CVV obrigatório')
        .refine((v) => onlyDigits(v).length >= 3, M.cvvInvalido)
        .refine(isValidCvv, M.cvvInvalido),
      card_payments: z.string().min(1, 'Escolha o número de parcelas'),
      // The holder's own data, as the card's issuer knows it (Asaas declines on a mismatch).
      holder_postal_code: z
        .string()
        .min(1, 'CEP do titular obrigatório')
        .refine((v) => onlyDigits(v).length === 8, 'CEP inválido'),
      holder_address_number: z
        .string()
        .trim()
        .min(1, 'Número do endereço obrigatório')
        .max(10, 'Número do endereço muito longo'),
      other_holder: z.boolean(),
      holder_name: z.string().trim().max(100, 'Nome do titular muito longo'),
      holder_cpf: z.string(),
      holder_phone: z.string(),
    })
    // 'O cartão é de outra pessoa': that person's name, CPF and phone.
    .refine(
      (v) => !v.other_holder || (v.holder_name.trim().length > 0 && isLettersAndSpaces(v.holder_name)),
      {
        message: 'Informe o nome completo do titular',
        path: ['holder_name'],
      },
    )
    .refine((v) => !v.other_holder || isValidCpf(v.holder_cpf), {
      message: 'CPF inválido',
      path: ['holder_cpf'],
    })
    .refine((v) => !v.other_holder || isValidPhone(v.holder_phone), {
      message: 'Celular inválido',
      path: ['holder_phone'],
    })
    // The CVV's size is the brand's: 4 digits for American Express, 3 for the others.
    .refine((v) => !isValidCvv(v.card_cvv) || isValidCvv(v.card_cvv, v.card_number), {
      message: M.cvvInvalido,
      path: ['card_cvv'],
    });

export type CardValues = z.infer<ReturnType<typeof cardSchema>>;
