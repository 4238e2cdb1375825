/**
 * Who may list, view, create, change and delete each record: the collection's API rules as the migrations wrote
 * them (pocketbase/schema.json, `npm run schema`), run by the double's filter engine. The double asks these rules,
 * never a copy of them: a rule changed in a migration changes the demo too, and tests/server/contract-*.test.ts
 * hold both backends to it.
 */
import type { UserRecord } from '@/lib/types';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import schema from '../../pocketbase/schema.json';
import { schemaFields } from './collections';
import { getDb } from './db';
import { diaStore } from './dia-store';
import { compileFilter } from './filter';

type Json = Record<string, unknown>;
export type Action = 'list' | 'view' | 'create' | 'update' | 'delete';

/** The rows the double keeps of a collection, by its name: its store's, or the booking day's. */
export function rowsNamed(collection: string): Json[] {
  const rows =
    (getDb() as unknown as Record<string, unknown>)[collection] ??
    (diaStore() as unknown as Record<string, unknown>)[collection];
  return Array.isArray(rows) ? (rows as Json[]) : [];
}

/** The value at `path` of a row of `collection`, following a relation to the row it names (null when none). */
export function valueAt(collection: string, row: object, path: string): unknown {
  const [head = '', ...rest] = path.split('.');
  const value = (row as Json)[head];
  if (rest.length === 0) return value;
  const target = schemaFields(collection).find((f) => f.name === head)?.collection;
  const related = target ? rowsNamed(target).find((r) => r.id === value) : undefined;
  return related && target ? valueAt(target, related, rest.join('.')) : null;
}

/**
 * The rule of `action` on `collection`: null for superusers only, '' for anyone. The bookings' list rule is the one
 * the kit writes from the admin flags (lib/lista_equipe.js: paginas.js regraDaLista), not the migration's.
 */
export function ruleOf(collection: string, action: Action): string | null {
  if (collection === 'agendamentos' && action === 'list')
    return paginas.regraDaLista(
      getDb()
        .usuarios.filter((u) => u.admin)
        .map((u) => u.id),
    );
  const found = schema.find((c) => c.name === collection) as Json | undefined;
  if (!found)
    throw new Error(`pocketbase/schema.json has no collection ${collection}: run \`npm run schema\``);
  const rule = found[`${action}Rule`];
  return typeof rule === 'string' ? rule : null;
}

type Check = (input: { row: object; viewer: UserRecord | null; body: Json }) => boolean;
const compiled = new Map<string, Check>();

function checkOf(collection: string, action: Action): Check {
  const rule = ruleOf(collection, action);
  const key = `${collection}/${action}/${rule}`;
  const known = compiled.get(key);
  if (known) return known;
  const check: Check =
    rule === null
      ? () => false
      : compileFilter<{ row: object; viewer: UserRecord | null; body: Json }>(
          rule,
          ({ row, viewer, body }, path) => {
            if (path.startsWith('@request.auth.'))
              return viewer ? (viewer as unknown as Json)[path.slice('@request.auth.'.length)] : '';
            if (path.startsWith('@request.body.')) {
              const [field = '', modifier] = path.slice('@request.body.'.length).split(':');
              return modifier === 'isset' ? Object.hasOwn(body, field) : body[field];
            }
            return valueAt(collection, row, path);
          },
          () => true,
          true,
        );
  compiled.set(key, check);
  return check;
}

/**
 * True when `viewer` (null: signed out) may do `action` on `row` of `collection`, with `body` the request's
 * fields (create, update). As PocketBase reads a rule: the stored record's fields (the new one's, for create),
 * `@request.auth.*` the viewer's (empty signed out), `@request.body.x:isset` whether the request names x, `@now`.
 */
export function allows(
  collection: string,
  action: Action,
  row: object,
  viewer: UserRecord | null,
  body: Json = {},
): boolean {
  return checkOf(collection, action)({ row, viewer, body });
}

/** The read rule (`list` by default, or `view`) of `collection` for `viewer`, as a row predicate. */
export const readableBy =
  (collection: string, viewer: UserRecord | null, action: 'list' | 'view' = 'list') =>
  (row: object): boolean =>
    allows(collection, action, row, viewer);

/**
 * A record of `collection` as `viewer` reads it: who on staff holds or tried a case (hidden fields, which the kit's
 * onRecordEnrich shows to staff only) is left out for anyone else (dia_comum.js semEquipe).
 */
export const asReadBy = <T extends object>(collection: string, viewer: UserRecord | null, row: T): Json =>
  viewer?.admin ? { ...(row as Json) } : diaComum.semEquipe(collection, row);

/** A multipart body's fields as text, as a rule's `@request.body.*` and the record's fields read them. */
export const formFields = (form: FormData): Json =>
  Object.fromEntries([...form.keys()].map((key) => [key, String(form.get(key) ?? '')]));
