/** The booking history as the server writes it (pb_hooks: one entry per change, and the status e-mail's fate). */
import {
  TRACKED_BOOKING_FIELDS,
  type BookingHistoryRecord,
  type BookingRecord,
  type BookingStatus,
  type UserRecord,
} from '@/lib/types';
import { STATUS_MAIL_SUBJECTS } from '@/lib/status-mail';
import type { StoredUser } from './schema';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { newId, pbMs } from './util';

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
    const created = historyEntry(
      booking,
      [{ campo: 'status_agendamento', de: '', para: 'NOVO' }],
      null,
      booking.created,
    );
    // Ids from the booking's, so that the seed stays the same run after run.
    created.id = `h${booking.id.slice(1)}`;
    const sent = booking.formulario
      ? [
          {
            ...historyEntry(
              booking,
              [{ campo: 'formulario', de: '', para: booking.formulario }],
              byId.get(booking.usuario) ?? null,
              booking.created,
            ),
            id: `s${booking.id.slice(1)}`,
          },
        ]
      : [];
    const status = booking.status_agendamento as BookingStatus;
    if (status === 'NOVO') return [created, ...sent];
    const steps = booked(booking, status, staff);
    const alteracoes = TRACKED_BOOKING_FIELDS.filter(
      (campo) => campo !== 'status_agendamento' && campo !== 'formulario',
    )
      .map((campo) => ({ campo, de: '', para: booking[campo] ?? '' }))
      .filter((change) => change.para !== '');
    const moved = historyEntry(
      booking,
      [
        { campo: 'status_agendamento', de: steps.at(-1)?.alteracoes[0]?.para ?? 'NOVO', para: status },
        ...alteracoes,
      ],
      staff,
      booking.updated,
    );
    moved.id = `m${booking.id.slice(1)}`;
    moved.email_para = byId.get(booking.usuario)?.email ?? '';
    moved.email_status = 'ENVIADO';
    moved.email_assunto = STATUS_MAIL_SUBJECTS[status];
    return [created, ...sent, ...steps, moved];
  });
}

const at = (time: number) => new Date(time).toISOString().replace('T', ' ');

/**
 * For a booked case with a consulate, the steps between its creation and its last change, so the published wait
 * (src/mocks/espera.ts) has history to count: ready (ANALISE_OK) a few days after the payment, then booked
 * (AGENDADO; for a FINALIZADO case, halfway to its last change), both staff's moves (pb_hooks/lib/agenda.js, the
 * appointment recorded in lib/dia.js). Fractions from the id: the same seed every run.
 */
function booked(
  booking: BookingRecord,
  status: BookingStatus,
  staff: Pick<UserRecord, 'id' | 'nome_completo'> | null,
): BookingHistoryRecord[] {
  if (!booking.consulado || (status !== 'AGENDADO' && status !== 'FINALIZADO')) return [];
  const spread = [...booking.id].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1000, 7) / 1000;
  const start = pbMs(booking.created);
  const end = pbMs(booking.updated);
  const ready = start + (end - start) * (0.05 + 0.25 * spread);
  const steps = [
    historyEntry(
      booking,
      [{ campo: 'status_agendamento', de: 'NOVO', para: 'ANALISE_OK' }],
      staff,
      at(ready),
    ),
  ];
  steps[0]!.id = `r${booking.id.slice(1)}`;
  if (status === 'FINALIZADO') {
    const agendado = historyEntry(
      booking,
      [{ campo: 'status_agendamento', de: 'ANALISE_OK', para: 'AGENDADO' }],
      staff,
      at(ready + (end - ready) * 0.5),
    );
    agendado.id = `a${booking.id.slice(1)}`;
    steps.push(agendado);
  }
  return steps;
}
