// @ts-check
// An SMTP capture on loopback: PocketBase's mailer sends here in tests and in `npm run backend`, and the
// mails can be read back over HTTP (GET /mails?to=ADDRESS) or in process (`mails`).
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** @typedef {import('node:net').AddressInfo} AddressInfo */

/**
 * @typedef {object} CapturedMail
 * @property {string} from
 * @property {string[]} to
 * @property {string} subject
 * @property {string} text
 * @property {string} html
 * @property {string} date
 */

/**
 * @typedef {object} MailCapture
 * @property {number} smtpPort
 * @property {string} httpUrl
 * @property {CapturedMail[]} mails
 * @property {(address: string) => CapturedMail[]} mailsTo
 * @property {() => Promise<void>} close
 */

/** Mail to any address at this domain is refused by the capture. */
export const REFUSING_DOMAIN = 'recusa.passaporte.test';
/** Mail to any address at this domain is accepted only after `slowMs`: a slow SMTP server. */
export const SLOW_DOMAIN = 'lento.passaporte.test';

/**
 * @param {object} [options]
 * @param {number} [options.smtpPort]
 * @param {number} [options.httpPort]
 * @param {boolean} [options.log]
 * @param {number} [options.slowMs] how long mail to SLOW_DOMAIN waits before the capture accepts it
 * @returns {Promise<MailCapture>}
 */
export async function startMailCapture({ smtpPort = 0, httpPort = 0, log = false, slowMs = 4000 } = {}) {
  /** @type {CapturedMail[]} */
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A mailbox that refuses mail (550), for the tests of a status e-mail that cannot be delivered.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${REFUSING_DOMAIN}`)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const slow = session.envelope.rcptTo.some((r) => r.address.toLowerCase().endsWith(`@${SLOW_DOMAIN}`));
      simpleParser(stream)
        .then((parsed) =>
          slow ? new Promise((resolve) => setTimeout(() => resolve(parsed), slowMs)) : parsed,
        )
        .then((parsed) => {
          const mail = {
            from: parsed.from?.text ?? '',
            to: [parsed.to]
              .flat()
              .flatMap((t) => t?.value ?? [])
              .flatMap((v) => (v.address ? [v.address] : [])),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: new Date().toISOString(),
          };
          mails.push(mail);
          if (log) console.log(`[mail] to ${mail.to.join(', ')}: ${mail.subject}`);
          callback();
        })
        .catch(callback);
    },
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve)));

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://capture');
    if (url.pathname === '/mails') {
      const to = url.searchParams.get('to');
      const found = to ? mails.filter((m) => m.to.includes(to.toLowerCase())) : mails;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify(found));
      return;
    }
    res.writeHead(404).end();
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve)));

  return {
    smtpPort: /** @type {AddressInfo} */ (smtp.server.address()).port,
    httpUrl: `http://127.0.0.1:${/** @type {AddressInfo} */ (http.address()).port}`,
    mails,
    mailsTo: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    close: async () => {
      await /** @type {Promise<void>} */ (new Promise((resolve) => smtp.close(resolve)));
      http.closeAllConnections?.();
      await /** @type {Promise<void>} */ (new Promise((resolve) => http.close(() => resolve())));
    },
  };
}
