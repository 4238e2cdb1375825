/**
 * The demo server's environment for the kit's money files (`$os.getenv`): the Asaas key and address the kit's
 * lib/asaas.js calls (answered by the demo's Asaas, asaas-http.ts), the webhook's token, and service invoices on,
 * as the seed's orders show. Any other name keeps the answer it had before this file ('' by default).
 */
const jsvm = globalThis as unknown as { $os: { getenv: (name: string) => string } };

/** The demo's ASAAS_WEBHOOK_TOKEN (the real-server tests configure the same one). */
export const DEMO_WEBHOOK_TOKEN = 'token-webhook-de-teste';

/** Where the demo's Asaas answers: its address is no network's (asaas-http.ts serves it in the browser). */
export const DEMO_ASAAS_URL = 'https://asaas.demo.local/v3';

export const DEMO_ENV: Readonly<Record<string, string>> = {
  ASAAS_API_URL: DEMO_ASAAS_URL,
  ASAAS_API_KEY: 'chave-asaas-da-demonstracao',
  ASAAS_WEBHOOK_TOKEN: DEMO_WEBHOOK_TOKEN,
  NFSE_ATIVA: 'true',
};

const before = jsvm.$os.getenv;
jsvm.$os.getenv = (name: string) => (Object.hasOwn(DEMO_ENV, name) ? DEMO_ENV[name]! : before(name));
