/**
 * The demo double of booking day (migration 1763903000_dia_agendamento, pb_hooks/dia.pb.js, lib/dia.js): the
 * consulates (staff edit them, each change in their history), each applicant's Prenot@mi contacts, and the reads of
 * the day's collections. The day's handling of a booking ("Assumir", "Soltar", "Pedir", "Estou pronto") and the
 * applicants' account state are the kit's own routes (dia.pb.js, lib/dia.js) through the JSVM stand-in (jsvm/kit.ts
 * diaKitRoutes). The relay, attempts and appointments are dia-relay.ts. Decisions come from the kit's shared
 * modules (dia_comum.js).
 * Registered before the case file's and the generic record routes (see handlers.ts).
 */
import { http, HttpResponse, type PathParams } from 'msw';
import type { BookingHistoryRecord, UserRecord } from '@/lib/types';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import { getDb, saveDb } from './db';
import { kitUpdateRequest } from './jsvm/kit';
import { diaStore, type DiaStore } from './dia-store';
import { listResponse, viewResponse } from './lista';
import { historyEntry } from './history';
import { currentUser, jsonBody, latency, MSG as PB, param, pbError, readJson } from './http';
import { changedFields, dataRefusal } from './processo-fields';
import { bookingOf, recusaDaAlteracao } from './processo-rules';
import { allows, asReadBy, readableBy } from './rules';
import { pbDate } from './util';

type Json = Record<string, unknown>;

/** lib/historico.js registrar: one entry of a booking's history, now; no author is the server itself. */
function registrar(
  bookingId: string,
  alteracoes: BookingHistoryRecord['alteracoes'],
  autor: UserRecord | null,
) {
  getDb().historico_agendamentos.push(historyEntry({ id: bookingId }, alteracoes, autor, pbDate(new Date())));
}

/** lib/historico.js registrarNota: a line in the booking's history (never a relayed value). */
export const note = (bookingId: string, campo: string, texto: string, autor: UserRecord | null) =>
  registrar(bookingId, [{ campo, de: '', para: texto }], autor);

/**
 * lib/historico.js registrarMudanca: a change the server itself made to a booking (CANCELADO after a refund); from
 * '' it is registrarCriacao, a new booking's first status.
 */
export const serverChange = (bookingId: string, campo: string, de: string, para: string) =>
  registrar(bookingId, [{ campo, de, para }], null);

/** A shared module's field errors as PocketBase's 400, or null when there are none. */
export const invalid = (errors: Record<string, { code: string; message: string }>) =>
  Object.keys(errors).length > 0 ? pbError(400, PB.validation, errors) : null;

/** A route's handler after the demo's latency, given the request and the path's `:id` ('' when it has none). */
export const slow =
  <R extends Response | undefined>(handle: (request: Request, id: string) => R | Promise<R>) =>
  async ({ request, params }: { request: Request; params: PathParams }): Promise<R> => {
    await latency();
    return handle(request, param(params, 'id'));
  };

/**
 * A staff edit of a consulate, under the update rule (a failure reads as 404, as PocketBase finds the record to
 * update), then the kit's own hook (dia.pb.js: lib/dia.js salvarConsulado, every field's refusal at once, saved
 * with its history entry) through the JSVM stand-in.
 */
async function updateConsulate(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const record = diaStore().consulados.find((c) => c.id === id);
  if (!record) return pbError(404, PB.notFound);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  if (!viewer || !allows('consulados', 'update', record, viewer, body)) return pbError(404, PB.notFound);
  return kitUpdateRequest('consulados', id, body, request, (row) => HttpResponse.json(row));
}

/** The owner's Prenot@mi contacts (lib/dia.js validarPrenotami): only a body of those; the rest is processo.ts's. */
async function savePrenotami(request: Request, id: string): Promise<Response | undefined> {
  // A body that is not JSON is processo.ts's to refuse.
  const body = (await readJson(request.clone())) ?? {};
  const keys = Object.keys(body);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('prenotami_'))) return undefined;
  const viewer = currentUser(request);
  const record = getDb().requerentes.find((r) => r.id === id);
  if (!record || !viewer || !allows('requerentes', 'update', record, viewer, body))
    return pbError(404, PB.notFound);
  // lib/processo.js's lock first (the account is the customer's until the booking is made), then the contacts'
  // checks, in the order the kit's one requerentes hook runs them.
  const booking = bookingOf(record.agendamento);
  const recusa = booking && !viewer.admin ? recusaDaAlteracao(booking, changedFields(record, body)) : null;
  if (recusa) return pbError(400, recusa);
  const staff = getDb().usuarios.filter((u) => u.admin);
  // lib/dia.js deOutro: the customer's own other applicants only.
  const others = getDb().requerentes.filter(
    (r) => r.id !== id && bookingOf(r.agendamento)?.usuario === booking?.usuario,
  ) as unknown as Json[];
  const empresa = () => ({
    emails: staff.map((u) => u.email.toLowerCase()),
    celulares: staff.map((u) => u.celular),
  });
  const contatos = diaComum.contatosDoPrenotami(body, {
    empresa,
    deOutro: (campo, valor) => others.some((r) => r[campo] === valor),
  });
  const { valores, erros } = contatos;
  // Then lib/processo.js validarDados, as the kit's one hook runs it: here, the contacts' length.
  const refused = invalid(erros) ?? dataRefusal(record, { ...record, ...valores });
  if (refused) return refused;
  Object.assign(record, valores, { updated: pbDate(new Date()) });
  saveDb();
  return HttpResponse.json(record);
}

/**
 * GET list (and one record's view, unless `view` is false) of a booking-day collection under its read rules, each
 * record as its reader gets it (rules.ts asReadBy: who on staff holds or tried a case, to staff only); `slow`: with
 * the demo's latency.
 */
export function readRoutes(collection: keyof DiaStore, { view = true, slow = false } = {}) {
  const rows = () => diaStore()[collection] as readonly { id: string }[];
  const present = (request: Request) => (row: object) => asReadBy(collection, currentUser(request), row);
  const list = http.get(`*/api/collections/${collection}/records`, async ({ request }) => {
    if (slow) await latency();
    const canSee = readableBy(collection, currentUser(request));
    return listResponse(collection, rows(), request, { canSee, present: present(request) });
  });
  const one = http.get(`*/api/collections/${collection}/records/:id`, ({ request, params }) =>
    viewResponse(
      rows(),
      param(params, 'id'),
      readableBy(collection, currentUser(request), 'view'),
      present(request),
    ),
  );
  return view ? [list, one] : [list];
}

/** Before processo.ts: the owner's Prenot@mi contacts are this domain's. */
export const prenotamiRoutes = [http.patch('*/api/collections/requerentes/records/:id', slow(savePrenotami))];

export const diaRoutes = [
  ...readRoutes('consulados', { slow: true }),
  http.patch('*/api/collections/consulados/records/:id', slow(updateConsulate)),
  ...readRoutes('historico_consulados', { view: false }),
  ...readRoutes('atendimentos'),
];
