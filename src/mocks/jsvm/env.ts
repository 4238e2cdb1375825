/**
 * `$os.getenv` in the demo: the settings the kit reads from the server's environment. The Asaas key and address
 * lib/asaas.js calls (answered by the demo's Asaas in the browser, asaas-http.ts), the webhook's token, service
 * invoices on (as the seed's orders show), and the guarantee on with demo-seed/dia.ts DEMO_GUARANTEE's windows (as
 * the demo's /termos states it); anything else unset ('').
 */
import { DEMO_GUARANTEE } from '../../../demo-seed/dia';

/** The demo's ASAAS_WEBHOOK_TOKEN (the real-server tests configure the same one). */
export const DEMO_WEBHOOK_TOKEN = 'token-webhook-de-teste';

/** Where the demo's Asaas answers: its address is no network's (asaas-http.ts serves it in the browser). */
export const DEMO_ASAAS_URL = 'https://asaas.demo.local/v3';

const DEMO_ENV: Readonly<Record<string, string>> = {
  ASAAS_API_URL: DEMO_ASAAS_URL,
  ASAAS_API_KEY: 'chave-asaas-da-demonstracao',
  ASAAS_WEBHOOK_TOKEN: DEMO_WEBHOOK_TOKEN,
  NFSE_ATIVA: 'true',
  GARANTIA_ATIVA: String(DEMO_GUARANTEE.ativa),
  GARANTIA_JANELAS: String(DEMO_GUARANTEE.janelas),
};

export const getenv = (name: string): string => DEMO_ENV[name] ?? '';
