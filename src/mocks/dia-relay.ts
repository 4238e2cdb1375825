/**
 * The demo double's routes of the relay, the attempts and the appointments, under the migration's rules: the
 * relayed value's writes and the attempts are the kit's own hooks (dia.pb.js: lib/retransmissao.js, lib/dia.js)
 * through the JSVM stand-in; the booking's owner writes a relayed value only while staff ask for that kind; only the
 * staff member holding the case reads it, only while alive (10 minutes; dia-store.ts drops it after); the
 * history says when it arrived, never the value. Staff record appointments (with the confirmation, a protected
 * file like the case file's); every applicant booked makes the booking AGENDADO with the earliest.
 */
import { http, HttpResponse } from 'msw';
import { hojeSaoPaulo } from '@/lib/processo';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import { schemaErrors } from './collections';
import { getDb, saveDb } from './db';
import { invalid, readRoutes, slow } from './dia';
import { activeAppointments, bookingOf, consulateOfBooking, diaStore } from './dia-store';
import { currentUser, jsonBody, MSG as PB, param, pbError, REQUIRED } from './http';
import { kitCreateRequest, kitUpdateRequest } from './jsvm/kit';
import { fileFieldError, fileTokenUser, readFile, storedName, storeFile } from './processo-files';
import { gravarAgendamento } from './jsvm/kit';
import { allows, formFields } from './rules';
import { meta, newId } from './util';

type Json = Record<string, unknown>;
/** An appointment's text fields, as PocketBase checks them. */
const TEXTS = ['data', 'hora', 'local', 'codigo_portal', 'ocorrencia', 'cancelamento'];

/**
 * The customer's relayed value: created on the first keystroke after staff asked, then updated on each one, by the
 * kit's own hooks (dia.pb.js, lib/retransmissao.js over retransmissao_fluxo.js) through the JSVM stand-in: only the
 * kind asked, checked for its kind, its end in the history as when it arrived, never what. An update is first
 * under the collection's update rule (the owner, while alive, never its booking, kind or lifetime), as PocketBase
 * reads the record to update.
 */
async function updateRelay(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const record = diaStore().retransmissoes.find((r) => r.id === id);
  if (!record || !allows('retransmissoes', 'update', record, viewer, body)) return pbError(404, PB.notFound);
  return kitUpdateRequest('retransmissoes', id, body, request, (row) => HttpResponse.json(row));
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
  const applicants = getDb()
    .requerentes.filter((r) => r.agendamento === booking.id)
    .map((r) => r.id);
  const requerentes = form.getAll('requerentes').map(String).filter(Boolean);
  // The kit's refusal first (lib/dia.js salvarCompromisso), then PocketBase's own checks of the fields.
  const outros = invalid(
    diaComum.errosDoCompromisso({
      requerentes,
      doAgendamento: applicants,
      dataAntes: '',
      data: text('data'),
      hoje: hojeSaoPaulo(),
    }),
  );
  if (outros) return outros;
  const errors: Json = schemaErrors('compromissos', Object.fromEntries(TEXTS.map((k) => [k, text(k)])));
  if (requerentes.length === 0) errors.requerentes = REQUIRED;
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
  // A cancelled appointment (Flex, the consulate) books no one.
  const { primeiro } = diaComum.cobertura(applicants, activeAppointments(booking.id));
  const booked = diaComum.agendado(primeiro, booking.status_agendamento);
  if (booked) gravarAgendamento(booking.id, booked, viewer);
  saveDb();
  return HttpResponse.json(record);
}

export const diaRelayRoutes = [
  ...readRoutes('retransmissoes'),
  http.post('*/api/collections/retransmissoes/records', ({ request }) =>
    kitCreateRequest('retransmissoes', request),
  ),
  http.patch('*/api/collections/retransmissoes/records/:id', ({ request, params }) =>
    updateRelay(request, param(params, 'id')),
  ),
  ...readRoutes('tentativas_agendamento', { view: false }),
  // lib/dia.js registrarTentativa (dia.pb.js), through the JSVM stand-in.
  http.post(
    '*/api/collections/tentativas_agendamento/records',
    slow((request) => kitCreateRequest('tentativas_agendamento', request)),
  ),
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
