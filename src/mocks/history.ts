/** The booking history as the server writes it (pb_hooks: one entry per change, and the status e-mail's fate). */
import type { BookingHistoryRecord, BookingRecord, UserRecord } from '@/lib/types';
import { STATUS_MAIL_SUBJECTS } from '@/lib/status-mail';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { newId } from './util';

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
