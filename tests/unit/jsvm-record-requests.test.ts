// @vitest-environment node
// The JSVM stand-in's record-request events (src/mocks/jsvm/record-requests.ts) and what the case file needs of
// $app: the validate and delete model hooks, a request's files, PocketBase's cascade, and $app.store() emptied by
// resetDb.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb, resetDb } from '@/mocks/db';
import '@/mocks/jsvm/kit';
import { kitDeleteRequest, kitSaveRequest } from '@/mocks/jsvm/record-requests';
import { app, BadRequestError, Record, registry } from '@/mocks/jsvm/pocketbase';

type Handler = (e: { record: Record; next: () => void }) => void;
const jsvm = globalThis as unknown as {
  [hook: string]: (handler: Handler, ...collections: string[]) => void;
};
const saved = { hooks: [...registry.hooks] };
const request = () => new Request('http://demo.local/api/collections/x/records', { method: 'POST' });

/** The kit's own hooks of `kind` left out, for a case about the stand-in alone. */
const without = (kind: string) =>
  registry.hooks.splice(0, registry.hooks.length, ...saved.hooks.filter((h) => h.kind !== kind));

beforeEach(() => {
  resetDb();
  saved.hooks = [...registry.hooks];
});
afterEach(() => {
  registry.hooks.splice(0, registry.hooks.length, ...saved.hooks);
});

describe('record requests through the JSVM stand-in', () => {
  it("a save runs the collection's onRecordValidate hooks before PocketBase's own checks", () => {
    const seen: string[] = [];
    jsvm.onRecordValidate!((e) => {
      seen.push('hook');
      e.next();
    }, 'historico_consulados');
    const [consulado] = getDb().dia?.consulados ?? [];
    const record = new Record('historico_consulados');
    record.load({ consulado: consulado?.id ?? 'x', alteracoes: [] });
    record.ownChecks.push(() => seen.push('own'));
    try {
      app.save(record);
    } catch {
      // PocketBase's own checks may refuse the row; the order is what is asked here.
    }
    expect(seen).toEqual(['hook', 'own']);
  });

  it("a create request runs the kit's onRecordCreateRequest hooks, the record holding the request's files", async () => {
    without('onRecordCreateRequest');
    let files: string[] = [];
    jsvm.onRecordCreateRequest!((e) => {
      files = e.record.getUnsavedFiles('arquivos').map((f) => f.originalName);
      throw new BadRequestError('Recusado pelo kit.', {});
    }, 'documentos');
    const file = new File(['x'], 'foto.png', { type: 'image/png' });
    const answer = kitSaveRequest(
      'documentos',
      null,
      { item: 'foto' },
      { arquivos: { files: [file], names: ['foto_abc.png'] } },
      request(),
      () => new Response(null, { status: 200 }),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: 'Recusado pelo kit.' });
    expect(files).toEqual(['foto.png']);
  });

  it('a delete request removes the record, its onRecordDelete hooks run, and the records it cascades to go', () => {
    without('onRecordDeleteRequest');
    const deleted: string[] = [];
    jsvm.onRecordDelete!((e) => {
      deleted.push(e.record.collectionName);
      e.next();
    }, 'requerentes');
    const documento = getDb().documentos[0]!;
    const answer = kitDeleteRequest('requerentes', documento.requerente, request());
    expect(answer.status).toBe(204);
    expect(deleted).toEqual(['requerentes']);
    expect(getDb().requerentes.some((r) => r.id === documento.requerente)).toBe(false);
    expect(getDb().documentos.some((d) => d.requerente === documento.requerente)).toBe(false);
  });

  it('$app.store() is emptied when the seed is restored', () => {
    app.store().set('processo_alerta:x', 1);
    resetDb();
    expect(app.store().get('processo_alerta:x')).toBeUndefined();
  });
});
