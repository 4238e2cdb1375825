import { RESEND_EMAIL_COOLDOWN_S } from '@/config/constants';

/** The address waiting for verification and when its last e-mail went, so resending survives a reload. */
const KEY = 'verify_email_address';
const SENT_KEY = 'verify_email_sent_at';

function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function setPendingEmail(email: string, sentAt = Date.now()) {
  store()?.setItem(KEY, email);
  store()?.setItem(SENT_KEY, String(sentAt));
}

export function getPendingEmail(): string {
  return store()?.getItem(KEY) ?? '';
}

/** Seconds left before another verification e-mail may be sent. */
export function resendWaitSeconds(now = Date.now()): number {
  const sentAt = Number(store()?.getItem(SENT_KEY) ?? 0);
  return Math.max(0, Math.ceil((sentAt + RESEND_EMAIL_COOLDOWN_S * 1000 - now) / 1000));
}
