/**
 * The status e-mail as the customer reads it in plain text: rendered by the kit's own module
 * (pocketbase/pb_hooks/lib/email_texto.js), the one the server sends it with. The booking editor previews it;
 * the demo backend records its subjects.
 */
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import type { BookingStatus } from './types';

/** The status as the customer reads it: 'Novo - Seu formulário foi recebido e está aguardando análise.' */
export const statusLine = (status: BookingStatus): string => emailTexto.linhaStatus(status, regras);

/** The subjects the server sends (pocketbase/pb_hooks/lib/regras.json assuntosStatus). */
export const STATUS_MAIL_SUBJECTS: Record<BookingStatus, string> = regras.assuntosStatus;

/** A booking's fields the status e-mail reads (the stored day, 'HH:mm', the place, the staff note). */
type MailFields = Parameters<typeof emailTexto.mensagemDoAgendamento>[0];

/**
 * The subject and plain text of the e-mail a booking holding `fields` gets, as the server sends it after a staff
 * save (lib/emails_status.js: the same fields, through the same function); null for a status without one.
 */
export function statusMail(
  fields: MailFields,
  nome: string,
  appUrl: string,
): { subject: string; text: string } | null {
  const message = emailTexto.mensagemDoAgendamento(fields, nome, appUrl, [], regras);
  return message && { subject: message.assunto, text: emailTexto.textoDoEmail(message.paragrafos) };
}
