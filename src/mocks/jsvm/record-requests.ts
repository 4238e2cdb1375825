/**
 * The record-request events PocketBase builds for a create, an update with files or a delete through the API
 * (onRecordCreateRequest, onRecordUpdateRequest, onRecordDeleteRequest), over the double's rows: the double has
 * checked the collection's rule already. The files a request sends are set on their field by their stored names
 * (`files`: the double's own storage names them, processo-files.ts) and offered to the kit as the record's unsaved
 * files.
 */
import schema from '../../../pocketbase/schema.json';
import { schemaFields } from '../collections';
import type { Json } from '../http';
import { answerError, routeEvent } from './events';
import { app, chain, collectionOf, hooksOf, Record } from './pocketbase';

/** A request's files: each field's files, their stored names in order. */
export type RequestFiles = { [field: string]: { files: File[]; names: string[] } };

/** The body's fields of the schema set on the record (never its id or its dates), and the files. */
function fill(record: Record, body: Json, files: RequestFiles): void {
  for (const f of schemaFields(record.collectionName))
    if (f.name in body && f.name !== 'id' && f.type !== 'autodate' && !(f.name in files))
      record.set(f.name, body[f.name]);
  for (const [field, sent] of Object.entries(files)) {
    if (sent.files.length === 0) continue;
    record.set(field, sent.names);
    record.unsavedFiles[field] = sent.files;
  }
}

/**
 * A request's hooks of `kind` on `record`, whose last `e.next()` is `done` (the save, the removal); `answer` gives
 * the answer from the record, or PocketBase's error answer of a throw.
 */
function run(
  kind: string,
  record: Record,
  body: Json,
  request: Request,
  done: (e: { app: typeof app; record: Record }) => void,
  answer: (record: Record) => Response,
): Response {
  try {
    const e = {
      ...routeEvent(request, { id: record.id }, body),
      record,
      collection: collectionOf(record.collectionName),
    };
    chain(hooksOf(kind, record.collectionName), e, () => done(e));
    return answer(record);
  } catch (err) {
    return answerError(err);
  }
}

/**
 * A create (`id` null) or an update through the API: a new record, or the stored one, with the body's fields and
 * the request's files, through the kit's onRecordCreateRequest or onRecordUpdateRequest hooks, whose last
 * `e.next()` saves it. `check` throws PocketBase's own refusals of the save the stand-in lacks (the files' checks,
 * a unique index), run with its own checks after the model and validate hooks.
 */
export function kitSaveRequest(
  collection: string,
  id: string | null,
  body: Json,
  files: RequestFiles,
  request: Request,
  answer: (record: Record) => Response,
  check: (record: Record) => void = () => undefined,
): Response {
  try {
    const record = id === null ? new Record(collection) : app.findRecordById(collection, id);
    fill(record, body, files);
    record.ownChecks.push(check);
    const kind = id === null ? 'onRecordCreateRequest' : 'onRecordUpdateRequest';
    return run(kind, record, body, request, (e) => e.app.save(e.record), answer);
  } catch (err) {
    return answerError(err);
  }
}

/**
 * An update through the API with no files: kitSaveRequest on the stored record, answered with the row as stored
 * after the kit's hooks.
 */
export const kitUpdateRequest = (
  collection: string,
  id: string,
  body: Json,
  request: Request,
  answer: (row: Json) => Response,
): Response =>
  kitSaveRequest(collection, id, body, {}, request, () => answer(app.findRecordById(collection, id).data));

/**
 * A delete through the API, through the kit's onRecordDeleteRequest hooks: the record removed, then every record
 * whose cascading relation named it (PocketBase's cascadeDelete), in one transaction.
 */
export function kitDeleteRequest(collection: string, id: string, request: Request): Response {
  try {
    const record = app.findRecordById(collection, id);
    return run(
      'onRecordDeleteRequest',
      record,
      {},
      request,
      (e) =>
        e.app.runInTransaction(() => {
          e.app.delete(e.record);
          for (const name of cascades(collection))
            e.app
              .findRecordsByFilter(name.collection, `${name.field} ?= {:id}`, '', 0, 0, { id })
              .forEach((child) => e.app.delete(child));
        }),
      () => new Response(null, { status: 204 }),
    );
  } catch (err) {
    return answerError(err);
  }
}

/** The relation fields (of any collection) that cascade a removal of `collection`'s records. */
const cascades = (collection: string): { collection: string; field: string }[] =>
  schema.flatMap((c) =>
    (c.fields as { name: string; collection?: string; cascadeDelete?: boolean }[])
      .filter((f) => f.cascadeDelete && f.collection === collection)
      .map((f) => ({ collection: c.name, field: f.name })),
  );
