import { z } from '@/lib/zod';
import { isValidCpf } from '@/lib/cpf';
import { countLetters } from '@/lib/name';
import { celularSchema } from '@/lib/phone-schema';
import { FIELD_MESSAGES as M } from '@/lib/field-messages';

export const LIMITS = { name: 120, email: 254, password: 71 } as const;

const email = (required: string) =>
  z.string().trim().min(1, required).max(LIMITS.email, 'Email inválido').pipe(z.email('Email inválido'));

export const loginSchema = z.object({
  email: email('Preencha seu email'),
  password: z
    .string()
    .min(1, 'Digite sua senha')
    .min(8, 'Senha muito curta. Mínimo 8 caracteres')
    .max(LIMITS.password, 'Senha muito longa'),
});
export type LoginValues = z.infer<typeof loginSchema>;

const newPassword = z
  .string()
  .min(1, 'Senha é obrigatória')
  .min(8, 'Senha muito curta')
  .max(LIMITS.password, 'Senha muito longa (máximo de 71 caracteres)');

export const registerSchema = z
  .object({
    nome_completo: z
      .string()
      .trim()
      .min(1, M.nomeObrigatorio)
      .max(LIMITS.name, M.nomeLongo)
      .refine((v) => countLetters(v) >= 10, M.sobrenome),
    email: email('Email é obrigatório'),
    password: newPassword,
    passwordConfirm: z.string(),
    cpf: z.string().min(1, M.cpfObrigatorio).refine(isValidCpf, M.cpfInvalido),
    celular: celularSchema,
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: 'As senhas não coincidem',
    path: ['passwordConfirm'],
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotSchema = z.object({ email: email('Preencha seu email') });
export type ForgotValues = z.infer<typeof forgotSchema>;

export const resetSchema = z
  .object({ password: newPassword, passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, {
    message: 'As senhas não coincidem',
    path: ['passwordConfirm'],
  });
export type ResetValues = z.infer<typeof resetSchema>;
