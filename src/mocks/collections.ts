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

/** What an unset field of each type holds in PocketBase's database (the seed writes it for a missing value). */
const EMPTY_OF_TYPE: Record<string, unknown> = { number: 0, bool: false, json: null };

const fieldsOf = (name: CollectionName) => {
  const collection = schema.find((c) => c.name === name);
  if (!collection)
    throw new Error(`pocketbase/schema.json has no collection ${name}: run \`npm run schema\``);
  // Hidden fields (the password hash, the token key) never leave the server.
  return collection.fields.filter((f) => !f.hidden);
};

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
  const collection = schema.find((c) => c.name === name);
  if (!collection) throw new Error(`pocketbase/schema.json has no collection ${name}`);
  return comum.maximosDeTexto(collection.fields);
}

export const FIELDS: Readonly<Record<CollectionName, readonly string[]>> = fields;
export const USER_FIELDS = FIELDS.usuarios;
/** Per collection, the stored value of each field left unset: 0, false, null or ''. */
export const EMPTY: Readonly<Record<CollectionName, Record<string, unknown>>> = empty;
