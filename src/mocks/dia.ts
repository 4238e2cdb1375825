/**
 * The demo double of booking day (migration 1763903000_dia_agendamento, pb_hooks/dia.pb.js, lib/dia.js): the
 * consulates (staff edit them, each change in their history), each applicant's Prenot@mi contacts and state,
 * and the day's handling of a booking ("Assumir", "Soltar", "Pedir", "Estou pronto": retransmissao_fluxo.js's order
 * of steps). The relay, attempts and appointments are dia-relay.ts. Decisions come from the kit's shared modules
 * (dia_comum.js, retransmissao_fluxo.js).
 * Registered before the case file's and the generic record routes (see handlers.ts).
 */
import { http, HttpResponse, type PathParams } from 'msw';
import { nomeRequerente, type RequerenteRecord } from '@/lib/processo';
import type { BookingHistoryRecord, UserRecord } from '@/lib/types';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import retransmissaoFluxo, { type PortasDoPasso } from '../../pocketbase/pb_hooks/lib/retransmissao_fluxo.js';
import { getDb, saveDb } from './db';
import {
  apagarRetransmissoes,
  bookingOf,
  diaStore,
  ensureHandling,
  isStaff,
  type DiaStore,
} from './dia-store';
import { listResponse, viewResponse } from './lista';
import { autoria, historyEntry } from './history';
import { currentUser, jsonBody, latency, MSG as PB, param, pbError, requireAuth } from './http';
import { allows, asReadBy, readableBy } from './rules';
import { newId, pbDate } from './util';

type Json = Record<string, unknown>;
const { MSG, CAMPOS_CONSULADO } = diaComum;
const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? ''));

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

/** What PocketBase stores in a JSON field from a body's value: a string is JSON only where it reads as one. */
function jsonFieldText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value ?? null);
  const raw =
    ['null', 'true', 'false'].includes(value) ||
    (/^[-\d"[{]/.test(value) && diaComum.lerJson(value) !== null);
  return raw ? value : JSON.stringify(value);
}

/** lib/dia.js salvarConsulado: every field's refusal at once (dia_comum.js), else saved with its history entry. */
async function updateConsulate(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  const record = diaStore().consulados.find((c) => c.id === id) as unknown as Json | undefined;
  // As PocketBase updates a record: found, its body read, then the update rule (a failure reads as 404).
  if (!record) return pbError(404, PB.notFound);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  if (!viewer || !allows('consulados', 'update', record, viewer, body)) return pbError(404, PB.notFound);
  const janelasText =
    body.janelas === undefined ? JSON.stringify(record.janelas) : jsonFieldText(body.janelas);
  const refused = invalid(
    diaComum.errosDoConsulado(body, String(record.codigo), {
      janelas: janelasText,
      fuso: String(body.fuso ?? ''),
    }),
  );
  if (refused) return refused;
  const before = { ...record };
  for (const f of CAMPOS_CONSULADO)
    if (f in body) record[f] = f === 'janelas' ? diaComum.lerJson(janelasText) : body[f];
  const alteracoes = historicoComum.alteracoes(CAMPOS_CONSULADO, before, record, (r, c) => asText(r[c]));
  if (alteracoes.length > 0) {
    record.updated = pbDate(new Date());
    diaStore().historico_consulados.push({
      id: newId(),
      collectionName: 'historico_consulados',
      consulado: id,
      ...autoria(viewer),
      alteracoes,
      created: String(record.updated),
    });
  }
  saveDb();
  return HttpResponse.json(record);
}

/**
 * A move of a booking's handling (lib/dia.js mover): retransmissao_fluxo.js mover's order on the double's rows; who
 * may ask (staff, or the owner's "pronto") is checked first, as the kit's routes do.
 */
async function act(
  request: Request,
  bookingId: string,
  action: 'assumir' | 'soltar' | 'pedir' | 'pronto',
): Promise<Response> {
  const viewer = currentUser(request);
  if (!viewer) return pbError(401, PB.unauthorized);
  if (action !== 'pronto' && !viewer.admin) return pbError(403, MSG.soEquipe);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const now = new Date();
  const ports: PortasDoPasso<ReturnType<typeof ensureHandling>, Json> = {
    agendamento: () => bookingOf(bookingId),
    atendimento: (booking) => ensureHandling(booking.id),
    gravar: (handling, valores) => {
      Object.assign(handling, valores, { updated: pbDate(now) });
      return asReadBy('atendimentos', viewer, handling);
    },
    apagar: apagarRetransmissoes,
    nota: (id, campo, texto) => note(id, campo, texto, viewer),
  };
  const tipo = action === 'pedir' ? String(body.tipo ?? '') : '';
  const quem = { id: viewer.id, nome: viewer.nome_completo };
  const step = retransmissaoFluxo.mover(ports, action, tipo, quem, now.getTime());
  if (step.erro) return pbError(step.erro.status, step.erro.message, step.erro.erros);
  saveDb();
  return HttpResponse.json(step.atendimento);
}

async function accountState(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  if (!isStaff(viewer)) return pbError(403, MSG.soEquipe);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const estado = String(body.estado ?? '');
  const refused = invalid(diaComum.errosDoEstadoConta(estado));
  if (refused) return refused;
  const record = getDb().requerentes.find((r) => r.id === id) as
    | (RequerenteRecord & { prenotami_estado?: string })
    | undefined;
  if (!record) return pbError(404, PB.notFound);
  const nota = diaComum.notaEstadoConta(nomeRequerente(record), record.prenotami_estado ?? '', estado);
  record.prenotami_estado = estado;
  note(record.agendamento, 'prenotami_conta', nota, viewer);
  saveDb();
  return HttpResponse.json({ id, prenotami_estado: estado });
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

const ACTIONS = ['assumir', 'soltar', 'pedir', 'pronto'] as const;

export const diaRoutes = [
  ...readRoutes('consulados', { slow: true }),
  http.patch('*/api/collections/consulados/records/:id', slow(updateConsulate)),
  ...readRoutes('historico_consulados', { view: false }),
  ...readRoutes('atendimentos'),
  http.post('*/api/dia/requerentes/:id/prenotami', requireAuth(slow(accountState))),
  http.post('*/api/dia/:id/:action', async ({ request, params }) => {
    const action = ACTIONS.find((a) => a === param(params, 'action'));
    if (!action) return undefined;
    await latency();
    return act(request, param(params, 'id'), action);
  }),
];
