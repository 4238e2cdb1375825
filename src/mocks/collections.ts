/**
 * The fields PocketBase returns for each collection the demo serves, taken from pocketbase/schema.json (the
 * schema the migrations make: `npm run schema`). The demo's handlers accept these in filters and sorts;
 * scripts/backend/seed.mjs writes these columns when it seeds a real server.
 */
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import schema from '../../pocketbase/schema.json';

export type CollectionName =
  | 'usuarios'
  | 'pagamentos'
  | 'agendamentos'
  | 'cobrancas'
  | 'solicitacoes_exclusao'
  | 'historico_agendamentos';

const NAMES: readonly CollectionName[] = [
  'usuarios',
  'pagamentos',
  'agendamentos',
  'cobrancas',
  'solicitacoes_exclusao',
  'historico_agendamentos',
];

/** A field as pocketbase/schema.json defines it (the options the double reads). */
export interface SchemaField {
  name: string;
  type: string;
  hidden?: boolean;
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: string;
  values?: string[];
  maxSelect?: number;
  onlyInt?: boolean;
  /** a relation's collection, by name */
  collection?: string;
}

/** The fields of a collection of pocketbase/schema.json (none for a name it lacks). */
export const schemaFields = (name: string): readonly SchemaField[] =>
  (schema.find((c) => c.name === name)?.fields as SchemaField[] | undefined) ?? [];

/** What an unset field of each type holds in PocketBase's database (the seed writes it for a missing value). */
const EMPTY_OF_TYPE: Record<string, unknown> = { number: 0, bool: false, json: null };

/** A collection's fields, which must exist (`npm run schema` writes them). */
function fieldsNamed(name: string): readonly SchemaField[] {
  const fields = schemaFields(name);
  if (fields.length === 0)
    throw new Error(`pocketbase/schema.json has no collection ${name}: run \`npm run schema\``);
  return fields;
}

// Hidden fields (the password hash, the token key) never leave the server.
const fieldsOf = (name: CollectionName) => fieldsNamed(name).filter((f) => !f.hidden);

const fields = {} as Record<CollectionName, readonly string[]>;
const empty = {} as Record<CollectionName, Record<string, unknown>>;
for (const name of NAMES) {
  fields[name] = fieldsOf(name).map((f) => f.name);
  empty[name] = Object.fromEntries(fieldsOf(name).map((f) => [f.name, EMPTY_OF_TYPE[f.type] ?? '']));
}

/**
 * The limit of each text field of any collection of the schema (comum.js maximosDeTexto), which the kit's hooks
 * read from the collection PocketBase holds: the double answers a text past it as they do.
 */
export function textLimits(name: string): Record<string, number> {
  return comum.maximosDeTexto(fieldsNamed(name));
}

export const FIELDS: Readonly<Record<CollectionName, readonly string[]>> = fields;
export const USER_FIELDS = FIELDS.usuarios;
/** Per collection, the stored value of each field left unset: 0, false, null or ''. */
export const EMPTY: Readonly<Record<CollectionName, Record<string, unknown>>> = empty;

const required = { code: 'validation_required', message: 'Cannot be blank.' };

/** The accounts' shortest password (their password field's `min`). */
export const PASSWORD_MIN = schemaFields('usuarios').find((f) => f.name === 'password')?.min ?? 1;

type FieldError = { code: string; message: string; params?: Record<string, unknown> };

/** PocketBase's own check of one value (core/field_text.go, field_password.go, field_select.go, field_number.go). */
function fieldError(f: SchemaField, value: unknown): FieldError | null {
  const text = value === undefined || value === null ? '' : String(value);
  const length = Array.from(text).length;
  if (f.type === 'text') {
    if (text === '') return f.required ? required : null;
    if (f.min && length < f.min)
      return {
        code: 'validation_min_text_constraint',
        message: `Must be at least ${f.min} character(s).`,
        params: { min: f.min },
      };
    const max = f.max || 5000;
    if (length > max)
      return {
        code: 'validation_max_text_constraint',
        message: `Must be no more than ${max} character(s).`,
        params: { max },
      };
    if (f.pattern && !new RegExp(f.pattern).test(text))
      return { code: 'validation_invalid_format', message: 'Invalid value format.' };
    return null;
  }
  if (f.type === 'password') {
    // Counted in characters, 71 at most when the schema sets no maximum (bcrypt's limit); no params given.
    if (text === '') return f.required ? required : null;
    if (length < (f.min ?? 0))
      return { code: 'validation_min_text_constraint', message: `Must be at least ${f.min} character(s)` };
    const max = f.max || 71;
    if (length > max)
      return { code: 'validation_max_text_constraint', message: `Must be less than ${max} character(s)` };
    return null;
  }
  if (f.type === 'number') {
    const n = Number(value ?? 0);
    if (!Number.isFinite(n))
      return { code: 'validation_not_a_number', message: 'The submitted number is not properly formatted' };
    if (n === 0) return f.required ? required : null;
    if (f.onlyInt && !Number.isInteger(n))
      return { code: 'validation_only_int_constraint', message: 'Decimal numbers are not allowed' };
    if (typeof f.min === 'number' && n < f.min)
      return {
        code: 'validation_min_number_constraint',
        message: `Must be greater or equal than ${f.min}`,
        params: { min: f.min },
      };
    if (typeof f.max === 'number' && n > f.max)
      return {
        code: 'validation_max_number_constraint',
        message: `Must be less or equal than ${f.max}`,
        params: { max: f.max },
      };
    return null;
  }
  if (f.type === 'select') {
    const sent: unknown[] = Array.isArray(value) ? value : text === '' ? [] : [value];
    const chosen = [...new Set(sent.map(String))].filter(Boolean);
    if (chosen.length === 0) return f.required ? required : null;
    const maxSelect = Math.max(f.maxSelect ?? 1, 1);
    if (chosen.length > maxSelect)
      return {
        code: 'validation_too_many_values',
        message: `Select no more than ${maxSelect}`,
        params: { maxSelect },
      };
    const wrong = chosen.find((v) => !(f.values ?? []).includes(v));
    return wrong === undefined
      ? null
      : { code: 'validation_invalid_value', message: `Invalid value ${wrong}`, params: { value: wrong } };
  }
  return null;
}

/**
 * PocketBase's field errors for the text, number, password and select `values` of a record of `name`, as pocketbase/schema.json
 * defines them (required, length, pattern, allowed values): what it answers before saving, 400 'Failed to
 * create record.' with these as `data`. Every text, password and select field of the collection is checked, sent or
 * not, or those `only` names.
 */
export function schemaErrors(
  name: string,
  values: Readonly<Record<string, unknown>>,
  only?: readonly string[],
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const f of fieldsNamed(name)) {
    if (f.name === 'id' || (only && !only.includes(f.name))) continue;
    const error = fieldError(f, values[f.name]);
    if (error) errors[f.name] = error;
  }
  return errors;
}

const accounts = schema.find((c) => c.name === 'usuarios') as
  | {
      authToken: { duration: number };
      fileToken: { duration: number };
      verificationToken: { duration: number };
      passwordResetToken: { duration: number };
    }
  | undefined;
/** How long the accounts' tokens live, in seconds, as the collection sets them (PocketBase's authToken, fileToken). */
export const TOKEN_S = {
  auth: accounts?.authToken.duration ?? 0,
  file: accounts?.fileToken.duration ?? 0,
  verification: accounts?.verificationToken.duration ?? 0,
  reset: accounts?.passwordResetToken.duration ?? 0,
};
