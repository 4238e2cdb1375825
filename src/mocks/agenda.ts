/** A staff save of a booking (pocketbase/pb_hooks/lib/agenda.js) and its history (lib/historico.js). */
import type { BookingRecord, UserRecord } from '@/lib/types';
import agendaComum from '../../pocketbase/pb_hooks/lib/agenda_comum.js';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { ANALISE_OK_TOO_EARLY, caseSummary } from './case-summary';
import { textLimits } from './collections';
import { getDb, saveDb } from './db';
import type { StoredUser } from './schema';
import { pbDate } from './util';
import { historyEntry } from './history';
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

/**
 * Applies the booking fields present in `body` onto `target`, the way PocketBase reads them into the record
 * (an unreadable date is stored empty, as its date field does; the editor refuses one before sending).
 */
function aplicar(target: BookingRecord, body: Json, errors: FieldErrors): void {
  if ('usuario' in body) target.usuario = checkUsuario(body, errors, true);
  if ('data_agendamento' in body) target.data_agendamento = toPbDate(body.data_agendamento);
  if ('hora_agendamento' in body) target.hora_agendamento = toText(body.hora_agendamento);
  if ('status_agendamento' in body) target.status_agendamento = toText(body.status_agendamento);
  if ('local_agendamento' in body) target.local_agendamento = toText(body.local_agendamento);
  if ('formulario' in body) target.formulario = toText(body.formulario);
  if ('nota_cliente' in body) target.nota_cliente = toText(body.nota_cliente);
}

/**
 * pb_hooks/lib/historico.js: one history entry per save that changed a recorded field (historico_comum.js), and
 * the status e-mail when the status moved to one that has one (email_texto.js mensagemStatus, as
 * lib/emails_status.js asks). Every save of a booking in the double records itself through here.
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
      ? emailTexto.mensagemStatus(
          after.status_agendamento,
          {
            nome: owner.nome_completo,
            data: after.data_agendamento ?? '',
            hora: after.hora_agendamento ?? '',
            local: after.local_agendamento ?? '',
            nota: after.nota_cliente ?? '',
            // The double's mailbox keeps the subject and the link's path only.
            appUrl: '',
          },
          regras,
        )
      : null;
  if (owner && mail) {
    notifyMail({ kind: 'status', email: owner.email, token: '', path: '/tracking', subject: mail.assunto });
    Object.assign(entry, { email_para: owner.email, email_status: 'ENVIADO', email_assunto: mail.assunto });
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
        () => (caseSummary(getDb(), booking.id)?.documentacao ?? 'aprovada') === 'aprovada',
        { statusAgendamento: regras.statusAgendamento, analiseOkCedo: ANALISE_OK_TOO_EARLY },
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
