import { z } from './zod';
import { isValidPhone } from './phone';

/** The phone of every form that asks for it (registration, 'Minha conta'): a Brazilian mobile, seed messages. */
export const celularSchema = z
  .string()
  .min(1, 'Celular obrigatório')
  .refine(isValidPhone, 'Celular inválido');
