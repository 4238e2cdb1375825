/**
 * The demo's `requerentes` fields as the migration defines them (their checks, the record's empty state), and the
 * review fields of `documentos`: PocketBase's own field checks, with its words.
 */
import { isValidCpf } from '@/lib/cpf';
import {
  DOCUMENT_STATUSES,
  ESTADOS_CIVIS,
  hojeSaoPaulo,
  REGRAS,
  type RequerenteRecord,
} from '@/lib/processo';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import { textLimits } from './collections';
import { pbError, toText } from './http';

type Json = Record<string, unknown>;

const tooLong = (max: number) => ({
  code: 'validation_max_text_constraint',
  message: `Must be no more than ${max} character(s).`,
  params: { max },
});
const BAD_FORMAT = { code: 'validation_invalid_format', message: 'Invalid value format.' };
/** A select's value outside its list. */
const invalidValue = (value: string) => ({
  code: 'validation_invalid_value',
  message: `Invalid value ${value}.`,
  params: { value },
});
const SELECTS: Record<string, readonly string[]> = {
  sexo: ['F', 'M'],
  estado_civil: Object.keys(ESTADOS_CIVIS),
};

/** A number field's checks (an integer from `min` to `max`), in PocketBase's order. */
function numberError(value: number, min: number, max: number): Json | null {
  if (!Number.isInteger(value))
    return { code: 'validation_only_int_constraint', message: 'Decimal numbers are not allowed.' };
  if (value < min)
    return {
      code: 'validation_min_number_constraint',
      message: `Must be greater or equal than ${min}.`,
      params: { min },
    };
  if (value > max)
    return {
      code: 'validation_max_number_constraint',
      message: `Must be less or equal than ${max}.`,
      params: { max },
    };
  return null;
}

/** The kit's field errors as PocketBase's 400 (lib/processo.js lancarCampos): its message the first field's. */
export function kitRefusal(errors: Record<string, { code: string; message: string }>): Response | null {
  const [first] = Object.values(errors);
  return first ? pbError(400, first.message, errors) : null;
}

const REQUERENTE_LIMITS = textLimits('requerentes');

/**
 * lib/processo.js validarDados: the birth date and the CPF a save changes (processo_comum.errosDeDados), then
 * every text of the applicant as saved past the schema's limit (comum.js errosDeTamanho). `after`: the applicant
 * as it would be saved, with the body's other fields (the Prenot@mi contacts).
 */
export function dataRefusal(before: RequerenteRecord | null, after: Json): Response | null {
  const errors = processoComum.errosDeDados(before, after, hojeSaoPaulo(), REGRAS, isValidCpf);
  return kitRefusal(comum.errosDeTamanho(after, REQUERENTE_LIMITS, errors));
}

/**
 * The record's own field checks PocketBase makes after the kit's (patterns, selects, numbers), as it validates
 * them: each field's first error.
 */
export function requerenteErrors(body: Json): Json {
  const errors: Json = {};
  const text = (field: string) => String(body[field] ?? '');
  for (const field of ['data_nascimento', 'passaporte_validade'])
    if (field in body && !/^(\d{4}-\d{2}-\d{2})?$/.test(text(field))) errors[field] = BAD_FORMAT;
  if ('uf' in body && !errors.uf && !/^([A-Z]{2})?$/.test(text('uf'))) errors.uf = BAD_FORMAT;
  for (const [field, values] of Object.entries(SELECTS))
    if (field in body && text(field) !== '' && !values.includes(text(field)))
      errors[field] = invalidValue(text(field));
  const altura = 'altura_cm' in body ? numberError(Number(body.altura_cm) || 0, 0, 250) : null;
  if (altura) errors.altura_cm = altura;
  return errors;
}

/** documentos.motivo_texto's max (pocketbase/schema.json). */
const MOTIVO_TEXTO_MAX = textLimits('documentos').motivo_texto ?? 0;

/** A document's review fields as PocketBase checks them: the status and reason selects, the note's length. */
export function documentoErrors(doc: { status: string; motivo: string; motivo_texto: string }): Json {
  const errors: Json = {};
  if (doc.status !== '' && !(DOCUMENT_STATUSES as readonly string[]).includes(doc.status))
    errors.status = invalidValue(doc.status);
  if (doc.motivo !== '' && !Object.keys(REGRAS.motivosRecusa).includes(doc.motivo))
    errors.motivo = invalidValue(doc.motivo);
  if ([...doc.motivo_texto].length > MOTIVO_TEXTO_MAX) errors.motivo_texto = tooLong(MOTIVO_TEXTO_MAX);
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

/**
 * The names of the fields a body changes, as the server compares them after casting: the data fields (pick) and
 * the applicant's Prenot@mi account (processo_regras.json trava.contaDoPortal).
 */
export function changedFields(record: object, body: Json): string[] {
  const conta = REGRAS.trava.contaDoPortal.filter((campo) => campo in body);
  const after: Json = { ...pick(body), ...Object.fromEntries(conta.map((c) => [c, toText(body[c])])) };
  return Object.keys(after).filter((campo) => toText(after[campo]) !== toText((record as Json)[campo]));
}
