/**
 * The status e-mail as the customer reads it in plain text: rendered by the kit's own module
 * (pocketbase/pb_hooks/lib/email_texto.js), the one the server sends it with. The booking editor previews it;
 * the demo backend records its subjects.
 */
import emailTexto, { type DadosStatus } from '../../pocketbase/pb_hooks/lib/email_texto.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import type { BookingStatus } from './types';

/** The status as the customer reads it: 'Novo - Seu formulário foi recebido e está aguardando análise.' */
export const statusLine = (status: BookingStatus): string => emailTexto.linhaStatus(status, regras);

/** The subjects the server sends (pocketbase/pb_hooks/lib/regras.json assuntosStatus). */
export const STATUS_MAIL_SUBJECTS: Record<BookingStatus, string> = regras.assuntosStatus;

/** What the e-mail says of the booking: the customer's name, the stored day, 'HH:mm', the place, the staff note. */
export type StatusMailData = Omit<DadosStatus, 'compromissos'>;

/** The subject and plain text of the e-mail for `status`, as the server sends it. */
export function statusMail(status: BookingStatus, d: StatusMailData): { subject: string; text: string } {
  const message = emailTexto.mensagemStatus(status, d, regras);
  if (!message) throw new Error(`no status e-mail for ${status}`);
  return { subject: message.assunto, text: emailTexto.textoDoEmail(message.paragrafos) };
}
