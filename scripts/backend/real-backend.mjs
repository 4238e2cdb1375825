// @ts-check
// The whole real backend on loopback in one call: an SMTP capture, the Asaas stand-in and PocketBase with
// this project's kit, wired together through the server's environment. Used by the real-server tests, the
// production-build browser tests, the bench and `npm run backend`.
/** @import { AsaasStandIn } from './asaas-stand-in.mjs' */
/** @import { MailCapture } from './mail-capture.mjs' */
/** @import { RunningPocketBase } from './pocketbase-server.mjs' */
import { startAsaasStandIn } from './asaas-stand-in.mjs';
import { startMailCapture } from './mail-capture.mjs';
import { startPocketBase } from './pocketbase-server.mjs';

/** @typedef {import('./asaas-stand-in.mjs').EventsOnCreate} EventsOnCreate */

/**
 * @typedef {object} RealBackend
 * @property {RunningPocketBase} pb
 * @property {MailCapture} mail
 * @property {AsaasStandIn | null} asaas null with `realAsaas`
 * @property {() => Promise<void>} stop
 */

export const TEST_ASAAS_KEY = 'chave-asaas-de-teste';
export const TEST_WEBHOOK_TOKEN = 'token-webhook-de-teste';
/**
 * The service invoice settings (deploy/env.template) of a backend started with `nfse`.
 * @type {Record<string, string>}
 */
export const TEST_NFSE = {
  NFSE_ATIVA: 'true',
  NFSE_DESCRICAO_SERVICO: 'Assessoria para agendamento de cidadania italiana',
  NFSE_SERVICO_MUNICIPAL_CODIGO: '17.01',
  NFSE_SERVICO_MUNICIPAL_NOME: 'Assessoria ou consultoria de qualquer natureza',
  NFSE_ISS: '2',
};
/**
 * The guarantee's settings (deploy/env.template) of a backend started with `garantia`.
 * @type {Record<string, string>}
 */
export const TEST_GARANTIA = { GARANTIA_ATIVA: 'true', GARANTIA_JANELAS: '2' };

/**
 * Options: port (PocketBase's), appUrl (the app's address, for e-mail links), asaasTimeoutS, pixAutoPayMs,
 * reconcileAfterS (how long Asaas may not know an unknown charge before the server ends it), dataDir, log, realAsaas (use ASAAS_API_KEY/ASAAS_API_URL from this process instead of the stand-in),
 * rateLimitScale (RATE_LIMIT_SCALE: multiplies the per-IP rate limits, for harnesses whose every request comes
 * from 127.0.0.1; left out, the server keeps its production figures), eventsOnCreate (when the stand-in sends a
 * new charge's webhooks: scripts/backend/asaas-stand-in.mjs), nfse (service invoices on: TEST_NFSE's settings),
 * garantia (the guarantee on: TEST_GARANTIA's settings),
 * relayLifeS (RETRANSMISSAO_VIDA_S: how long a relayed password or code lives; the server's 600 s when left out),
 * afterSlotCron (false sets POS_VAGA_AUTOMATICO=0: the hourly reminders/closing job does nothing by itself, so a
 * test's appointments on real dates are not closed mid-run; POST /api/pos-vaga/rodar still runs it).
 * @param {object} options
 * @param {number} options.port
 * @param {string} [options.appUrl]
 * @param {number} [options.asaasTimeoutS]
 * @param {number} [options.pixAutoPayMs]
 * @param {number} [options.noAnswerMs]
 * @param {number} [options.reconcileAfterS]
 * @param {string} [options.dataDir]
 * @param {boolean} [options.log]
 * @param {boolean} [options.realAsaas]
 * @param {number} [options.mailHttpPort]
 * @param {number} [options.asaasPort]
 * @param {number} [options.rateLimitScale]
 * @param {EventsOnCreate} [options.eventsOnCreate]
 * @param {boolean} [options.nfse]
 * @param {boolean} [options.garantia]
 * @param {number} [options.relayLifeS]
 * @param {boolean} [options.afterSlotCron]
 * @returns {Promise<RealBackend>}
 */
export async function startRealBackend({
  port,
  appUrl = 'http://127.0.0.1:5173',
  asaasTimeoutS = 2,
  pixAutoPayMs = 0,
  noAnswerMs = 10_000,
  reconcileAfterS = 600,
  dataDir,
  log = false,
  realAsaas = false,
  mailHttpPort = 0,
  asaasPort = 0,
  rateLimitScale,
  eventsOnCreate = 'none',
  nfse = false,
  garantia = false,
  relayLifeS,
  afterSlotCron = true,
}) {
  const mail = await startMailCapture({ log, httpPort: mailHttpPort });
  const pbUrl = `http://127.0.0.1:${port}`;
  const asaas = realAsaas
    ? null
    : await startAsaasStandIn({
        port: asaasPort,
        apiKey: TEST_ASAAS_KEY,
        webhook: { url: `${pbUrl}/payments/asaas/webhook`, token: TEST_WEBHOOK_TOKEN },
        pixAutoPayMs,
        noAnswerMs,
        eventsOnCreate,
      });
  const env = {
    APP_URL: appUrl,
    MAIL_SENDER_ADDRESS: 'nao-responda@passaporte-italiano.test',
    MAIL_SENDER_NAME: 'Passaporte Italiano',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.smtpPort),
    TRUSTED_PROXY_HEADER: 'X-Forwarded-For',
    ...(rateLimitScale ? { RATE_LIMIT_SCALE: String(rateLimitScale) } : {}),
    ...(nfse ? TEST_NFSE : {}),
    ...(garantia ? TEST_GARANTIA : {}),
    ...(relayLifeS ? { RETRANSMISSAO_VIDA_S: String(relayLifeS) } : {}),
    ...(afterSlotCron ? {} : { POS_VAGA_AUTOMATICO: '0' }),
    // The demo's seeded accounts (pendente@demo.com.br never confirmed) stay while the server runs.
    CONTAS_NAO_VERIFICADAS_AUTOMATICO: '0',
    ...(asaas
      ? {
          ASAAS_API_URL: asaas.url,
          ASAAS_API_KEY: TEST_ASAAS_KEY,
          ASAAS_WEBHOOK_TOKEN: TEST_WEBHOOK_TOKEN,
          ASAAS_TIMEOUT_S: String(asaasTimeoutS),
          ASAAS_CONCILIAR_APOS_S: String(reconcileAfterS),
        }
      : {}),
  };
  let pb;
  try {
    pb = await startPocketBase({ port, env, dataDir, log });
  } catch (error) {
    await mail.close();
    await asaas?.close();
    throw error;
  }
  return {
    pb,
    mail,
    asaas,
    stop: async () => {
      await pb.stop();
      await asaas?.close();
      await mail.close();
    },
  };
}
