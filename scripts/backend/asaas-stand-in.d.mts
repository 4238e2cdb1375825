export { TEST_CARDS, todaySaoPaulo } from '../../src/mocks/fake-asaas.mjs';
export interface AsaasRequest {
  method: string;
  path: string;
  accessToken: 'ok' | 'wrong';
  userAgent: string;
  body: Record<string, unknown>;
}
export interface AsaasStandIn {
  url: string;
  port: number;
  state: {
    customers: Map<string, Record<string, unknown>>;
    payments: Map<string, Record<string, unknown> & { id: string; status: string }>;
    invoices: Map<string, Record<string, unknown> & { id: string; status: string }>;
    requests: AsaasRequest[];
    webhooks: { event: string; paymentId: string; status: number }[];
  };
  close(): Promise<void>;
}
export declare function startAsaasStandIn(options?: {
  port?: number;
  apiKey?: string;
  webhook?: { url: string; token: string } | null;
  pixAutoPayMs?: number;
  noAnswerMs?: number;
  eventsOnCreate?: 'none' | 'after' | 'before' | 'alternate';
}): Promise<AsaasStandIn>;
