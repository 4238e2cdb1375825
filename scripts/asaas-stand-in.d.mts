export declare const TEST_CARDS: {
  declined: string[];
  riskAnalysis: string;
  pending: string;
  insufficientFunds: string;
  noAnswer: string;
  serverError: string;
  wrongCvv: string;
  serverErrorNoCharge: string;
};
export declare function todaySaoPaulo(now?: number): string;
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
}): Promise<AsaasStandIn>;
