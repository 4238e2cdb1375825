/**
 * The demo double of the case file (migration 1763901000_processo, pb_hooks/processo.pb.js): the
 * `requerentes` and `documentos` collections with the server's rules, their protected files, and
 * 'Enviar para análise'. Registered before the generic record routes, which know neither collection.
 */
import { http, HttpResponse, type PathParams } from 'msw';
import { nomeRequerente, REGRAS, type DocumentoRecord, type RequerenteRecord } from '@/lib/processo';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import { getDb, saveDb } from './db';
import { uploadAllowed } from './limits';
import { listResponse, viewResponse } from './lista';
import { fileFieldError, fileToken, fileTokenUser, readFile, storedName, storeFile } from './processo-files';
import {
  changedFields,
  dataRefusal,
  documentoErrors,
  kitRefusal,
  EMPTY_REQUERENTE,
  pick,
  requerenteErrors,
} from './processo-fields';
import { currentUser, MSG as PB, param, pbError, toText } from './http';
import {
  bookingOf,
  concluirRevisao,
  encerrado,
  enviar,
  recusaAoCliente,
  recusaDaAlteracao,
  registrarCorrecao,
  limitesDe,
  MSG,
  registrarDocumento,
} from './processo-rules';
import { allows, formFields, readableBy } from './rules';
import { newId, pbDate } from './util';

type Json = Record<string, unknown>;
type Row = RequerenteRecord | DocumentoRecord;
type Name = 'requerentes' | 'documentos';
const REVIEW_TEXT = ['status', 'motivo', 'motivo_texto'];

const rows = (name: Name): Row[] => getDb()[name];

async function createRequerente(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const body = (await request.json().catch(() => null)) as Json | null;
  if (!body) return pbError(400, PB.create);
  const booking = bookingOf(String(body.agendamento ?? ''));
  if (!booking || !allows('requerentes', 'create', body, viewer, body)) return pbError(400, PB.create);
  // lib/processo.js criarRequerente: the applicant's data, the case and the count; PocketBase's field checks last.
  const refused = dataRefusal(null, { ...EMPTY_REQUERENTE, ...body, ...pick(body) });
  if (refused) return refused;
  const recusa = recusaAoCliente(booking);
  if (recusa) return pbError(400, recusa);
  const count = getDb().requerentes.filter((r) => r.agendamento === booking.id).length;
  const excess = processoComum.recusaDoNovoRequerente(count, limitesDe(booking).max, REGRAS);
  if (excess) return pbError(400, excess);
  const errors = requerenteErrors(body);
  if (Object.keys(errors).length > 0) return pbError(400, PB.create, errors);
  const now = pbDate(new Date());
  const record: RequerenteRecord = {
    id: newId(),
    collectionId: 'pbc_requerentes',
    collectionName: 'requerentes',
    agendamento: booking.id,
    ...EMPTY_REQUERENTE,
    ...pick(body),
    enviado_em: '',
    created: now,
    updated: now,
  };
  getDb().requerentes.push(record);
  saveDb();
  return HttpResponse.json(record);
}

async function updateRequerente(id: string, request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const body = (await request.json().catch(() => null)) as Json | null;
  const record = getDb().requerentes.find((r) => r.id === id);
  // A failed update rule reads as 404.
  if (!body || !record || !viewer || !allows('requerentes', 'update', record, viewer, body))
    return pbError(404, PB.notFound);
  const booking = bookingOf(record.agendamento);
  const recusa = booking && !viewer.admin ? recusaDaAlteracao(booking, changedFields(record, body)) : null;
  if (recusa) return pbError(400, recusa);
  const refused = dataRefusal(record, { ...record, ...body, ...pick(body) });
  if (refused) return refused;
  const errors = requerenteErrors(body);
  if (Object.keys(errors).length > 0) return pbError(400, PB.update, errors);
  const before = { ...record };
  Object.assign(record, pick(body), { updated: pbDate(new Date()) });
  const mudancas = processoComum.mudancas(
    before as unknown as Json,
    record as unknown as Json,
    processoComum.camposDeDados(Object.keys(record), REGRAS),
    (r, campo) => String(r[campo] ?? ''),
  );
  registrarCorrecao(record, record.enviado_em !== '', mudancas, nomeRequerente(before), viewer);
  saveDb();
  return HttpResponse.json(record);
}

function deleteRequerente(id: string, request: Request): Response {
  const viewer = currentUser(request);
  const db = getDb();
  const record = db.requerentes.find((r) => r.id === id);
  if (!record || !allows('requerentes', 'delete', record, viewer)) return pbError(404, PB.notFound);
  const booking = bookingOf(record.agendamento);
  const recusa = booking ? recusaAoCliente(booking) : null;
  if (recusa) return pbError(400, recusa);
  const approved = db.documentos.filter((d) => d.requerente === id && d.status === 'aprovado').length;
  const refused = processoComum.recusaDaRemocao(approved, REGRAS);
  if (refused) return pbError(400, refused);
  db.requerentes = db.requerentes.filter((r) => r.id !== id);
  db.documentos = db.documentos.filter((d) => d.requerente !== id); // cascadeDelete
  saveDb();
  return new HttpResponse(null, { status: 204 });
}

/** lib/processo.js contarEnvio: an upload counted, or the kit's 429. */
const countUpload = (userId: string): Response | null =>
  uploadAllowed(userId) ? null : pbError(429, MSG.muitosEnvios);

const sentFiles = (form: FormData): File[] =>
  form.getAll('arquivos').filter((f): f is File => typeof f !== 'string');

/** The files of a multipart body, each checked as the file field checks it; a Response when refused. */
async function filesOf(form: FormData, action: string): Promise<File[] | Response> {
  const files = sentFiles(form);
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

/** lib/processo.js validarDocumento: the kit's refusal of the item or its number of files (processo_comum.js). */
function tooMany(item: string, count: number): Response | null {
  const recusa = processoComum.recusaDoDocumento(item, count, REGRAS);
  return recusa ? kitRefusal(recusa.erros) : null;
}

async function saveFiles(record: DocumentoRecord, files: readonly File[]): Promise<void> {
  record.arquivos = [];
  for (const file of files) {
    const name = storedName(file.name);
    await storeFile(record.id, name, file);
    record.arquivos.push(name);
  }
}

async function createDocumento(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const form = await request.formData().catch(() => null);
  if (!form) return pbError(400, PB.create);
  const text = (key: string) => String(form.get(key) ?? '');
  // The create rule (the owner, on their own applicant of that booking, without any review field).
  const sent = formFields(form);
  if (!allows('documentos', 'create', sent, viewer, sent)) return pbError(400, PB.create);
  const booking = bookingOf(text('agendamento'));
  if (!booking) return pbError(400, MSG.encerrado);
  const recusa = recusaAoCliente(booking);
  if (recusa) return pbError(400, recusa);
  const limited = countUpload(viewer?.id ?? '');
  if (limited) return limited;
  // The kit's checks of the item and its number of files (lib/processo.js validarDocumento) come before
  // PocketBase's own checks of each file.
  const refused = tooMany(text('item'), sentFiles(form).length);
  if (refused) return refused;
  const files = await filesOf(form, PB.create);
  if (files instanceof Response) return files;
  if (getDb().documentos.some((d) => d.requerente === text('requerente') && d.item === text('item')))
    return pbError(400, PB.create, {
      item: { code: 'validation_not_unique', message: 'Value must be unique.' },
    });
  const now = pbDate(new Date());
  const record: DocumentoRecord = {
    id: newId(),
    collectionId: 'pbc_documentos',
    collectionName: 'documentos',
    agendamento: booking.id,
    requerente: text('requerente'),
    item: text('item'),
    arquivos: [],
    ...processoComum.DOCUMENTO_NOVO,
    motivo: '',
    motivo_texto: '',
    revisado_por: '',
    revisado_em: '',
    reenviado: false,
    created: now,
    updated: now,
  };
  await saveFiles(record, files);
  getDb().documentos.push(record);
  registrarDocumento(record, processoComum.ARQUIVO.enviado, viewer);
  saveDb();
  return HttpResponse.json(record);
}

/** The owner replaces files until approved; staff review (status, reason), signed and dated. */
async function updateDocumento(id: string, request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const record = getDb().documentos.find((d) => d.id === id);
  const multipart = (request.headers.get('Content-Type') ?? '').includes('multipart/form-data');
  const form = multipart ? await request.formData().catch(() => null) : null;
  const body: Json = multipart
    ? Object.fromEntries(form?.entries() ?? [])
    : ((await request.json().catch(() => ({}))) as Json);
  // A failed update rule (the owner's files while not approved, or staff's review) reads as 404.
  if (!record || !viewer || !allows('documentos', 'update', record, viewer, body))
    return pbError(404, PB.notFound);
  const booking = bookingOf(record.agendamento);
  if (!booking || encerrado(booking)) return pbError(400, MSG.encerrado);
  // lib/processo.js salvarDocumento: the owner's new files, or staff's review.
  if (!viewer.admin) {
    const recusa = recusaAoCliente(booking);
    if (recusa) return pbError(400, recusa);
    const limited = countUpload(viewer.id);
    if (limited) return limited;
    const refused = tooMany(record.item, form ? sentFiles(form).length : 0);
    if (refused) return refused;
    const files = form ? await filesOf(form, PB.update) : [];
    if (files instanceof Response) return files;
    if (files.length > 0) await saveFiles(record, files);
    Object.assign(record, processoComum.substituicao(record), { updated: pbDate(new Date()) });
    registrarDocumento(record, processoComum.ARQUIVO.substituido, viewer);
    saveDb();
    return HttpResponse.json(record);
  }
  const asked = REVIEW_TEXT.filter((f) => f in body).map((f) => [f, toText(body[f])]);
  const after = { ...record, ...Object.fromEntries(asked) };
  const review = processoComum.revisao(record, after, REGRAS);
  if ('erros' in review) return kitRefusal(review.erros) ?? pbError(400, PB.update);
  const saved = { status: after.status, motivo: review.motivo, motivo_texto: review.motivo_texto };
  const errors = documentoErrors(saved);
  if (Object.keys(errors).length > 0) return pbError(400, PB.update, errors);
  const antes = record.status;
  const now = pbDate(new Date());
  Object.assign(
    record,
    saved as Pick<DocumentoRecord, 'status' | 'motivo' | 'motivo_texto'>,
    { updated: now },
    processoComum.camposDaRevisao(review, viewer.id, now),
  );
  if (review.revisado) {
    registrarDocumento(record, review.acao, viewer);
    if (antes === 'em_analise') concluirRevisao(record.agendamento, viewer);
  }
  saveDb();
  return HttpResponse.json(record);
}

const collection = (params: PathParams): Name | null => {
  const name = param(params, 'collection');
  return name === 'requerentes' || name === 'documentos' ? name : null;
};

export const processoRoutes = [
  http.get('*/api/collections/:collection/records', ({ request, params }) => {
    const name = collection(params);
    if (!name) return undefined;
    const viewer = currentUser(request);
    return listResponse<Row>(name, rows(name), request, { canSee: readableBy(name, viewer) });
  }),
  http.get('*/api/collections/:collection/records/:id', ({ request, params }) => {
    const name = collection(params);
    if (!name) return undefined;
    const viewer = currentUser(request);
    return viewResponse<Row>(rows(name), param(params, 'id'), readableBy(name, viewer, 'view'));
  }),
  http.post('*/api/collections/:collection/records', ({ request, params }) => {
    const name = collection(params);
    if (!name) return undefined;
    return name === 'requerentes' ? createRequerente(request) : createDocumento(request);
  }),
  http.patch('*/api/collections/:collection/records/:id', ({ request, params }) => {
    const name = collection(params);
    if (!name) return undefined;
    const id = param(params, 'id');
    return name === 'requerentes' ? updateRequerente(id, request) : updateDocumento(id, request);
  }),
  http.delete('*/api/collections/:collection/records/:id', ({ request, params }) => {
    const name = collection(params);
    if (!name) return undefined;
    // documentos deleteRule null: superusers only (files go with their applicant or the retention job).
    return name === 'requerentes'
      ? deleteRequerente(param(params, 'id'), request)
      : pbError(403, PB.superuser);
  }),
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
    if (!record || !record.arquivos.includes(filename) || !allows('documentos', 'view', record, viewer))
      return pbError(404, PB.notFound);
    const file = readFile(record.id, filename);
    return file
      ? new HttpResponse(file, { headers: { 'Content-Type': file.type } })
      : pbError(404, PB.notFound);
  }),
  http.post('*/api/processo/:id/enviar', ({ request, params }) => {
    const viewer = currentUser(request);
    if (!viewer) return pbError(401, PB.unauthorized);
    const { status, body } = enviar(param(params, 'id'), viewer);
    return HttpResponse.json(body, { status });
  }),
];
