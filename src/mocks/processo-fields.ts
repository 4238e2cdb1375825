/**
 * The demo's `requerentes` fields as the migration defines them (their checks, the record's empty state), and the
 * review fields of `documentos`: PocketBase's own field checks, with its words.
 */
import { isValidCpf } from '@/lib/cpf';
import { hojeSaoPaulo, REGRAS, type RequerenteRecord } from '@/lib/processo';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import { schemaErrors, textLimits } from './collections';
import { pbError, toText } from './http';

type Json = Record<string, unknown>;

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
 * The record's own field checks PocketBase makes after the kit's (patterns, selects, numbers: pocketbase/schema.json),
 * on the fields the body sends, read as PocketBase casts them (pick).
 */
export function requerenteErrors(body: Json): Json {
  return schemaErrors('requerentes', pick(body), Object.keys(body));
}

/** A document's review fields as PocketBase checks them: the status and reason selects, the note's length. */
export function documentoErrors(doc: { status: string; motivo: string; motivo_texto: string }): Json {
  return schemaErrors('documentos', doc, ['status', 'motivo', 'motivo_texto']);
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
