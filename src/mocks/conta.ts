/** The customer's own data (LGPD, pocketbase/pb_hooks/lib/conta.js): the export and the deletion request. */
import { http, HttpResponse } from 'msw';
import type { DeletionRequestRecord } from '@/lib/types';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import contaComum from '../../pocketbase/pb_hooks/lib/conta_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { textLimits } from './collections';
import { getDb, saveDb } from './db';
import { diaStore } from './dia-store';
import type { StoredUser } from './schema';
import { allows } from './rules';
import { newId, pbDate } from './util';
import {
  currentUser,
  hasErrors,
  type Json,
  latency,
  MSG,
  NOT_UNIQUE,
  pbError,
  presentUser,
  toText,
} from './http';

/**
 * solicitacoes_exclusao's create rule (the signed-in customer's own), one per user (unique index); the server
 * sets the status whatever the body says.
 */
export function prepararExclusao(body: Json, viewer: StoredUser | null): Response {
  if (!viewer || !allows('solicitacoes_exclusao', 'create', body, viewer, body))
    return pbError(400, MSG.create);
  const db = getDb();
  // pb_hooks/lib/conta.js prepararExclusao answers before PocketBase's own checks of the record: the id, and the
  // reason within the schema's limit (comum.js errosDeTamanho).
  const ours = comum.errosDeTamanho(
    { motivo: toText(body.motivo) },
    textLimits('solicitacoes_exclusao'),
    contaComum.errosDaExclusao(body),
  );
  if (hasErrors(ours)) return pbError(400, MSG.validation, ours);
  if (db.solicitacoes_exclusao.some((r) => r.usuario === viewer.id))
    return pbError(400, MSG.create, { usuario: NOT_UNIQUE });
  const now = pbDate(new Date());
  const record: DeletionRequestRecord = {
    id: newId(),
    collectionId: 'pbc_solicitacoes_exclusao',
    collectionName: 'solicitacoes_exclusao',
    usuario: viewer.id,
    status: contaComum.statusDaExclusao(
      db.agendamentos.filter((b) => b.usuario === viewer.id).map((b) => b.status_agendamento),
    ),
    motivo: toText(body.motivo), // as written: PocketBase's text field does not trim
    created: now,
    updated: now,
  };
  db.solicitacoes_exclusao.push(record);
  saveDb();
  return HttpResponse.json(record);
}

export const accountRoutes = [
  /** Everything the server holds about the signed-in customer, as one JSON document (LGPD art. 18, II and V). */
  http.get('*/api/conta/exportar', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    // The double's stores by collection; it sends no reminders (lib/pos_vaga.js's job is the server's).
    const stores = { ...getDb(), ...diaStore(), lembretes: [] } as unknown as Record<
      string,
      Json[] | undefined
    >;
    const rows = (name: string) => stores[name] ?? [];
    return HttpResponse.json(
      contaComum.exportacaoDe(
        new Date().toISOString(),
        presentUser(user, user),
        (name) => rows(name).filter((r) => r.usuario === user.id),
        (name, bookings) => rows(name).filter((r) => bookings.some((b) => b.id === r.agendamento)),
        regras.autorSistema,
      ),
    );
  }),
];
