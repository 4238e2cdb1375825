/**
 * `$apis.enrichRecord(e, record)`: a record as the API answers it, its collection's onRecordEnrich hooks run with
 * the request's auth (a hook may `unhide` a hidden field for that reader), as PocketBase enriches a record before
 * a custom route answers it. PocketBase emulation only.
 */
import { chain, hooksOf, type Record } from './pocketbase';

interface RouteEvent {
  app: unknown;
  requestInfo: () => { auth: unknown };
}

export function enrichRecord(e: RouteEvent, record: Record): void {
  // PocketBase's RecordEnrichEvent holds the request's info as a field, not a function.
  const enrich: { [key: string]: unknown; next?: () => unknown } = {
    app: e.app,
    record,
    requestInfo: { auth: e.requestInfo().auth },
  };
  chain(hooksOf('onRecordEnrich', record.collectionName), enrich, () => undefined);
}
