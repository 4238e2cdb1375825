/** A staff save of a booking (pocketbase/pb_hooks/lib/agenda.js) and its history (lib/historico.js). */
import { hojeSaoPaulo } from '@/lib/processo';
import type { BookingRecord, UserRecord } from '@/lib/types';
import agendaComum from '../../pocketbase/pb_hooks/lib/agenda_comum.js';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { caseApproved } from './case-summary';
import { schemaFields, textLimits, type SchemaField } from './collections';
import { getDb, saveDb } from './db';
import { activeAppointments } from './dia-store';
import type { StoredUser } from './schema';
import { pbDate } from './util';
import { historyEntry } from './history';
import { notifyMail } from './mailbox';
import { hasErrors, MSG, pbError, REQUIRED, toPbDate, toText, type FieldErrors, type Json } from './http';

const BOOKING_FIELDS = schemaFields('agendamentos');
/** What a staff save writes (agenda_comum.js camposDaEquipe): every field of the schema but the server's. */
const WRITABLE = agendaComum.camposDaEquipe(BOOKING_FIELDS.map((f) => f.name));

/** A relation's id, as PocketBase checks it: one record of the related collection (required: one at all). */
function checkRelation(f: SchemaField, value: unknown, errors: FieldErrors): string {
  const id = toText(value);
  const rows = (getDb() as unknown as Record<string, { id: string }[] | undefined>)[f.collection ?? ''];
  const message = 'Failed to find all relation records with the provided ids.';
  if (id === '' && f.required) errors[f.name] = REQUIRED;
  if (id !== '' && !rows?.some((r) => r.id === id))
    errors[f.name] = { code: 'validation_missing_rel_records', message };
  return id;
}

/**
 * Applies each field staff may write that `body` sends onto `target`, the way PocketBase reads it into the record
 * by its schema type (an unreadable date is stored empty, as its date field does; the editor refuses one before
 * sending). The server's columns are refused by agenda_comum.js errosDaAlteracao, not dropped here.
 */
function aplicar(target: BookingRecord, body: Json, errors: FieldErrors): void {
  const record = target as unknown as Json;
  for (const f of BOOKING_FIELDS) {
    if (!(f.name in body) || !WRITABLE.includes(f.name)) continue;
    const value = body[f.name];
    if (f.type === 'relation') record[f.name] = checkRelation(f, value, errors);
    else if (f.type === 'date') record[f.name] = toPbDate(value);
    else record[f.name] = toText(value);
  }
}

/**
 * pb_hooks/lib/historico.js: one history entry per save that changed a recorded field (historico_comum.js), and
 * the status e-mail when the status moved to one that has one (email_texto.js mensagemDoAgendamento,
 * as lib/emails_status.js asks). Every save of a booking in the double records itself through here.
 */
export function registrarAlteracao(
  before: BookingRecord,
  after: BookingRecord,
  author: UserRecord | null,
): void {
  const alteracoes = historicoComum.alteracoes(regras.camposHistorico, before, after, (booking, campo) =>
    String(booking[campo as keyof BookingRecord] ?? ''),
  );
  if (alteracoes.length === 0) return;
  const entry = historyEntry(after, alteracoes, author, after.updated);
  const owner = getDb().usuarios.find((u) => u.id === after.usuario);
  const mail =
    owner && before.status_agendamento !== after.status_agendamento
      ? // The double's mailbox keeps the subject and the link's path only: no app address.
        emailTexto.mensagemDoAgendamento(after, owner.nome_completo, '', [], regras)
      : null;
  if (owner && mail) {
    notifyMail({ kind: 'status', email: owner.email, token: '', path: '/tracking', subject: mail.assunto });
    Object.assign(
      entry,
      historicoComum.camposDoEmail({ para: owner.email, enviado: true, assunto: mail.assunto }),
    );
  }
  getDb().historico_agendamentos.push(entry);
}

/**
 * A staff save (pb_hooks/lib/agenda.js salvar): refused when based on an older copy than the stored one
 * (If-Match), checked field by field, then stored with its history entry; the saved booking or the refusal.
 */
export function salvar(
  booking: BookingRecord,
  body: Json,
  author: StoredUser,
  basedOn: string | null,
): BookingRecord | Response {
  const draft: BookingRecord = { ...booking };
  const errors: FieldErrors = {};
  aplicar(draft, body, errors);
  // pb_hooks/lib/agenda.js: the request's fields first (agenda_comum.js, then each text sent within the schema's
  // limit: comum.js errosDeTamanho), then the copy's version.
  const after: Json = { ...draft };
  const sent = Object.fromEntries(Object.keys(body).map((campo) => [campo, after[campo]]));
  Object.assign(
    errors,
    comum.errosDeTamanho(
      sent,
      textLimits('agendamentos'),
      agendaComum.errosDaAlteracao(
        Object.keys(body),
        { ...booking },
        { ...draft },
        {
          hoje: hojeSaoPaulo(),
          aprovado: () => caseApproved(getDb(), booking.id),
          requerentes: () =>
            getDb()
              .requerentes.filter((r) => r.agendamento === booking.id)
              .map((r) => r.id),
          compromissos: () => activeAppointments(booking.id),
        },
      ),
    ),
  );
  if (hasErrors(errors)) return pbError(400, MSG.validation, errors);
  const version = agendaComum.versaoEsperada(basedOn);
  if (version !== '' && version !== booking.updated) return pbError(409, MSG.stale);
  const before = { ...booking };
  draft.nota_cliente = processoComum.notaDoStatus(
    booking.status_agendamento,
    booking.nota_cliente ?? '',
    draft.status_agendamento,
    draft.nota_cliente ?? '',
  );
  Object.assign(booking, draft, { updated: pbDate(new Date()) });
  registrarAlteracao(before, booking, author);
  saveDb();
  return booking;
}
