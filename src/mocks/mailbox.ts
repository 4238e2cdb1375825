/** The demo backend's "outbox": e-mails PocketBase would send, kept for tests and shown to demo users. */

/**
 * verification and reset carry a link with a token; receipt is the purchase receipt the server sends; status is
 * a notice without a link, told by its subject: a booking's new status (sent when staff change it), or the
 * account's lockout after repeated failed logins.
 */
type DemoMailKind = 'verification' | 'reset' | 'receipt' | 'status';

export interface DemoMail {
  kind: DemoMailKind;
  email: string;
  token: string;
  /** App path with the token, e.g. "/confirm_verification?token=..." */
  path: string;
  /** the subject, for the mails whose subject tells what happened (status) */
  subject?: string;
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

export function clearMailbox(): void {
  mails = [];
}
