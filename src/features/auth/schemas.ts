import { z } from '@/lib/zod';
import { isValidCpf } from '@/lib/cpf';
import { countLetters } from '@/lib/name';
import { celularSchema } from '@/lib/phone-schema';
import { FIELD_MESSAGES as M } from '@/lib/field-messages';
import comum from '../../../pocketbase/pb_hooks/lib/comum.js';

// The e-mail's and the password's bounds and the e-mail's shape are the kit's (comum.js CREDENCIAIS, emailValido):
// its account hooks refuse what the form refuses, in the same words (pb_hooks/lib/contas_comum.js).
const { emailMax, senhaMin, senhaMax } = comum.CREDENCIAIS;
export const LIMITS = { name: 120, email: emailMax, password: senhaMax } as const;

const email = (required: string) =>
  z.string().trim().min(1, required).refine(comum.emailValido, M.emailInvalido);

export const loginSchema = z.object({
  email: email('Preencha seu email'),
  password: z
    .string()
    .min(1, 'Digite sua senha')
    .min(senhaMin, 'Senha muito curta. Mínimo 8 caracteres')
    .max(LIMITS.password, 'Senha muito longa'),
});
export type LoginValues = z.infer<typeof loginSchema>;

const newPassword = z
  .string()
  .min(1, M.senhaObrigatoria)
  .min(senhaMin, M.senhaCurta)
  .max(senhaMax, M.senhaLonga);

export const registerSchema = z
  .object({
    nome_completo: z
      .string()
      .trim()
      .min(1, M.nomeObrigatorio)
      .max(LIMITS.name, M.nomeLongo)
      .refine((v) => countLetters(v) >= 10, M.sobrenome),
    email: email(M.emailObrigatorio),
    password: newPassword,
    passwordConfirm: z.string(),
    cpf: z.string().min(1, M.cpfObrigatorio).refine(isValidCpf, M.cpfInvalido),
    celular: celularSchema,
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: M.senhasDiferentes,
    path: ['passwordConfirm'],
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotSchema = z.object({ email: email('Preencha seu email') });
export type ForgotValues = z.infer<typeof forgotSchema>;

export const resetSchema = z
  .object({ password: newPassword, passwordConfirm: z.string() })
  .refine((v) => v.password === v.passwordConfirm, {
    message: M.senhasDiferentes,
    path: ['passwordConfirm'],
  });
export type ResetValues = z.infer<typeof resetSchema>;
