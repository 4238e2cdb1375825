/** The demo backend's "outbox": e-mails PocketBase would send, kept for tests and shown to demo users. */
import emailTexto, { type Mensagem } from '../../pocketbase/pb_hooks/lib/email_texto.js';
import limites from '../../pocketbase/pb_hooks/lib/limites.json';
import { onceEvery } from './util';

export interface DemoMail {
  /**
   * verification and reset carry a link with a token; receipt is the purchase receipt; status a notice to the
   * customer told by its subject (a booking's new status, the withdrawal, the account's lockout); alerta the kit's
   * alert to every staff account (emails.js alertaEquipe).
   */
  kind: 'verification' | 'reset' | 'receipt' | 'status' | 'alerta';
  email: string;
  token: string;
  /** App path with the token, e.g. "/confirm_verification?token=..." */
  path: string;
  /** the subject, for the mails whose subject tells what happened (status, alerta) */
  subject?: string;
  /** the plain text the kit sends beside the HTML (email_texto.js textoDoEmail), for the mails written from its words */
  text?: string;
}

/** Window event carrying a DemoMail in `detail`; the app shows the link in a toast. */
export const DEMO_MAIL_EVENT = 'demo:mail';
const MAX_MAILS = 50;

let mails: DemoMail[] = [];

/** Keeps a mail in the outbox only, without telling the page (no toast): tests read it, demo users do not. */
export function recordMail(mail: DemoMail): void {
  mails = [...mails, mail].slice(-MAX_MAILS);
}

export function notifyMail(mail: DemoMail): void {
  recordMail(mail);
  if (typeof window === 'undefined') return;
  // Tests read getMailbox() instead, so keep their output clean.
  if (import.meta.env.MODE !== 'test')
    console.info(`[demo] e-mail (${mail.kind}) para ${mail.email}: ${mail.path}`);
  window.dispatchEvent(new CustomEvent<DemoMail>(DEMO_MAIL_EVENT, { detail: mail }));
}

export function getMailbox(): readonly DemoMail[] {
  return mails;
}

/** Staff's throttled alerts, each at most once an interval (pb_hooks/lib/emails.js alertaDaVez). */
const alerts = onceEvery(limites.alertasEquipe.intervaloMin * 60 * 1000);

export function clearMailbox(): void {
  mails = [];
  alerts.clear();
}

/** Whether staff's alert `key` ('desistencia_alerta:<booking>') may go now, noted as sent when it may. */
export const alertDue = alerts.due;

/**
 * An e-mail in the kit's words (email_texto.js): its subject and the plain text the server sends, without a link.
 * The customer's is shown to the demo's visitor; staff's alerts stay in the outbox (a customer's phone is not
 * where staff read them, and three toasts would hide the page's own answer).
 */
export function sendMessage(kind: 'status' | 'alerta', email: string, message: Mensagem): void {
  const text = emailTexto.textoDoEmail(message.paragrafos);
  (kind === 'alerta' ? recordMail : notifyMail)({
    kind,
    email,
    token: '',
    path: '',
    subject: message.assunto,
    text,
  });
}

/** Staff's alert (pb_hooks/lib/emails.js alertaEquipe): to every staff account. */
export function alertStaff(users: readonly { email: string; admin?: boolean }[], message: Mensagem): void {
  users.filter((u) => u.admin).forEach((u) => sendMessage('alerta', u.email, message));
}
