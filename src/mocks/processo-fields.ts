/**
 * The demo's `requerentes` fields as the migration defines them (pocketbase/schema.json: the data fields
 * processo_comum.js camposDeDados names, empty or as PocketBase casts a value sent), and the kit's checks of an
 * applicant's data before PocketBase's own, with their words.
 */
import { isValidCpf } from '@/lib/cpf';
import { hojeSaoPaulo, REGRAS, type RequerenteRecord } from '@/lib/processo';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import { schemaErrors, schemaFields, textLimits } from './collections';
import { pbError, toText } from './http';

type Json = Record<string, unknown>;

/** The kit's field errors as PocketBase's 400 (lib/processo.js lancarCampos): its message the first field's. */
export function kitRefusal(errors: Record<string, { code: string; message: string }>): Response | null {
  const [first] = Object.values(errors);
  return first ? pbError(400, first.message, errors) : null;
}

const REQUERENTE_LIMITS = textLimits('requerentes');
/** lib/processo.js camposDeTexto: the applicant's text fields, each one line. */
const REQUERENTE_TEXTS = schemaFields('requerentes')
  .filter((f) => f.type === 'text')
  .map((f) => f.name);

/**
 * lib/processo.js validarDados: the texts, names, birth date and CPF a save changes (processo_comum.errosDeDados),
 * then every text of the applicant as saved past the schema's limit (comum.js errosDeTamanho). `after`: the
 * applicant as it would be saved, with the body's other fields (the Prenot@mi contacts).
 */
export function dataRefusal(before: RequerenteRecord | null, after: Json): Response | null {
  const errors = processoComum.errosDeDados(
    before,
    after,
    hojeSaoPaulo(),
    REGRAS,
    isValidCpf,
    REQUERENTE_TEXTS,
  );
  return kitRefusal(comum.errosDeTamanho(after, REQUERENTE_LIMITS, errors));
}

/** PocketBase's own checks of the fields a body sends (patterns, selects, numbers), read as it casts them (pick). */
export const requerenteErrors = (body: Json): Json =>
  schemaErrors('requerentes', pick(body), Object.keys(body));

const NAMES = schemaFields('requerentes').map((f) => f.name);
const DATA = schemaFields('requerentes').filter((f) =>
  processoComum.camposDeDados(NAMES, REGRAS).includes(f.name),
);

/** A value of a data field as PocketBase stores it: numbers and flags cast, the rest as text. */
function cast(type: string, value: unknown): unknown {
  if (type === 'number') return Number(value) || 0;
  if (type === 'bool') return value === true || value === 'true';
  return String(value ?? '');
}

/** A new applicant's data fields, each empty. */
export const EMPTY_REQUERENTE: Json = Object.fromEntries(DATA.map((f) => [f.name, cast(f.type, '')]));

/** The data fields a body sends, as PocketBase casts them. */
export function pick(body: Json): Partial<RequerenteRecord> {
  return Object.fromEntries(
    DATA.filter((f) => f.name in body).map((f) => [f.name, cast(f.type, body[f.name])]),
  ) as Partial<RequerenteRecord>;
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
