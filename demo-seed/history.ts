/** The seeded bookings' history, as the server would have written it (lib/historico.js: one entry per change). */
import {
  TRACKED_BOOKING_FIELDS,
  type BookingHistoryRecord,
  type BookingRecord,
  type BookingStatus,
  type UserRecord,
} from '@/lib/types';
import { STATUS_MAIL_SUBJECTS } from '@/lib/status-mail';
import historicoComum from '../pocketbase/pb_hooks/lib/historico_comum.js';
import regras from '../pocketbase/pb_hooks/lib/regras.json';
import type { StoredUser } from '../src/mocks/schema';
import { newId, pbMs } from '../src/mocks/util';

/** The status e-mails' subjects (pocketbase/pb_hooks/lib/emails_status.js). */
export { STATUS_MAIL_SUBJECTS };

/** Who an entry names (lib/historico.js autoria, historico_comum.js): an account, or the server itself. */
export const autoria = (author: Pick<UserRecord, 'id' | 'nome_completo'> | null) =>
  historicoComum.autoria(author && { id: author.id, nome: author.nome_completo }, regras.autorSistema);

/** A history entry; no author means the server itself ('Sistema'). */
export function historyEntry(
  booking: Pick<BookingRecord, 'id'>,
  alteracoes: BookingHistoryRecord['alteracoes'],
  author: Pick<UserRecord, 'id' | 'nome_completo'> | null,
  at: string,
): BookingHistoryRecord {
  return {
    id: newId(),
    collectionId: 'pbc_historico_agendamentos',
    collectionName: 'historico_agendamentos',
    agendamento: booking.id,
    ...autoria(author),
    alteracoes,
    email_para: '',
    email_status: '',
    email_assunto: '',
    created: at,
  };
}

/**
 * What the server would have recorded for each seeded booking: its creation (the server, when the payment
 * cleared), the customer's send of the case file (the summary it wrote: pb_hooks/lib/processo.js enviar) and,
 * for one that moved on, the staff's moves (pb_hooks/lib/agenda.js, lib/dia.js): the save that moved it last,
 * with the e-mail it sent, after the earlier steps of a booked case. Staff: the seed's staff account.
 */
export function seedHistory(
  bookings: readonly BookingRecord[],
  users: readonly StoredUser[],
): BookingHistoryRecord[] {
  const staff = users.find((u) => u.admin) ?? null;
  const byId = new Map(users.map((u) => [u.id, u]));
  return bookings.flatMap((booking) => {
    // Ids from the booking's, so that the seed stays the same run after run.
    const entry: SeedEntry = (prefix, campo, de, para, author, at) => ({
      ...historyEntry(booking, [{ campo, de, para }], author, at),
      id: `${prefix}${booking.id.slice(1)}`,
    });
    const created = entry('h', 'status_agendamento', '', 'NOVO', null, booking.created);
    const owner = byId.get(booking.usuario) ?? null;
    const sent = booking.formulario
      ? [entry('s', 'formulario', '', booking.formulario, owner, booking.created)]
      : [];
    const status = booking.status_agendamento as BookingStatus;
    if (status === 'NOVO') return [created, ...sent];
    const steps = booked(booking, status, (prefix, de, para, at) =>
      entry(prefix, 'status_agendamento', de, para, staff, at),
    );
    const moved = entry(
      'm',
      'status_agendamento',
      steps.at(-1)?.alteracoes[0]?.para ?? 'NOVO',
      status,
      staff,
      booking.updated,
    );
    moved.alteracoes.push(
      ...TRACKED_BOOKING_FIELDS.filter((campo) => campo !== 'status_agendamento' && campo !== 'formulario')
        .map((campo) => ({ campo, de: '', para: booking[campo] ?? '' }))
        .filter((change) => change.para !== ''),
    );
    const mail = historicoComum.camposDoEmail({
      para: owner?.email ?? '',
      enviado: true,
      assunto: STATUS_MAIL_SUBJECTS[status],
    });
    return [created, ...sent, ...steps, { ...moved, ...mail }];
  });
}

type SeedEntry = (
  prefix: string,
  campo: string,
  de: string,
  para: string,
  author: Pick<UserRecord, 'id' | 'nome_completo'> | null,
  at: string,
) => BookingHistoryRecord;

const at = (time: number) => new Date(time).toISOString().replace('T', ' ');

/**
 * For a booked case with a consulate, the steps between its creation and its last change, so the published wait
 * (the double's src/mocks/espera.ts) has history to count: ready (ANALISE_OK) a few days after the payment, then booked
 * (AGENDADO; for a FINALIZADO case, halfway to its last change), both staff's moves (pb_hooks/lib/agenda.js, the
 * appointment recorded in lib/dia.js), each made by `move`. Fractions from the id: the same seed every run.
 */
function booked(
  booking: BookingRecord,
  status: BookingStatus,
  move: (prefix: string, de: string, para: string, at: string) => BookingHistoryRecord,
): BookingHistoryRecord[] {
  if (!booking.consulado || (status !== 'AGENDADO' && status !== 'FINALIZADO')) return [];
  const spread = [...booking.id].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1000, 7) / 1000;
  const start = pbMs(booking.created);
  const end = pbMs(booking.updated);
  const ready = start + (end - start) * (0.05 + 0.25 * spread);
  const steps = [move('r', 'NOVO', 'ANALISE_OK', at(ready))];
  if (status === 'FINALIZADO')
    steps.push(move('a', 'ANALISE_OK', 'AGENDADO', at(ready + (end - ready) * 0.5)));
  return steps;
}
