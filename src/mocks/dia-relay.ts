/**
 * The demo double of the relay (lib/retransmissao.js), the attempts and the appointments (lib/dia.js), under
 * the migration's rules: the booking's owner writes a relayed value only while staff ask for that kind; only the
 * staff member holding the case reads it, only while alive (10 minutes; dia-store.ts drops it after); the
 * history says when it arrived, never the value. Staff record attempts and appointments (with the confirmation,
 * a protected file like the case file's); every applicant booked makes the booking AGENDADO with the earliest.
 */
import { http, HttpResponse } from 'msw';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import { schemaErrors } from './collections';
import { getDb, saveDb } from './db';
import { invalid, note, nowSp, readRoutes, slow } from './dia';
import { activeAppointments, consulateOfBooking, diaStore, handlingOf, marksOf, meta } from './dia-store';
import { autoria } from './history';
import { currentUser, jsonBody, MSG as PB, param, pbError } from './http';
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
    ...meta('retransmissoes', newId(), pbDate(new Date(now))),
    agendamento,
    atendimento: handling.id,
    tipo: tipo as 'senha' | 'codigo',
    valor,
    expira_em: pbDate(new Date(now + LIFE_MS)),
    enviado_em: '',
  };
  store.retransmissoes.push(record);
  finish(record, body.enviar, viewer);
  saveDb();
  return HttpResponse.json(record);
}

/** The 6th digit or 'Enviar' (dia_comum.js fimDaRetransmissao): when it arrived goes into the history, never what. */
function finish(
  record: { agendamento: string; tipo: string; valor: string; enviado_em: string },
  enviar: unknown,
  viewer: ReturnType<typeof currentUser>,
) {
  const fim = diaComum.fimDaRetransmissao(record, enviar, pbDate(new Date()), nowSp());
  if (!fim) return;
  Object.assign(record, fim.retransmissao);
  const handling = handlingOf(record.agendamento);
  if (handling) Object.assign(handling, fim.atendimento);
  note(record.agendamento, 'prenotami', fim.nota, viewer);
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
  const refused = invalid(diaComum.errosDaTentativa(resultado, nota));
  if (refused) return refused;
  const fields = schemaErrors('tentativas_agendamento', { resultado, nota });
  if (Object.keys(fields).length > 0) return pbError(400, PB.create, fields);
  // lib/garantia.js marcarTentativa: the window running at its consulate now, and what it means.
  const window = janelas.janelaEmCurso(consulateOfBooking(booking.id), Date.now()) ?? 0;
  const record = {
    id: newId(),
    collectionId: 'pbc_tentativas_agendamento',
    collectionName: 'tentativas_agendamento',
    agendamento: booking.id,
    resultado: resultado as 'sem_vagas',
    nota,
    ...autoria(viewer),
    ...marksOf(booking, window, handlingOf(booking.id) ?? null),
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
  const outros = invalid(
    diaComum.errosDosRequerentes(
      requerentes,
      applicants.map((r) => r.id),
    ),
  );
  if (outros) return outros;
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
  const record = {
    ...meta('compromissos', id),
    agendamento: booking.id,
    requerentes,
    data: text('data'),
    hora: text('hora'),
    consulado: consulate?.id ?? '',
    local: text('local') || (consulate ? diaComum.localDe(consulate.nome, consulate.endereco) : ''),
    codigo_portal: text('codigo_portal'),
    comprovante,
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
  ...readRoutes('retransmissoes'),
  http.post('*/api/collections/retransmissoes/records', ({ request }) => createRelay(request)),
  http.patch('*/api/collections/retransmissoes/records/:id', ({ request, params }) =>
    updateRelay(request, param(params, 'id')),
  ),
  ...readRoutes('tentativas_agendamento', { view: false }),
  http.post('*/api/collections/tentativas_agendamento/records', slow(createAttempt)),
  ...readRoutes('compromissos', { view: false }),
  http.post('*/api/collections/compromissos/records', slow(createAppointment)),
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
