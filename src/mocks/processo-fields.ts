/** The demo's `requerentes` fields as the migration defines them: their checks and the record's empty state. */
import { ESTADOS_CIVIS, REQUERENTE_TEXT_MAX, type RequerenteRecord } from '@/lib/processo';

type Json = Record<string, unknown>;

/** The record's own field checks (max lengths, patterns, selects), as PocketBase validates them. */
export function requerenteErrors(body: Json): Json {
  const errors: Json = {};
  for (const [field, max] of Object.entries(REQUERENTE_TEXT_MAX)) {
    if (field in body && String(body[field] ?? '').length > (max ?? 0))
      errors[field] = {
        code: 'validation_max_text_constraint',
        message: `Must be no more than ${max} character(s).`,
      };
  }
  for (const field of ['data_nascimento', 'passaporte_validade'])
    if (field in body && !/^(\d{4}-\d{2}-\d{2})?$/.test(String(body[field] ?? '')))
      errors[field] = { code: 'validation_invalid_format', message: 'Invalid value format.' };
  if ('uf' in body && !/^([A-Z]{2})?$/.test(String(body.uf ?? '')))
    errors.uf = { code: 'validation_invalid_format', message: 'Invalid value format.' };
  if ('sexo' in body && !['', 'F', 'M'].includes(String(body.sexo ?? '')))
    errors.sexo = { code: 'validation_invalid_value', message: 'Invalid value F, M.' };
  if (
    'estado_civil' in body &&
    !['', ...Object.keys(ESTADOS_CIVIS)].includes(String(body.estado_civil ?? ''))
  )
    errors.estado_civil = { code: 'validation_invalid_value', message: 'Invalid value.' };
  const altura = Number(body.altura_cm ?? 0);
  if ('altura_cm' in body && !(Number.isInteger(altura) && altura >= 0 && altura <= 250))
    errors.altura_cm = { code: 'validation_max_number_constraint', message: 'Must be no more than 250.' };
  return errors;
}

export const EMPTY_REQUERENTE = {
  nome: '',
  sobrenome: '',
  sexo: '',
  data_nascimento: '',
  local_nascimento: '',
  cpf: '',
  estado_civil: '',
  altura_cm: 0,
  cor_olhos: '',
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  cidade: '',
  uf: '',
  aire_comune: '',
  aire_nao_sei: false,
  passaporte_numero: '',
  passaporte_validade: '',
  mae_nome: '',
  pai_nome: '',
} as const;

export function pick(body: Json): Partial<RequerenteRecord> {
  const out: Json = {};
  for (const key of Object.keys(EMPTY_REQUERENTE)) {
    if (!(key in body)) continue;
    const value = body[key];
    out[key] =
      key === 'altura_cm'
        ? Number(value) || 0
        : key === 'aire_nao_sei'
          ? value === true || value === 'true'
          : String(value ?? '');
  }
  return out as Partial<RequerenteRecord>;
}
