import { z } from '@/lib/zod';
import { isExpiryInFuture, isValidCardNumber, isValidCvv, parseExpiry } from '@/lib/card';
import { onlyDigits } from '@/lib/cpf';
import { isLettersAndSpaces } from '@/lib/name';
import { FIELD_MESSAGES as M } from '@/lib/field-messages';

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
    })
    // The CVV's size is the brand's: 4 digits for American Express, 3 for the others.
    .refine((v) => !isValidCvv(v.card_cvv) || isValidCvv(v.card_cvv, v.card_number), {
      message: M.cvvInvalido,
      path: ['card_cvv'],
    });

export type CardValues = z.infer<ReturnType<typeof cardSchema>>;
