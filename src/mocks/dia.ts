/**
 * The demo double of booking day (migration 1763903000_dia_agendamento, pb_hooks/dia.pb.js, lib/dia.js): the
 * reads of the day's collections under their rules, and a staff edit of a consulate under its rule. Every decision
 * is the kit's own, through the JSVM stand-in: the consulate's save (its hook), the day's handling of a booking
 * ("Assumir", "Soltar", "Pedir", "Estou pronto") and the applicants' account state (jsvm/kit.ts diaKitRoutes), an
 * applicant's Prenot@mi contacts (processo.pb.js). The relay, attempts and appointments are dia-relay.ts.
 * Registered before the case file's and the generic record routes (see handlers.ts).
 */
import { http, HttpResponse, type PathParams } from 'msw';
import { diaStore, type DiaStore } from './dia-store';
import { listResponse, viewResponse } from './lista';
import { currentUser, jsonBody, latency, MSG as PB, param, pbError } from './http';
import { kitUpdateRequest } from './jsvm/kit';
import { allows, asReadBy, readableBy } from './rules';

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

export const diaRoutes = [
  ...readRoutes('consulados', { slow: true }),
  http.patch('*/api/collections/consulados/records/:id', slow(updateConsulate)),
  ...readRoutes('historico_consulados', { view: false }),
  ...readRoutes('atendimentos'),
];
