/** A staff save of a booking (pocketbase/pb_hooks/lib/agenda.js) and its history (lib/historico.js). */
import { hojeSaoPaulo } from '@/lib/processo';
import type { BookingHistoryRecord, BookingRecord, UserRecord } from '@/lib/types';
import agendaComum from '../../pocketbase/pb_hooks/lib/agenda_comum.js';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { caseApproved } from './case-summary';
import { schemaFields, textLimits, type SchemaField } from './collections';
import { getDb, saveDb } from './db';
import { activeAppointments } from './dia-store';
import type { StoredUser } from './schema';
import { pbDate } from './util';
import { historyEntry } from './history';
import agendaFluxo, { type PortasDoAviso } from '../../pocketbase/pb_hooks/lib/agenda_fluxo.js';
import { notifyMail } from './mailbox';
import { MSG, pbError, REQUIRED, toPbDate, toText, type FieldErrors, type Json } from './http';

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

/** pb_hooks/lib/historico.js registrarAlteracao: the entry of a save that changed a recorded field, or null. */
function registrar(
  before: BookingRecord,
  after: BookingRecord,
  author: UserRecord | null,
): BookingHistoryRecord | null {
  const alteracoes = historicoComum.alteracoes(regras.camposHistorico, before, after, (booking, campo) =>
    String(booking[campo as keyof BookingRecord] ?? ''),
  );
  if (alteracoes.length === 0) return null;
  const entry = historyEntry(after, alteracoes, author, after.updated);
  getDb().historico_agendamentos.push(entry);
  return entry;
}

/**
 * agenda_fluxo.js's ports of the status e-mail (pb_hooks/lib/emails_status.js portasDoAviso): the owner's e-mail of
 * the booking's status (email_texto.js mensagemDoAgendamento), recorded on the history entry.
 */
function portasDoAviso(booking: BookingRecord): PortasDoAviso<BookingHistoryRecord> {
  return {
    enviar: () => {
      const owner = getDb().usuarios.find((u) => u.id === booking.usuario);
      // The double's mailbox keeps the subject and the link's path only: no app address.
      const mail = owner && emailTexto.mensagemDoAgendamento(booking, owner.nome_completo, '', [], regras);
      if (!owner || !mail) return null;
      notifyMail({ kind: 'status', email: owner.email, token: '', path: '/tracking', subject: mail.assunto });
      return { para: owner.email, enviado: true, assunto: mail.assunto };
    },
    anotar: (entry, envio) => Object.assign(entry, historicoComum.camposDoEmail(envio)),
    falha: (err) => console.error(`Falha no e-mail de status do agendamento ${booking.id}: ${String(err)}`),
  };
}

/**
 * A change of a booking the double's kit made, stored already (pb_hooks/lib/historico.js registrarAlteracao, then
 * lib/emails_status.js avisar): one history entry when a recorded field changed (historico_comum.js), and the
 * status e-mail when the status moved to one that has one (agenda_fluxo.js avisar).
 */
export function registrarAlteracao(
  before: BookingRecord,
  after: BookingRecord,
  author: UserRecord | null,
): void {
  const entry = registrar(before, after, author);
  agendaFluxo.avisar(portasDoAviso(after), entry, before.status_agendamento !== after.status_agendamento);
}

/**
 * A staff save (pb_hooks/lib/agenda.js salvar, agenda_fluxo.js's steps): checked field by field, refused when
 * based on an older copy than the stored one (If-Match), then stored with its history entry, then the status
 * e-mail; the saved booking or the refusal.
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
  const feito = agendaFluxo.salvar<BookingRecord, BookingHistoryRecord>(
    {
      ...portasDoAviso(booking),
      pedido: () => ({
        enviados: Object.keys(body),
        antes: { ...booking },
        depois: { ...draft },
        caso: {
          hoje: hojeSaoPaulo(),
          aprovado: () => caseApproved(getDb(), booking.id),
          requerentes: () =>
            getDb()
              .requerentes.filter((r) => r.agendamento === booking.id)
              .map((r) => r.id),
          compromissos: () => activeAppointments(booking.id),
        },
      }),
      // PocketBase's own errors (a relation's) with the kit's, then each text sent within the schema's limit.
      tamanhos: (erros) => {
        const after: Json = { ...draft };
        const sent = Object.fromEntries(Object.keys(body).map((campo) => [campo, after[campo]]));
        return comum.errosDeTamanho(sent, textLimits('agendamentos'), { ...errors, ...erros });
      },
      transacao: (passos) => {
        const before = { ...booking };
        return passos({
          ler: () => before,
          gravar: (mudar) => Object.assign(booking, draft, mudar(draft), { updated: pbDate(new Date()) }),
          registrar: () => registrar(before, booking, author),
        });
      },
    },
    basedOn,
  );
  if (feito.erro) return pbError(feito.erro.http, feito.erro.message ?? MSG.validation, feito.erro.campos);
  saveDb();
  return feito.resposta;
}
