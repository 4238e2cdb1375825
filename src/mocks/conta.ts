/**
 * The customer's own data (LGPD): the export and the deletion request run the kit's own conta.pb.js (lib/conta.js
 * exportar, prepararExclusao) through the JSVM stand-in; what is left here is PocketBase's part: the create rule
 * and the one-request-per-account unique index.
 */
import { HttpResponse } from 'msw';
import { getDb } from './db';
import type { StoredUser } from './schema';
import { allows } from './rules';
import { contaRoutes, kitSaveRequest } from './jsvm/kit';
import { BadRequestError } from './jsvm/pocketbase';
import { type Json, MSG, NOT_UNIQUE, pbError } from './http';

/**
 * solicitacoes_exclusao's create rule (the signed-in customer's own), then the kit's hook (the id, the reason, the
 * status: lib/conta.js prepararExclusao) and the save; one per user (unique index, PocketBase's answer).
 */
export function prepararExclusao(body: Json, viewer: StoredUser | null, request: Request): Response {
  if (!viewer || !allows('solicitacoes_exclusao', 'create', body, viewer, body))
    return pbError(400, MSG.create);
  return kitSaveRequest(
    'solicitacoes_exclusao',
    null,
    body,
    {},
    request,
    (record) => HttpResponse.json(record.data),
    (record) => {
      if (getDb().solicitacoes_exclusao.some((r) => r.usuario === record.getString('usuario')))
        throw new BadRequestError(MSG.create, { usuario: NOT_UNIQUE });
    },
  );
}

/** Everything the server holds about the signed-in customer, as one JSON document (LGPD art. 18, II and V). */
export const accountRoutes = contaRoutes;
