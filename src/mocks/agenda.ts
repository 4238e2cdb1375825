/** A staff save of a booking (pocketbase/pb_hooks/lib/agenda.js) and its history (lib/historico.js). */
import {
  BOOKING_STATUSES,
  TRACKED_BOOKING_FIELDS,
  type BookingRecord,
  type BookingStatus,
} from '@/lib/types';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import { ANALISE_OK_TOO_EARLY, caseSummary } from './case-summary';
import { getDb, saveDb } from './db';
import type { StoredUser } from './schema';
import { INDEXED_KEY_FIELDS } from '@/lib/search-key';
import { pbDate } from './util';
import { historyEntry, STATUS_MAIL_SUBJECTS } from './history';
import { notifyMail } from './mailbox';
import { hasErrors, MSG, pbError, REQUIRED, toPbDate, toText, type FieldErrors, type Json } from './http';

function checkUsuario(body: Json, errors: FieldErrors, required: boolean): string {
  const id = toText(body.usuario);
  if (id === '') {
    if (required) errors.usuario = REQUIRED;
  } else if (!getDb().usuarios.some((u) => u.id === id)) {
    errors.usuario = {
      code: 'validation_missing_rel_records',
      message: 'Failed to find all relation records with the provided ids.',
    };
  }
  return id;
}

/** The text limits of agendamentos (pocketbase/pb_migrations). */
const BOOKING_TEXT_MAX = {
  local_agendamento: 200,
  nota_cliente: 2000,
  formulario: 5000,
  status_agendamento: 30,
};

/**
 * Applies the booking fields present in `body` onto `target`; collects the field errors of
 * pb_hooks/lib/agenda.js (pt-BR messages, PocketBase's codes where it has one).
 */
function validarAlteracao(target: BookingRecord, body: Json, errors: FieldErrors): void {
  if ('usuario' in body) target.usuario = checkUsuario(body, errors, true);
  // An unreadable date is stored empty, as PocketBase's date field does (the editor refuses one before sending).
  if ('data_agendamento' in body) target.data_agendamento = toPbDate(body.data_agendamento);
  if ('hora_agendamento' in body) {
    const time = toText(body.hora_agendamento);
    if (time !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
      errors.hora_agendamento = {
        code: 'validation_invalid_hora',
        message: 'Hora inválida: use o formato HH:mm, como 09:30.',
      };
    target.hora_agendamento = time;
  }
  if ('status_agendamento' in body) target.status_agendamento = toText(body.status_agendamento);
  if ('local_agendamento' in body) target.local_agendamento = toText(body.local_agendamento);
  if ('formulario' in body) target.formulario = toText(body.formulario);
  if ('nota_cliente' in body) target.nota_cliente = toText(body.nota_cliente);
  // The search column and the case summary are the server's (pb_hooks/lib/agenda.js).
  for (const field of ['busca', ...INDEXED_KEY_FIELDS, 'consulado', 'documentacao'].filter((f) => f in body))
    errors[field] = { code: 'validation_forbidden', message: 'Campo não permitido.' };
  for (const [field, max] of Object.entries(BOOKING_TEXT_MAX)) {
    if (field in body && toText(body[field]).length > max && !errors[field])
      errors[field] = { code: 'validation_max_text_constraint', message: `Use no máximo ${max} caracteres.` };
  }
}

/** pb_hooks/lib/historico.js: one history entry per save that changed something, and the status e-mail. */
function registrarAlteracao(before: BookingRecord, after: BookingRecord, author: StoredUser | null): void {
  const alteracoes = TRACKED_BOOKING_FIELDS.map((campo) => ({
    campo,
    de: before[campo] ?? '',
    para: after[campo] ?? '',
  })).filter((change) => change.de !== change.para);
  if (alteracoes.length === 0) return;
  const entry = historyEntry(after, alteracoes, author, after.updated);
  const statusChanged = before.status_agendamento !== after.status_agendamento;
  const owner = getDb().usuarios.find((u) => u.id === after.usuario);
  if (statusChanged && owner && (BOOKING_STATUSES as readonly string[]).includes(after.status_agendamento)) {
    const subject = STATUS_MAIL_SUBJECTS[after.status_agendamento as BookingStatus];
    notifyMail({ kind: 'status', email: owner.email, token: '', path: '/tracking', subject });
    Object.assign(entry, { email_para: owner.email, email_status: 'ENVIADO', email_assunto: subject });
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
  if (basedOn !== null && basedOn.replace(/^"|"$/g, '') !== booking.updated) return pbError(409, MSG.stale);
  const draft: BookingRecord = { ...booking };
  const errors: FieldErrors = {};
  validarAlteracao(draft, body, errors);
  // pb_hooks/agendamentos.pb.js: the five statuses, or the value already stored.
  if (
    draft.status_agendamento !== booking.status_agendamento &&
    !(BOOKING_STATUSES as readonly string[]).includes(draft.status_agendamento)
  )
    errors.status_agendamento = { code: 'validation_invalid_status', message: 'Status inválido.' };
  else if (
    draft.status_agendamento === 'ANALISE_OK' &&
    booking.status_agendamento !== 'ANALISE_OK' &&
    (caseSummary(getDb(), booking.id)?.documentacao ?? 'aprovada') !== 'aprovada'
  )
    errors.status_agendamento = { code: 'validation_case_not_approved', message: ANALISE_OK_TOO_EARLY };
  // pb_hooks/lib/agenda.js checks before the record's own validation: its pt-BR errors come as MSG.validation.
  if (hasErrors(errors)) return pbError(400, MSG.validation, errors);
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
