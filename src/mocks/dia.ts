/**
 * The demo double of booking day (migration 1763903000_dia_agendamento, pb_hooks/dia.pb.js, lib/dia.js): the
 * consulates (staff edit them, each change in their history), each applicant's Prenot@mi contacts and state,
 * and the day's handling of a booking ("Assumir", "Soltar", "Pedir", "Estou pronto"). The relay, attempts and
 * appointments are dia-relay.ts. Decisions come from the kit's shared modules (dia_comum.js, janelas.js).
 * Registered before the case file's and the generic record routes (see handlers.ts).
 */
import { http, HttpResponse } from 'msw';
import { nomeRequerente, type RequerenteRecord } from '@/lib/processo';
import type { BookingHistoryRecord, UserRecord } from '@/lib/types';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import mensagens from '../../pocketbase/pb_hooks/lib/mensagens.json';
import { getDb, saveDb } from './db';
import { consulateOfBooking, diaStore, updateHandling, isStaff } from './dia-store';
import { listResponse, viewResponse } from './lista';
import { autoria, historyEntry } from './history';
import { currentUser, jsonBody, latency, MSG as PB, param, pbError, readJson, requireAuth } from './http';
import { changedFields, dataRefusal } from './processo-fields';
import { bookingOf, recusaDaAlteracao } from './processo-rules';
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
export function note(bookingId: string, campo: string, texto: string, autor: UserRecord | null) {
  registrar(bookingId, [{ campo, de: '', para: texto }], autor);
}

/**
 * lib/historico.js registrarMudanca: a change the server itself made to a booking (CANCELADO after a refund); from
 * '' it is registrarCriacao, a new booking's first status.
 */
export function serverChange(bookingId: string, campo: string, de: string, para: string) {
  registrar(bookingId, [{ campo, de, para }], null);
}

export const nowSp = () => janelas.horaLocal(Date.now(), janelas.FUSO_PADRAO, true);

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
  const store = diaStore();
  const record = store.consulados.find((c) => c.id === id);
  // As PocketBase updates a record: found, its body read, then the update rule (a failure reads as 404).
  if (!record) return pbError(404, PB.notFound);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  if (!viewer || !allows('consulados', 'update', record, viewer, body)) return pbError(404, PB.notFound);
  const janelasText =
    body.janelas === undefined ? JSON.stringify(record.janelas) : jsonFieldText(body.janelas);
  const after = { janelas: janelasText, fuso: String(body.fuso ?? '') };
  const errors = diaComum.errosDoConsulado(body, record.codigo, after, janelas);
  if (Object.keys(errors).length > 0) return pbError(400, PB.validation, errors);
  const texts = (r: Json) => Object.fromEntries(CAMPOS_CONSULADO.map((c) => [c, asText(r[c])]));
  const before = texts(record as unknown as Json);
  for (const f of CAMPOS_CONSULADO)
    if (f in body) (record as unknown as Json)[f] = f === 'janelas' ? diaComum.lerJson(janelasText) : body[f];
  const alteracoes = historicoComum.alteracoes(
    CAMPOS_CONSULADO,
    before,
    texts(record as unknown as Json),
    (r, c) => r[c] ?? '',
  );
  if (alteracoes.length > 0) {
    record.updated = pbDate(new Date());
    store.historico_consulados.push({
      id: newId(),
      collectionName: 'historico_consulados',
      consulado: record.id,
      ...autoria(viewer),
      alteracoes,
      created: record.updated,
    });
  }
  saveDb();
  return HttpResponse.json(record);
}

/** The owner's Prenot@mi contacts (lib/dia.js validarPrenotami): only a body of those; the rest is processo.ts's. */
async function savePrenotami(request: Request, id: string): Promise<Response | undefined> {
  // A body that is not JSON is processo.ts's to refuse.
  const body = (await readJson(request.clone())) ?? {};
  const keys = Object.keys(body);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('prenotami_'))) return undefined;
  const viewer = currentUser(request);
  const record = getDb().requerentes.find((r) => r.id === id) as (Json & { agendamento: string }) | undefined;
  if (!record || !viewer || !allows('requerentes', 'update', record, viewer, body))
    return pbError(404, PB.notFound);
  // lib/processo.js's lock first (the account is the customer's until the booking is made), then the contacts'
  // checks, in the order the kit's one requerentes hook runs them.
  const booking = bookingOf(record.agendamento);
  const recusa = booking && !viewer.admin ? recusaDaAlteracao(booking, changedFields(record, body)) : null;
  if (recusa) return pbError(400, recusa);
  const staff = getDb().usuarios.filter((u) => u.admin);
  const others = getDb().requerentes.filter((r) => r.id !== id) as unknown as Json[];
  const { valores: saved, erros: errors } = diaComum.contatosDoPrenotami(body, {
    empresa: () => ({
      emails: staff.map((u) => u.email.toLowerCase()),
      celulares: staff.map((u) => u.celular),
    }),
    deOutro: (campo, valor) => others.some((r) => r[campo] === valor),
    digitos: comum.digitos,
    celularValido: comum.celularValido,
    celularInvalido: mensagens.celularInvalido,
  });
  if (Object.keys(errors).length > 0) return pbError(400, PB.validation, errors);
  // Then lib/processo.js validarDados, as the kit's one hook runs it: here, the contacts' length.
  const refused = dataRefusal(record as unknown as RequerenteRecord, { ...record, ...saved });
  if (refused) return refused;
  Object.assign(record, saved, { updated: pbDate(new Date()) });
  saveDb();
  return HttpResponse.json(record);
}

/** The routes' checks (lib/dia.js): the booking, and its handling record made when first needed. */
function handlingOf(bookingId: string) {
  const store = diaStore();
  const booking = bookingOf(bookingId);
  if (!booking) return null;
  let handling = store.atendimentos.find((a) => a.agendamento === bookingId);
  if (!handling) {
    const at = pbDate(new Date());
    handling = {
      id: newId(),
      collectionId: 'pbc_atendimentos',
      collectionName: 'atendimentos',
      ...diaComum.atendimentoNovo(bookingId, consulateOfBooking(bookingId)?.id ?? ''),
      created: at,
      updated: at,
    } as (typeof store.atendimentos)[number];
    store.atendimentos.push(handling);
  }
  return { booking, handling };
}

async function act(request: Request, bookingId: string, action: string): Promise<Response> {
  const viewer = currentUser(request);
  if (!viewer) return pbError(401, PB.unauthorized);
  if (action !== 'pronto' && !viewer.admin) return pbError(403, MSG.soEquipe);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const tipo = String(body.tipo ?? '');
  const refused = action === 'pedir' ? diaComum.errosDoPedido(tipo) : {};
  if (Object.keys(refused).length > 0) return pbError(400, PB.validation, refused);
  const found = handlingOf(bookingId);
  if (!found || (action === 'pronto' && found.booking.usuario !== viewer.id))
    return pbError(404, MSG.naoEncontrado);
  const { booking, handling } = found;
  const now = pbDate(new Date());
  const step = diaComum.acaoDoAtendimento(
    action as 'assumir' | 'soltar' | 'pedir' | 'pronto',
    handling,
    booking.status_agendamento === 'ANALISE_OK',
    { id: viewer.id, nome: viewer.nome_completo },
    tipo,
    now,
  );
  if (step.erro) return pbError(step.erro.status, step.erro.message);
  updateHandling(handling, step.valores);
  const nota = diaComum.notaDoPasso(action, tipo, nowSp());
  if (nota) note(booking.id, 'prenotami', nota, viewer);
  handling.updated = now;
  saveDb();
  return HttpResponse.json(asRead(request, 'atendimentos')(handling));
}

async function accountState(request: Request, id: string): Promise<Response> {
  const viewer = currentUser(request);
  if (!isStaff(viewer)) return pbError(403, MSG.soEquipe);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const estado = String(body.estado ?? '');
  const refused = diaComum.errosDoEstadoConta(estado);
  if (Object.keys(refused).length > 0) return pbError(400, PB.validation, refused);
  const record = getDb().requerentes.find((r) => r.id === id) as
    | (RequerenteRecord & { prenotami_estado?: string })
    | undefined;
  if (!record) return pbError(404, PB.notFound);
  const antes = String(record.prenotami_estado ?? '');
  record.prenotami_estado = estado;
  note(
    record.agendamento,
    'prenotami_conta',
    diaComum.notaEstadoConta(nomeRequerente(record), antes, estado),
    viewer,
  );
  saveDb();
  return HttpResponse.json({ id, prenotami_estado: estado });
}

/** A booking-day record as its reader gets it: who on staff holds or tried the case, to staff only (dia_comum.js). */
export const asRead =
  (request: Request, collection: 'atendimentos' | 'tentativas_agendamento') =>
  <T extends object>(row: T) =>
    asReadBy(collection, currentUser(request), row);

/** The list (or view) rule of `collection` for the request's viewer. */
export const readable = (collection: string, request: Request, action: 'list' | 'view' = 'list') =>
  readableBy(collection, currentUser(request), action);

/** Before processo.ts: the owner's Prenot@mi contacts are this domain's. */
export const prenotamiRoutes = [
  http.patch('*/api/collections/requerentes/records/:id', async ({ request, params }) => {
    await latency();
    return savePrenotami(request, param(params, 'id'));
  }),
];

export const diaRoutes = [
  http.get('*/api/collections/consulados/records', async ({ request }) => {
    await latency();
    return listResponse('consulados', diaStore().consulados, request, {
      canSee: readable('consulados', request),
    });
  }),
  http.get('*/api/collections/consulados/records/:id', ({ request, params }) =>
    viewResponse(diaStore().consulados, param(params, 'id'), readable('consulados', request, 'view')),
  ),
  http.patch('*/api/collections/consulados/records/:id', async ({ request, params }) => {
    await latency();
    return updateConsulate(request, param(params, 'id'));
  }),
  http.get('*/api/collections/historico_consulados/records', ({ request }) =>
    listResponse('historico_consulados', diaStore().historico_consulados, request, {
      canSee: readable('historico_consulados', request),
    }),
  ),
  http.get('*/api/collections/atendimentos/records', ({ request }) =>
    listResponse('atendimentos', diaStore().atendimentos, request, {
      canSee: readable('atendimentos', request),
      present: asRead(request, 'atendimentos'),
    }),
  ),
  http.get('*/api/collections/atendimentos/records/:id', ({ request, params }) =>
    viewResponse(
      diaStore().atendimentos,
      param(params, 'id'),
      readable('atendimentos', request, 'view'),
      asRead(request, 'atendimentos'),
    ),
  ),
  http.post(
    '*/api/dia/requerentes/:id/prenotami',
    requireAuth(async ({ request, params }) => {
      await latency();
      return accountState(request, param(params, 'id'));
    }),
  ),
  http.post('*/api/dia/:id/:action', async ({ request, params }) => {
    const action = param(params, 'action');
    if (!['assumir', 'soltar', 'pedir', 'pronto'].includes(action)) return undefined;
    await latency();
    return act(request, param(params, 'id'), action);
  }),
];
