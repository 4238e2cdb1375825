/** The demo backend's "outbox": e-mails PocketBase would send, kept for tests and shown to demo users. */

/**
 * verification and reset carry a link with a token; receipt is the purchase receipt the server sends; status
 * tells the customer their booking's new status (sent when staff change it).
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

export function notifyMail(mail: DemoMail): void {
  mails = [...mails, mail].slice(-MAX_MAILS);
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
