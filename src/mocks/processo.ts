/**
 * The demo double of the case file (migration 1763901000_processo, pb_hooks/processo.pb.js): the
 * `requerentes` and `documentos` collections with the server's rules, their protected files, and
 * 'Enviar para análise'. Registered before the generic record routes, which know neither collection.
 */
import { http, HttpResponse } from 'msw';
import { REGRAS, type DocumentoRecord, type RequerenteRecord } from '@/lib/processo';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import processoFluxo from '../../pocketbase/pb_hooks/lib/processo_fluxo.js';
import { getDb, saveDb } from './db';
import { uploadAllowed } from './limits';
import { listResponse, viewResponse } from './lista';
import { fileFieldError, fileToken, fileTokenUser, readFile, storedName, storeFile } from './processo-files';
import {
  changedFields,
  dataRefusal,
  kitRefusal,
  EMPTY_REQUERENTE,
  pick,
  requerenteErrors,
} from './processo-fields';
import { currentUser, type Json, MSG as PB, NOT_UNIQUE, notFound, param, pbError, toText } from './http';
import {
  bookingOf,
  encerrado,
  enviar,
  recusaAoCliente,
  recusaDaAlteracao,
  limitesDe,
  MSG,
  ofCase,
  portasDaConclusao,
  registrarDocumento,
  salvarRequerente,
} from './processo-rules';
import { allows, formFields, readableBy } from './rules';
import type { BookingRecord, UserRecord } from '@/lib/types';
import { schemaErrors } from './collections';
import { newId, pbDate } from './util';

type Row = RequerenteRecord | DocumentoRecord;
type Name = 'requerentes' | 'documentos';
const REVIEW_TEXT = ['status', 'motivo', 'motivo_texto'];

const rows = (name: Name): Row[] => getDb()[name];
const json = (request: Request) => request.json().catch(() => null) as Promise<Json | null>;

/** A refusal of the kit in the case file's words, as PocketBase's 400; null when there is none. */
const refuse = (message: string | null | undefined): Response | null =>
  message ? pbError(400, message) : null;

/** PocketBase's own field errors of a save (`action`: its message), or null. */
const fieldRefusal = (action: string, errors: Json): Response | null =>
  Object.keys(errors).length > 0 ? pbError(400, action, errors) : null;

/** A record saved: the store written, the record answered. */
function stored(record: Row): Response {
  saveDb();
  return HttpResponse.json(record);
}

/** A new record's own fields, as PocketBase writes them. */
function created<N extends Name>(name: N) {
  const now = pbDate(new Date());
  return { id: newId(), collectionId: `pbc_${name}`, collectionName: name, created: now, updated: now };
}

async function createRequerente(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const body = await json(request);
  const booking = body && bookingOf(String(body.agendamento ?? ''));
  if (!body || !booking || !allows('requerentes', 'create', body, viewer, body))
    return pbError(400, PB.create);
  // lib/processo.js criarRequerente: the applicant's data, the case and the count; PocketBase's field checks last.
  const count = ofCase(getDb().requerentes, booking.id).length;
  const refused =
    dataRefusal(null, { ...EMPTY_REQUERENTE, ...body, ...pick(body) }) ??
    refuse(recusaAoCliente(booking)) ??
    refuse(processoComum.recusaDoNovoRequerente(count, limitesDe(booking).max, REGRAS)) ??
    fieldRefusal(PB.create, requerenteErrors(body));
  if (refused) return refused;
  const record = {
    ...created('requerentes'),
    agendamento: booking.id,
    ...EMPTY_REQUERENTE,
    ...pick(body),
    enviado_em: '',
  } as RequerenteRecord;
  getDb().requerentes.push(record);
  return stored(record);
}

async function updateRequerente(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const body = await json(request);
  const record = getDb().requerentes.find((r) => r.id === id);
  // A failed update rule reads as 404.
  if (!body || !record || !viewer || !allows('requerentes', 'update', record, viewer, body))
    return notFound();
  const booking = bookingOf(record.agendamento);
  const refused =
    refuse(booking && !viewer.admin ? recusaDaAlteracao(booking, changedFields(record, body)) : null) ??
    dataRefusal(record, { ...record, ...body, ...pick(body) }) ??
    fieldRefusal(PB.update, requerenteErrors(body));
  if (refused) return refused;
  salvarRequerente(record, { ...record, ...pick(body), updated: pbDate(new Date()) }, viewer);
  return stored(record);
}

function deleteRequerente(request: Request, id: string): Response {
  const db = getDb();
  const record = db.requerentes.find((r) => r.id === id);
  if (!record || !allows('requerentes', 'delete', record, currentUser(request))) return notFound();
  const booking = bookingOf(record.agendamento);
  const approved = db.documentos.filter((d) => d.requerente === id && d.status === 'aprovado').length;
  const refused =
    refuse(booking ? recusaAoCliente(booking) : null) ??
    refuse(processoComum.recusaDaRemocao(approved, REGRAS));
  if (refused) return refused;
  db.requerentes = db.requerentes.filter((r) => r.id !== id);
  db.documentos = db.documentos.filter((d) => d.requerente !== id); // cascadeDelete
  saveDb();
  return new HttpResponse(null, { status: 204 });
}

/**
 * The owner's files for a document of `booking` (lib/processo.js criarDocumento, salvarDocumento): refused on a
 * case the customer may no longer change, past the upload rate (contarEnvio: the kit's 429), past the item's
 * number of files (validarDocumento: processo_comum.js recusaDoDocumento), then by PocketBase's own checks of each
 * file. The files, or the refusal.
 */
async function ownerFiles(
  booking: BookingRecord,
  viewer: UserRecord | null,
  item: string,
  form: FormData | null,
  action: string,
): Promise<File[] | Response> {
  const files = (form?.getAll('arquivos') ?? []).filter((f): f is File => typeof f !== 'string');
  const tooMany = processoComum.recusaDoDocumento(item, files.length, REGRAS);
  const names = processoComum.recusaDosArquivos(
    files.map((file) => file.name),
    action === PB.update,
    REGRAS,
  );
  const refused =
    refuse(recusaAoCliente(booking)) ??
    (names && kitRefusal(names.erros)) ??
    (uploadAllowed(viewer?.id ?? '') ? null : pbError(429, MSG.muitosEnvios)) ??
    (tooMany && kitRefusal(tooMany.erros));
  if (refused) return refused;
  for (const file of files) {
    const error = await fileFieldError(file);
    if (error) return pbError(400, action, { arquivos: error });
  }
  if (files.length > 3)
    return pbError(400, action, {
      arquivos: { code: 'validation_max_files_constraint', message: 'Must have at most 3 items.' },
    });
  return files;
}

/** A document's new files stored (they replace any before them, when sent), recorded, and the document answered. */
async function withFiles(
  record: DocumentoRecord,
  files: readonly File[],
  acao: string,
  viewer: UserRecord | null,
) {
  if (files.length > 0) {
    record.arquivos = files.map((file) => storedName(file.name));
    await Promise.all(files.map((file, i) => storeFile(record.id, record.arquivos[i]!, file)));
  }
  registrarDocumento(record, acao, viewer);
  return stored(record);
}

async function createDocumento(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const form = await request.formData().catch(() => null);
  if (!form) return pbError(400, PB.create);
  // The create rule (the owner, on their own applicant of that booking, without any review field).
  const sent = formFields(form);
  if (!allows('documentos', 'create', sent, viewer, sent)) return pbError(400, PB.create);
  const [item, requerente] = [toText(sent.item), toText(sent.requerente)];
  const booking = bookingOf(toText(sent.agendamento));
  if (!booking) return pbError(400, MSG.encerrado);
  const files = await ownerFiles(booking, viewer, item, form, PB.create);
  if (files instanceof Response) return files;
  if (getDb().documentos.some((d) => d.requerente === requerente && d.item === item))
    return pbError(400, PB.create, { item: NOT_UNIQUE });
  const record: DocumentoRecord = {
    ...created('documentos'),
    agendamento: booking.id,
    requerente,
    item,
    arquivos: [],
    ...processoComum.DOCUMENTO_NOVO,
    ...{ motivo: '', motivo_texto: '', revisado_por: '', revisado_em: '', reenviado: false },
  };
  getDb().documentos.push(record);
  return withFiles(record, files, processoComum.ARQUIVO.enviado, viewer);
}

/** The owner replaces files until approved; staff review (status, reason), signed and dated. */
async function updateDocumento(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const record = getDb().documentos.find((d) => d.id === id);
  const multipart = (request.headers.get('Content-Type') ?? '').includes('multipart/form-data');
  const form = multipart ? await request.formData().catch(() => null) : null;
  const body: Json = multipart ? Object.fromEntries(form?.entries() ?? []) : ((await json(request)) ?? {});
  // A failed update rule (the owner's files while not approved, or staff's review) reads as 404.
  if (!record || !viewer || !allows('documentos', 'update', record, viewer, body)) return notFound();
  const booking = bookingOf(record.agendamento);
  if (!booking || encerrado(booking)) return pbError(400, MSG.encerrado);
  // lib/processo.js salvarDocumento: the owner's new files, or staff's review.
  if (!viewer.admin) {
    const files = await ownerFiles(booking, viewer, record.item, form, PB.update);
    if (files instanceof Response) return files;
    Object.assign(record, processoComum.substituicao(record), { updated: pbDate(new Date()) });
    return withFiles(record, files, processoComum.ARQUIVO.substituido, viewer);
  }
  const asked = REVIEW_TEXT.filter((f) => f in body).map((f) => [f, toText(body[f])]);
  const now = pbDate(new Date());
  const feito = processoFluxo.revisar(
    {
      ...portasDaConclusao(record.agendamento, viewer),
      // PocketBase's own checks of the review's texts, then the save.
      salvar: (campos) =>
        fieldRefusal(PB.update, schemaErrors('documentos', campos, REVIEW_TEXT)) ??
        void Object.assign(record, campos, { updated: now }),
      registrar: (acao) => registrarDocumento(record, acao, viewer),
    },
    { ...record },
    { ...record, ...Object.fromEntries(asked) },
    viewer.id,
    now,
  );
  if (feito.erro instanceof Response) return feito.erro;
  if (feito.erro) return kitRefusal(feito.erro.erros) ?? pbError(400, PB.update);
  return stored(record);
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
  http.post('*/api/processo/:id/enviar', ({ request, params }) => {
    const viewer = currentUser(request);
    return viewer ? enviar(param(params, 'id'), viewer) : pbError(401, PB.unauthorized);
  }),
];
