/** The booking history as the server writes it (pb_hooks: one entry per change, and the status e-mail's fate). */
import type { BookingHistoryRecord, BookingRecord, UserRecord } from '@/lib/types';
import { newId } from './util';

/** The status e-mails' subjects (pocketbase/pb_hooks/lib/emails_status.js). */
export { STATUS_MAIL_SUBJECTS } from '@/lib/status-mail';

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
    autor: author?.id ?? '',
    autor_nome: author?.nome_completo ?? 'Sistema',
    alteracoes,
    email_para: '',
    email_status: '',
    email_assunto: '',
    created: at,
  };
}
