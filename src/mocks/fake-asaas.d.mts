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
export declare const DECLINED: string;
export declare const EVENT_STATUS: Record<string, string>;
export declare const PAID: string[];
export declare function todaySaoPaulo(now?: number): string;
export declare function validCpf(value: unknown): boolean;
export declare function errors(
  code: string,
  description: string,
): { errors: { code: string; description: string }[] };

export type AsaasCustomer = Record<string, unknown> & { id: string };
export type AsaasPayment = Record<string, unknown> & { id: string; status: string; value: number };
export type AsaasInvoice = Record<string, unknown> & { id: string; status: string };
export interface AsaasEvent {
  payment: AsaasPayment;
  event: string;
  /** delivered before the HTTP answer, or after it */
  when: 'before' | 'after';
}
export interface FakeAsaasAnswer {
  status: number | 'hang';
  body: unknown;
  events: AsaasEvent[];
  /** with status 'hang': the payments to list once the answer is sent */
  pending?: AsaasPayment[];
}
export interface FakeAsaasSettings {
  eventsOnCreate: 'none' | 'after' | 'before' | 'alternate';
  eventsOnRefund: 'after' | 'before';
  rateLimitNext: number;
  rateLimitEvery: number;
  rateLimitOnly: string;
  invoiceErrorNext: number;
  invoiceBaseUrl: string;
}
export interface FakeAsaas {
  state: {
    customers: FakeAsaasBook<AsaasCustomer>;
    payments: FakeAsaasBook<AsaasPayment>;
    invoices: FakeAsaasBook<AsaasInvoice>;
  };
  settings: FakeAsaasSettings;
  request(method: string, path: string, query: URLSearchParams, body: unknown): FakeAsaasAnswer;
  applyEvent(payment: AsaasPayment, event: string): AsaasEvent;
  webhookEvent(
    payment: AsaasPayment,
    event: string,
  ): { id: string; event: string; dateCreated: string; payment: AsaasPayment };
  applyInvoiceEvent(
    invoice: AsaasInvoice,
    event: string,
  ): { invoice: AsaasInvoice; event: string; when: 'after' };
  invoiceWebhookEvent(
    invoice: AsaasInvoice,
    event: string,
  ): { id: string; event: string; dateCreated: string; invoice: AsaasInvoice };
  list(payments: AsaasPayment[]): void;
  store(payment: Record<string, unknown> & { id: string }): AsaasPayment;
  configure(changes: Partial<FakeAsaasSettings>): FakeAsaasSettings;
  reset(): void;
}
/** Where a fake Asaas keeps its books: a Map, or anything with its get/set/values/clear. */
export interface FakeAsaasBook<T> {
  get(id: string): T | undefined;
  set(id: string, value: T): unknown;
  values(): Iterable<T>;
  clear(): void;
}
export declare function createFakeAsaas(options?: {
  qrImage?: (payload: string) => string;
  state?: {
    customers: FakeAsaasBook<AsaasCustomer>;
    payments: FakeAsaasBook<AsaasPayment>;
    invoices?: FakeAsaasBook<AsaasInvoice>;
  };
}): FakeAsaas;
