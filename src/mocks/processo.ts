/**
 * The demo double of the case file (migration 1763901000_processo, pb_hooks/processo.pb.js): the
 * `requerentes` and `documentos` collections with PocketBase's rules and their protected files. Every save,
 * removal and 'Enviar para análise' runs the kit's own hooks (lib/processo.js) through the JSVM stand-in
 * (src/mocks/jsvm). Registered before the generic record routes, which know neither collection.
 */
import { http, HttpResponse } from 'msw';
import type { DocumentoRecord, RequerenteRecord } from '@/lib/processo';
import { getDb } from './db';
import { kitDeleteRequest, kitSaveRequest, kitUpdateRequest, processoKitRoutes } from './jsvm/kit';
import { BadRequestError, type Record as KitRecord } from './jsvm/pocketbase';
import type { RequestFiles } from './jsvm/record-requests';
import { listResponse, viewResponse } from './lista';
import { fileFieldError, fileToken, fileTokenUser, readFile, storedName, storeFile } from './processo-files';
import { currentUser, type Json, MSG as PB, NOT_UNIQUE, notFound, param, pbError } from './http';
import { allows, formFields, readableBy } from './rules';

type Row = RequerenteRecord | DocumentoRecord;
type Name = 'requerentes' | 'documentos';

const rows = (name: Name): Row[] => getDb()[name];
const json = (request: Request) => request.json().catch(() => null) as Promise<Json | null>;
const answer = (record: KitRecord) => HttpResponse.json(record.publicExport());

async function createRequerente(request: Request): Promise<Response> {
  const body = await json(request);
  if (!body || !allows('requerentes', 'create', body, currentUser(request), body))
    return pbError(400, PB.create);
  return kitSaveRequest('requerentes', null, body, {}, request, answer);
}

async function updateRequerente(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const body = await json(request);
  const record = getDb().requerentes.find((r) => r.id === id);
  // A failed update rule reads as 404.
  if (!body || !record || !viewer || !allows('requerentes', 'update', record, viewer, body))
    return notFound();
  return kitUpdateRequest('requerentes', id, body, request, (row) => HttpResponse.json(row));
}

function deleteRequerente(request: Request, id: string): Response {
  const record = getDb().requerentes.find((r) => r.id === id);
  if (!record || !allows('requerentes', 'delete', record, currentUser(request))) return notFound();
  return kitDeleteRequest('requerentes', id, request);
}

/**
 * A request's files of a document, named as the double stores them, and PocketBase's own checks of them (each
 * file's type and size, at most 3), which the save throws after the kit's hooks.
 */
async function requestFiles(form: FormData | null, action: string) {
  const files = (form?.getAll('arquivos') ?? []).filter((f): f is File => typeof f !== 'string');
  const sent: RequestFiles = { arquivos: { files, names: files.map((file) => storedName(file.name)) } };
  let error: Json | null = null;
  for (const file of files) error ??= await fileFieldError(file);
  if (!error && files.length > 3)
    error = { code: 'validation_max_files_constraint', message: 'Must have at most 3 items.' };
  const check = () => {
    if (error) throw new BadRequestError(action, { arquivos: error });
  };
  return { sent, check };
}

/** The document saved: its new files stored under their names. */
async function storeFiles(response: Response, id: string, sent: RequestFiles): Promise<Response> {
  const { files, names } = sent.arquivos!;
  if (response.ok) await Promise.all(files.map((file, i) => storeFile(id, names[i]!, file)));
  return response;
}

async function createDocumento(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const form = await request.formData().catch(() => null);
  if (!form) return pbError(400, PB.create);
  // The create rule (the owner, on their own applicant of that booking, without any review field).
  const body = formFields(form);
  if (!allows('documentos', 'create', body, viewer, body)) return pbError(400, PB.create);
  const { sent, check } = await requestFiles(form, PB.create);
  let id = '';
  const response = kitSaveRequest(
    'documentos',
    null,
    body,
    sent,
    request,
    (record) => ((id = record.id), answer(record)),
    (record) => {
      check();
      // The unique index of (requerente, item).
      const same = getDb().documentos.some(
        (d) => d.requerente === record.getString('requerente') && d.item === record.getString('item'),
      );
      if (same) throw new BadRequestError(PB.create, { item: NOT_UNIQUE });
    },
  );
  return storeFiles(response, id, sent);
}

/** The owner replaces files until approved; staff review (status, reason): lib/processo.js salvarDocumento. */
async function updateDocumento(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const record = getDb().documentos.find((d) => d.id === id);
  const multipart = (request.headers.get('Content-Type') ?? '').includes('multipart/form-data');
  const form = multipart ? await request.formData().catch(() => null) : null;
  const body: Json = multipart ? Object.fromEntries(form?.entries() ?? []) : ((await json(request)) ?? {});
  // A failed update rule (the owner's files while not approved, or staff's review) reads as 404.
  if (!record || !viewer || !allows('documentos', 'update', record, viewer, body)) return notFound();
  const { sent, check } = await requestFiles(form, PB.update);
  const response = kitSaveRequest('documentos', id, body, sent, request, answer, check);
  return storeFiles(response, id, sent);
}

type Handler = (request: Request, id: string) => Response | Promise<Response>;

const list =
  (name: Name): Handler =>
  (request) =>
    listResponse<Row>(name, rows(name), request, { canSee: readableBy(name, currentUser(request)) });
const view =
  (name: Name): Handler =>
  (request, id) =>
    viewResponse<Row>(rows(name), id, readableBy(name, currentUser(request), 'view'));

/** A record route: `requerentes`' handler or `documentos`'; any other collection falls through to registros.ts. */
const route = (method: 'get' | 'post' | 'patch' | 'delete', path: string, ...handlers: [Handler, Handler]) =>
  http[method](path, ({ request, params }) => {
    const at = ['requerentes', 'documentos'].indexOf(param(params, 'collection'));
    return at < 0 ? undefined : handlers[at]!(request, param(params, 'id'));
  });

const RECORDS = '*/api/collections/:collection/records';

export const processoRoutes = [
  route('get', RECORDS, list('requerentes'), list('documentos')),
  route('get', `${RECORDS}/:id`, view('requerentes'), view('documentos')),
  route('post', RECORDS, createRequerente, createDocumento),
  route('patch', `${RECORDS}/:id`, updateRequerente, updateDocumento),
  // documentos deleteRule null: superusers only (files go with their applicant or the retention job).
  route('delete', `${RECORDS}/:id`, deleteRequerente, () => pbError(403, PB.superuser)),
  http.post('*/api/files/token', ({ request }) => {
    const viewer = currentUser(request);
    return viewer ? HttpResponse.json({ token: fileToken(viewer.id) }) : pbError(401, PB.unauthorized);
  }),
  http.get('*/api/files/:collectionId/:recordId/:filename', ({ request, params }) => {
    const userId = fileTokenUser(new URL(request.url).searchParams.get('token'));
    const viewer = getDb().usuarios.find((u) => u.id === userId) ?? null;
    const record = getDb().documentos.find((d) => d.id === param(params, 'recordId'));
    const filename = param(params, 'filename');
    // A protected file is served to whom the view rule of its record lets read it.
    const file =
      record?.arquivos.includes(filename) && allows('documentos', 'view', record, viewer)
        ? readFile(record.id, filename)
        : null;
    return file ? new HttpResponse(file, { headers: { 'Content-Type': file.type } }) : notFound();
  }),
  ...processoKitRoutes,
];
