/**
 * The demo double of the relay (lib/retransmissao.js), the attempts and the appointments (lib/dia.js), under
 * the migration's rules: the booking's owner writes a relayed value only while staff ask for that kind; only the
 * staff member holding the case reads it, only while alive (10 minutes; dia-store.ts drops it after); the
 * history says when it arrived, never the value. Staff record attempts and appointments (with the confirmation,
 * a protected file like the case file's); every applicant booked makes the booking AGENDADO with the earliest.
 */
import { http, HttpResponse } from 'msw';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import { schemaErrors } from './collections';
import { getDb, saveDb } from './db';
import { asRead, note, nowSp, readable } from './dia';
import { activeAppointments, consulateOfBooking, diaStore } from './dia-store';
import { listResponse, viewResponse } from './lista';
import { autoria } from './history';
import { markAttempt } from './garantia';
import { currentUser, jsonBody, latency, MSG as PB, param, pbError } from './http';
import { fileFieldError, fileTokenUser, readFile, storedName, storeFile } from './processo-files';
import { bookingOf, salvarAgendamento } from './processo-rules';
import { allows, formFields } from './rules';
import { newId, pbDate } from './util';

type Json = Record<string, unknown>;
/** lib/retransmissao.js vidaMs: the default lifetime (the demo sets no RETRANSMISSAO_VIDA_S). */
const LIFE_MS = diaComum.VIDA_PADRAO_S * 1000;

const invalidValue = (message: string) =>
  pbError(400, PB.validation, { valor: { code: 'validation_invalid_valor', message } });

async function createRelay(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const store = diaStore();
  const agendamento = String(body.agendamento ?? '');
  const handling = store.atendimentos.find((a) => a.id === body.atendimento);
  // The create rule: the owner, on that booking's handling while something is asked, no lifetime of their own.
  if (!handling || !allows('retransmissoes', 'create', body, viewer, body)) return pbError(400, PB.create);
  const tipo = String(body.tipo ?? '');
  const refused = diaComum.recusaDaRetransmissao(handling.pedido, tipo);
  if (refused) return pbError(refused.status, refused.message);
  const valor = String(body.valor ?? '');
  const motivo = diaComum.motivoValor(tipo, valor);
  if (motivo) return invalidValue(motivo);
  const now = Date.now();
  const record = {
    id: newId(),
    collectionId: 'pbc_retransmissoes',
    collectionName: 'retransmissoes',
    agendamento,
    atendimento: handling.id,
    tipo: tipo as 'senha' | 'codigo',
    valor,
    expira_em: pbDate(new Date(now + LIFE_MS)),
    enviado_em: '',
    created: pbDate(new Date(now)),
    updated: pbDate(new Date(now)),
  };
  store.retransmissoes.push(record);
  finish(record, body.enviar, viewer);
  saveDb();
  return HttpResponse.json(record);
}

/** The 6th digit or 'Enviar': when it arrived goes into the history, never what. */
function finish(
  record: { agendamento: string; tipo: string; valor: string; enviado_em: string },
  enviar: unknown,
  viewer: ReturnType<typeof currentUser>,
) {
  if (!diaComum.completo(record.tipo, record.valor, record.enviado_em !== '', enviar)) return;
  const entrega = diaComum.entrega(pbDate(new Date()));
  Object.assign(record, entrega.retransmissao);
  // When it was handed over (lib/retransmissao.js): the guarantee's clock reads it.
  const handling = diaStore().atendimentos.find((a) => a.agendamento === record.agendamento);
  if (handling) Object.assign(handling, entrega.atendimento);
  note(record.agendamento, 'prenotami', diaComum.notaRecebido(record.tipo, nowSp()), viewer);
}

async function updateRelay(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const record = diaStore().retransmissoes.find((r) => r.id === id);
  // The update rule: the owner, while alive, never its booking, kind or lifetime.
  if (!record || !allows('retransmissoes', 'update', record, viewer, body)) return pbError(404, PB.notFound);
  const valor = body.valor === undefined ? record.valor : String(body.valor);
  const motivo = diaComum.motivoValor(record.tipo, valor);
  if (motivo) return invalidValue(motivo);
  Object.assign(record, { valor, updated: pbDate(new Date()) });
  finish(record, body.enviar, viewer);
  saveDb();
  return HttpResponse.json(record);
}

async function createAttempt(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const booking = bookingOf(String(body.agendamento ?? ''));
  // The create rule: staff, who do not write the author, the window or the guarantee's mark.
  if (!viewer || !booking || !allows('tentativas_agendamento', 'create', body, viewer, body))
    return pbError(400, PB.create);
  const resultado = String(body.resultado ?? '');
  const nota = String(body.nota ?? '');
  // The kit's refusals first (lib/dia.js registrarTentativa), then PocketBase's own checks of the fields.
  const errors = diaComum.errosDaTentativa(resultado, nota);
  if (Object.keys(errors).length > 0) return pbError(400, PB.validation, errors);
  const invalid = schemaErrors('tentativas_agendamento', { resultado, nota });
  if (Object.keys(invalid).length > 0) return pbError(400, PB.create, invalid);
  const record = {
    id: newId(),
    collectionId: 'pbc_tentativas_agendamento',
    collectionName: 'tentativas_agendamento',
    agendamento: booking.id,
    resultado: resultado as 'sem_vagas',
    nota,
    ...autoria(viewer),
    ...markAttempt(booking),
    created: pbDate(new Date()),
  };
  diaStore().tentativas_agendamento.push(record);
  note(booking.id, 'tentativa', diaComum.notaTentativa(resultado, nota), viewer);
  saveDb();
  return HttpResponse.json(record);
}

async function createAppointment(request: Request): Promise<Response> {
  const viewer = currentUser(request);
  const form = await request.formData().catch(() => null);
  const text = (key: string) => String(form?.get(key) ?? '');
  const sent = form ? formFields(form) : {};
  if (!viewer || !form || !allows('compromissos', 'create', sent, viewer, sent))
    return pbError(400, PB.create);
  // lib/dia.js salvarCompromisso, past the create rule (staff): what only the server writes is refused.
  const refused = diaComum.recusaDoCompromisso([...form.keys()]);
  if (refused) return pbError(400, refused);
  const booking = bookingOf(text('agendamento'));
  if (!booking) return pbError(400, PB.create);
  const applicants = getDb().requerentes.filter((r) => r.agendamento === booking.id);
  const requerentes = form.getAll('requerentes').map(String).filter(Boolean);
  // The kit's refusal first (lib/dia.js salvarCompromisso), then PocketBase's own checks of the fields.
  const outros = diaComum.errosDosRequerentes(
    requerentes,
    applicants.map((r) => r.id),
  );
  if (Object.keys(outros).length > 0) return pbError(400, PB.validation, outros);
  const errors: Json = schemaErrors('compromissos', {
    data: text('data'),
    hora: text('hora'),
    local: text('local'),
    codigo_portal: text('codigo_portal'),
    ocorrencia: text('ocorrencia'),
    cancelamento: text('cancelamento'),
  });
  if (requerentes.length === 0)
    errors.requerentes = { code: 'validation_required', message: 'Cannot be blank.' };
  const file = form.get('comprovante');
  const fileError = file instanceof Blob && file.size > 0 ? await fileFieldError(file) : null;
  if (fileError) errors.comprovante = fileError;
  if (Object.keys(errors).length > 0) return pbError(400, PB.create, errors);
  const consulate = consulateOfBooking(booking.id);
  const id = newId();
  let comprovante = '';
  if (file instanceof File && file.size > 0) {
    comprovante = storedName(file.name);
    await storeFile(id, comprovante, file);
  }
  const now = pbDate(new Date());
  const record = {
    id,
    collectionId: 'pbc_compromissos',
    collectionName: 'compromissos',
    agendamento: booking.id,
    requerentes,
    data: text('data'),
    hora: text('hora'),
    consulado: consulate?.id ?? '',
    local: text('local') || (consulate ? diaComum.localDe(consulate.nome, consulate.endereco) : ''),
    codigo_portal: text('codigo_portal'),
    comprovante,
    created: now,
    updated: now,
  };
  diaStore().compromissos.push(record);
  const { primeiro } = diaComum.cobertura(
    applicants.map((r) => r.id),
    // A cancelled appointment (Flex, the consulate) books no one.
    activeAppointments(booking.id),
  );
  const booked = diaComum.agendado(primeiro, booking.status_agendamento);
  if (booked) salvarAgendamento(booking, booked, viewer);
  saveDb();
  return HttpResponse.json(record);
}

export const diaRelayRoutes = [
  http.get('*/api/collections/retransmissoes/records', ({ request }) =>
    listResponse('retransmissoes', diaStore().retransmissoes, request, {
      canSee: readable('retransmissoes', request),
    }),
  ),
  http.get('*/api/collections/retransmissoes/records/:id', ({ request, params }) =>
    viewResponse(diaStore().retransmissoes, param(params, 'id'), readable('retransmissoes', request, 'view')),
  ),
  http.post('*/api/collections/retransmissoes/records', ({ request }) => createRelay(request)),
  http.patch('*/api/collections/retransmissoes/records/:id', ({ request, params }) =>
    updateRelay(request, param(params, 'id')),
  ),
  http.get('*/api/collections/tentativas_agendamento/records', ({ request }) =>
    listResponse('tentativas_agendamento', diaStore().tentativas_agendamento, request, {
      canSee: readable('tentativas_agendamento', request),
      present: asRead(request, 'tentativas_agendamento'),
    }),
  ),
  http.post('*/api/collections/tentativas_agendamento/records', async ({ request }) => {
    await latency();
    return createAttempt(request);
  }),
  http.get('*/api/collections/compromissos/records', ({ request }) =>
    listResponse('compromissos', diaStore().compromissos, request, {
      canSee: readable('compromissos', request),
    }),
  ),
  http.post('*/api/collections/compromissos/records', async ({ request }) => {
    await latency();
    return createAppointment(request);
  }),
  // The confirmation: a protected file, with a file token of someone who may read the appointment.
  http.get('*/api/files/:collection/:recordId/:filename', ({ request, params }) => {
    if (!['compromissos', 'pbc_compromissos'].includes(param(params, 'collection'))) return undefined;
    const userId = fileTokenUser(new URL(request.url).searchParams.get('token'));
    const viewer = getDb().usuarios.find((u) => u.id === userId) ?? null;
    const record = diaStore().compromissos.find((c) => c.id === param(params, 'recordId'));
    const filename = param(params, 'filename');
    const allowed = !!record && allows('compromissos', 'view', record, viewer);
    const file = allowed && record?.comprovante === filename ? readFile(record.id, filename) : null;
    return file
      ? new HttpResponse(file, { headers: { 'Content-Type': file.type } })
      : pbError(404, PB.notFound);
  }),
];
