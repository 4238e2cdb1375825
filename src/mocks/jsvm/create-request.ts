/**
 * A record created through the API, as PocketBase creates one: a collection without a create rule is superusers'
 * (403); a body the create rule refuses is 400 "Failed to create record.", before any hook; else the body's fields
 * of the schema loaded on a new record, through the kit's onRecordCreateRequest hooks, whose last `e.next()` saves
 * it (the model hooks and the schema's checks run there); answered as the API answers it (the enrich hooks run).
 */
import { HttpResponse } from 'msw';
import { schemaFields } from '../collections';
import { currentUser, MSG, pbError, readJson } from '../http';
import { allows, ruleOf } from '../rules';
import { enrichRecord } from './enrich';
import { answerError, routeEvent } from './events';
import { chain, collectionOf, hooksOf, Record } from './pocketbase';

export async function kitCreateRequest(collection: string, request: Request): Promise<Response> {
  const viewer = currentUser(request);
  if (ruleOf(collection, 'create') === null) return pbError(403, MSG.superuser);
  const body = await readJson(request);
  if (!body) return pbError(400, MSG.badRequest);
  if (!viewer || !allows(collection, 'create', body, viewer, body)) return pbError(400, MSG.create);
  try {
    const record = new Record(collection);
    for (const f of schemaFields(collection))
      if (f.name in body && f.type !== 'autodate') record.set(f.name, body[f.name]);
    const e = { ...routeEvent(request, {}, body), record, collection: collectionOf(collection) };
    chain(hooksOf('onRecordCreateRequest', collection), e, () => e.app.save(e.record));
    enrichRecord(e, e.record);
    return HttpResponse.json(JSON.parse(JSON.stringify(e.record)));
  } catch (err) {
    return answerError(err);
  }
}
