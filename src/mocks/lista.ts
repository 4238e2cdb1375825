/**
 * PocketBase's record list and view, one pipeline for every collection the double serves (registros.ts,
 * processo.ts, dia.ts, dia-relay.ts): the collection's rule as a predicate; the query's filter and sort, a
 * superuser-only macro refused first and a field PocketBase would not know refused; the page; each row as the
 * viewer may see it. A relation (`agendamento.status_agendamento`) is followed as pocketbase/schema.json defines it.
 */
import { HttpResponse } from 'msw';
import consultaComum from '../../pocketbase/pb_hooks/lib/consulta_comum.js';
import { schemaFields } from './collections';
import { compileFilter, FilterError, FilterForbiddenError, pageOf, sortersOf } from './filter';
import { MSG, notFound, pbError, type Json } from './http';
import { valueAt } from './rules';

/** `field` or `relation.field` (and on through relations) of `collection`, none of them hidden. */
function knownPath(collection: string, path: string): boolean {
  const [head = '', ...rest] = path.split('.');
  const field = schemaFields(collection).find((f) => f.name === head && !f.hidden);
  if (!field) return false;
  if (rest.length === 0) return true;
  return field.type === 'relation' && !!field.collection && knownPath(field.collection, rest.join('.'));
}

const SUPERUSER_ONLY_FIELDS = ['@collection.', '@request.'];

interface ListOptions<T> {
  /** The list rule for the viewer. */
  canSee: (row: T) => boolean;
  /** A path's value for filters and sort (valueAt by default). */
  resolve?: (row: T, path: string) => unknown;
  /** The paths a filter or sort may name (knownPath by default). */
  isField?: (path: string) => boolean;
  /** A row as the viewer gets it (as stored by default). */
  present?: (row: T) => Json;
  /** Leave the totals out (-1) even when asked with them; the query's `skipTotal` by default. */
  skipTotal?: boolean;
}

/** GET /api/collections/{collection}/records for one viewer. */
export function listResponse<T extends object>(
  collection: string,
  rows: readonly T[],
  request: Request,
  options: ListOptions<T>,
): Response {
  const query = new URL(request.url).searchParams;
  // PocketBase's loose check: a non-superuser's filter or sort naming these anywhere, even in a quoted value,
  // is refused before it is parsed.
  for (const text of [query.get('filter') ?? '', query.get('sort') ?? '']) {
    const named = SUPERUSER_ONLY_FIELDS.find((field) => text.includes(field));
    if (named) return pbError(403, `Only superusers can filter by ${named}`);
  }
  // Then the kit's own (lib/consulta_comum.js), as its list hook runs after PocketBase's check.
  const recusa = consultaComum.recusaDaConsulta(query.get('filter'), query.get('sort'));
  if (recusa) return pbError(400, recusa);
  const resolve = options.resolve ?? ((row: T, path: string) => valueAt(collection, row, path));
  const isField = options.isField ?? ((path: string) => knownPath(collection, path));
  let matches: (row: T) => boolean;
  try {
    matches = compileFilter<T>(query.get('filter') ?? '', resolve, isField);
  } catch (error) {
    if (error instanceof FilterForbiddenError) return pbError(403, error.message);
    if (error instanceof FilterError) return pbError(400, MSG.badRequest);
    throw error;
  }
  const sorters = sortersOf(query.get('sort'));
  if (sorters.some((s) => !isField(s.field))) return pbError(400, MSG.badRequest);
  const skipTotal = options.skipTotal ?? ['1', 'true'].includes(query.get('skipTotal') ?? '');
  const visible = rows.filter((row) => options.canSee(row) && matches(row));
  const found = pageOf(visible, query, sorters, resolve, skipTotal);
  const present = options.present ?? ((row: T) => row as unknown as Json);
  return HttpResponse.json({ ...found, items: found.items.map(present) });
}

/** GET /api/collections/{collection}/records/{id}: a row the view rule hides reads as not found. */
export function viewResponse<T extends { id: string }>(
  rows: readonly T[],
  id: string,
  canSee: (row: T) => boolean,
  present: (row: T) => Json = (row) => row as unknown as Json,
): Response {
  const row = rows.find((r) => r.id === id);
  return row && canSee(row) ? HttpResponse.json(present(row)) : notFound();
}
