import { z } from './zod';
import { isValidPhone } from './phone';
import { FIELD_MESSAGES as M } from '@/lib/field-messages';

/** The phone of every form that asks for it (registration, 'Minha conta'): a Brazilian mobile, seed messages. */
export const celularSchema = z.string().min(1, M.celularObrigatorio).refine(isValidPhone, M.celularInvalido);
