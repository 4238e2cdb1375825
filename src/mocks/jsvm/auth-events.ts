/**
 * The events PocketBase builds around its own account work, for the kit's hooks on them (seguranca.pb.js): the
 * password login (onRecordAuthWithPasswordRequest, whose last `e.next()` is PocketBase's password check) and an
 * account e-mail about to be sent (onMailer*Send, whose last `e.next()` sends it). PocketBase's part (the check,
 * the token, the e-mail) is the caller's (src/mocks/auth.ts).
 */
import type { Json } from '../http';
import { routeEvent } from './events';
import { app, chain, collectionOf, hooksOf, Record } from './pocketbase';

/** The mailer hook of each account e-mail PocketBase sends. */
const MAILER_HOOKS = {
  verification: 'onMailerRecordVerificationSend',
  reset: 'onMailerRecordPasswordResetSend',
  emailChange: 'onMailerRecordEmailChangeSend',
  authAlert: 'onMailerRecordAuthAlertSend',
} as const;

/**
 * A password login of `usuarios` through the kit's hooks: `record` is the account the identity names (null for
 * none), `check` PocketBase's password check (throws 'Failed to authenticate.'), run by the last `e.next()`. A
 * throw of the kit's or of `check` goes to the caller.
 */
export function kitAuthWithPassword(
  request: Request,
  body: Json,
  record: Json | null,
  check: () => void,
): void {
  const e = {
    ...routeEvent(request, {}, body),
    collection: collectionOf('usuarios'),
    identity: typeof body.identity === 'string' ? body.identity : '',
    password: typeof body.password === 'string' ? body.password : '',
    record: record && new Record('usuarios', record),
  };
  chain(hooksOf('onRecordAuthWithPasswordRequest', 'usuarios'), e, check);
}

/**
 * An account e-mail of `kind` to `record`'s address through the kit's mailer hooks: `send` (PocketBase's send) runs
 * when the last of them goes on with `e.next()`; true when it ran.
 */
export function kitAccountMail(kind: keyof typeof MAILER_HOOKS, record: Json, send: () => void): boolean {
  const to = typeof record.email === 'string' ? record.email : '';
  const e = {
    app,
    record: new Record('usuarios', record),
    message: { to: [{ address: to }] },
    next: (): unknown => undefined,
  };
  let sent = false;
  chain(hooksOf(MAILER_HOOKS[kind], 'usuarios'), e, () => {
    send();
    sent = true;
  });
  return sent;
}
