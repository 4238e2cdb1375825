// @ts-check
// Plain JavaScript for browsers and Node alike: the demo and the stand-in both run this module.
// Asaas API v3 as its documentation describes it, as plain state and transitions with no I/O: what a call
// answers, what it changes, and which webhook events Asaas sends for it. The HTTP stand-in
// (scripts/backend/asaas-stand-in.mjs) serves it on loopback and delivers the events; the demo double can use the same
// module in the browser.
//
//   const asaas = createFakeAsaas();
//   const { status, body, events } = asaas.request('POST', '/v3/payments', new URLSearchParams(), payload);
//   for (const { payment, event, when } of events) deliver(asaas.webhookEvent(payment, event), when);
//
// As Asaas documents:
// - a card charge in 2x or more is one payment per installment, each with its own id and its own webhooks, tied
//   by `installment` (and `installmentNumber`); only the first carries the answer to the POST;
// - a Pix stays payable after its due date: it turns OVERDUE (PAYMENT_OVERDUE) and can still be RECEIVED;
// - a customer needs a name and a valid CPF or CNPJ; it keeps its e-mail, mobile phone, `externalReference` and
//   `notificationDisabled` as sent;
// - a card charge needs the holder's name, e-mail, CPF, CEP, house number and phone, and the buyer's IP;
// - DELETE removes an unpaid payment (PAYMENT_DELETED); refunds (POST /payments/{id}/refund, in full or in part,
//   and POST /installments/{id}/refund) list themselves in `refunds` and send PAYMENT_REFUNDED or
//   PAYMENT_PARTIALLY_REFUNDED; a chargeback fills `chargeback`;
// - too many calls get a 429 (here: the next `rateLimitNext` calls, or every `rateLimitEvery`-th call);
// - a 5xx may come at any call (here: the next `serverErrorNext` calls, changing nothing);
// - an answer may never come though the call was applied (here: the next `refundNoAnswerNext` refunds are made,
//   listed in the payment's `refunds` and their webhooks sent, but not answered: status 'hang');
// - service invoices (NFS-e): POST /invoices schedules one for a `payment`, an `installment` or a `customer`
//   (one of them, and `municipalServiceId` or `municipalServiceCode`, required); it goes SCHEDULED ->
//   SYNCHRONIZED (sent to the city) -> AUTHORIZED (with `number`, `pdfUrl`, `xmlUrl`, `validationCode`) or ERROR
//   (with `statusDescription`; here: the next `invoiceErrorNext` invoices), each step with its INVOICE_* webhook
//   (INVOICE_CREATED first). POST /invoices/{id}/cancel cancels it: at once when not yet issued, else through
//   PROCESSING_CANCELLATION; GET /invoices/{id} and GET /invoices?externalReference= read them.
import regras from '../pocketbase/pb_hooks/lib/regras.json' with { type: 'json' };

/**
 * A customer as Asaas holds it.
 * @typedef {Record<string, unknown> & { id: string }} AsaasCustomer
 */
/**
 * One of a payment's `refunds`.
 * @typedef {{ dateCreated: string, status: string, value: number, description: string | null }} AsaasRefund
 */
/**
 * A payment as Asaas holds it: the fields this module reads typed, any other kept as sent.
 * @typedef {Record<string, unknown> & {
 *   id: string,
 *   status: string,
 *   value: number,
 *   billingType?: string,
 *   dueDate?: string,
 *   installment?: string | null,
 *   deleted?: boolean,
 *   refunds?: AsaasRefund[] | null,
 *   chargeback?: { status: string, reason: string, value: number } | null,
 * }} AsaasPayment
 */
/**
 * A service invoice (NFS-e) as Asaas holds it.
 * @typedef {Record<string, unknown> & { id: string, status: string }} AsaasInvoice
 */
/**
 * A payment's webhook to deliver: `when` before the HTTP answer, or after it.
 * @typedef {{ payment: AsaasPayment, event: string, when: 'before' | 'after' }} AsaasEvent
 */
/**
 * An invoice's webhook to deliver after the answer; with `apply`, applyInvoiceEvent first.
 * @typedef {{ invoice: AsaasInvoice, event: string, when: 'after', apply?: boolean }} AsaasInvoiceEvent
 */
/**
 * What a call answers: its status (or 'hang', with the payments to list once it is sent: `pending`), its body and
 * the webhooks it sends.
 * @typedef {{
 *   status: number | 'hang',
 *   body: unknown,
 *   events: (AsaasEvent | AsaasInvoiceEvent)[],
 *   pending?: AsaasPayment[],
 * }} FakeAsaasAnswer
 */
/**
 * How the fake behaves (createFakeAsaas's `settings`).
 * @typedef {{
 *   eventsOnCreate: 'none' | 'after' | 'before' | 'alternate',
 *   eventsOnRefund: 'after' | 'before',
 *   rateLimitNext: number,
 *   rateLimitEvery: number,
 *   rateLimitOnly: string,
 *   serverErrorNext: number,
 *   serverErrorOnly: string,
 *   refundNoAnswerNext: number,
 *   invoiceErrorNext: number,
 *   invoiceBaseUrl: string,
 * }} FakeAsaasSettings
 */
/**
 * Where a fake Asaas keeps its books: a Map, or anything with its get/set/values/clear.
 * @template T
 * @typedef {{
 *   get(id: string): T | undefined,
 *   set(id: string, value: T): unknown,
 *   values(): Iterable<T>,
 *   clear(): void,
 * }} FakeAsaasBook
 */
/**
 * The books: customers, payments and invoices.
 * @typedef {{
 *   customers: FakeAsaasBook<AsaasCustomer>,
 *   payments: FakeAsaasBook<AsaasPayment>,
 *   invoices: FakeAsaasBook<AsaasInvoice>,
 * }} FakeAsaasState
 */
/** @typedef {ReturnType<typeof createFakeAsaas>} FakeAsaas */
/**
 * A call's JSON body as the client sent it: the fields Asaas's documentation gives the calls this fake answers.
 * @typedef {{
 *   [field: string]: unknown,
 *   customer?: string,
 *   dueDate?: string,
 *   installmentCount?: number,
 *   totalValue?: number,
 *   value?: number,
 *   description?: string,
 *   billingType?: string,
 *   externalReference?: string,
 *   remoteIp?: string,
 *   creditCard?: Record<string, string | undefined>,
 *   creditCardHolderInfo?: Record<string, string | undefined>,
 *   name?: string,
 *   cpfCnpj?: string,
 *   email?: string,
 *   mobilePhone?: string,
 *   notificationDisabled?: boolean,
 *   payment?: string,
 *   installment?: string,
 *   serviceDescription?: string,
 *   effectiveDate?: string,
 *   municipalServiceId?: string,
 *   municipalServiceCode?: string,
 *   municipalServiceName?: string,
 *   deductions?: number,
 *   observations?: string,
 *   taxes?: Record<string, unknown>,
 * }} AsaasBody
 */

/** Card numbers with a fixed outcome (all pass the Luhn check; pocketbase/pb_hooks/lib/regras.json cartoesTeste); any
 * other valid card is approved. */
export const TEST_CARDS = regras.cartoesTeste;

export const DECLINED = regras.recusasTeste.declined;

/**
 * The status each event leaves a payment in.
 * @type {Record<string, string>}
 */
export const EVENT_STATUS = {
  PAYMENT_CONFIRMED: 'CONFIRMED',
  PAYMENT_RECEIVED: 'RECEIVED',
  PAYMENT_APPROVED_BY_RISK_ANALYSIS: 'CONFIRMED',
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'REFUSED',
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: 'REFUSED',
  PAYMENT_AWAITING_RISK_ANALYSIS: 'AWAITING_RISK_ANALYSIS',
  PAYMENT_REFUNDED: 'REFUNDED',
  PAYMENT_REFUND_IN_PROGRESS: 'REFUND_IN_PROGRESS',
  PAYMENT_RESTORED: 'PENDING',
  PAYMENT_CHARGEBACK_REQUESTED: 'CHARGEBACK_REQUESTED',
  PAYMENT_CHARGEBACK_DISPUTE: 'CHARGEBACK_DISPUTE',
  PAYMENT_AWAITING_CHARGEBACK_REVERSAL: 'AWAITING_CHARGEBACK_REVERSAL',
  PAYMENT_OVERDUE: 'OVERDUE',
};

export const PAID = ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH'];

/**
 * Today in America/Sao_Paulo (UTC-3, no daylight saving since 2019).
 * @param {number} [now]
 */
export function todaySaoPaulo(now = Date.now()) {
  return new Date(now - 3 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * "2026-11-24 10:28:40", as Asaas writes dates with a time (São Paulo).
 * @param {number} [now]
 */
function nowSaoPaulo(now = Date.now()) {
  return new Date(now - 3 * 3600 * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

/** @param {string} prefix */
function newId(prefix) {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** @param {unknown} value */
export function validCpf(value) {
  const d = String(value ?? '').replace(/\D/g, '');
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  for (let t = 9; t < 11; t++) {
    let sum = 0;
    for (let i = 0; i < t; i++) sum += Number(d[i]) * (t + 1 - i);
    if (((sum * 10) % 11) % 10 !== Number(d[t])) return false;
  }
  return true;
}

/** Asaas's error body. @type {(code: string, description: string) => { errors: { code: string, description: string }[] }} */
export const errors = (code, description) => ({ errors: [{ code, description }] });

/** @param {unknown} value */
const cents = (value) => Math.round(Number(value) * 100);

/**
 * The fields Asaas requires of a card's holder, with the error it answers when one is missing.
 * @type {[string, string, string][]}
 */
const HOLDER_FIELDS = [
  ['name', 'invalid_name', 'Informe o nome do titular do cartão.'],
  ['email', 'invalid_email', 'Informe o e-mail do titular do cartão.'],
  ['cpfCnpj', 'invalid_cpfCnpj', 'Informe o CPF ou CNPJ do titular do cartão.'],
  ['postalCode', 'invalid_postalCode', 'Informe o CEP do titular do cartão.'],
  ['addressNumber', 'invalid_addressNumber', 'Informe o número do endereço do titular do cartão.'],
  ['phone', 'invalid_phone', 'Informe o telefone do titular do cartão.'],
];

/**
 * How a fake Asaas behaves when created and after reset(): no events on creation, a refund's event after its
 * answer, no refusals (FakeAsaasSettings below says what each means). Where invoices link to is not behaviour.
 * @type {Omit<FakeAsaasSettings, 'invoiceBaseUrl'>}
 */
const BEHAVIOUR = {
  eventsOnCreate: 'none',
  eventsOnRefund: 'after',
  rateLimitNext: 0,
  rateLimitEvery: 0,
  rateLimitOnly: '',
  serverErrorNext: 0,
  serverErrorOnly: '',
  refundNoAnswerNext: 0,
  invoiceErrorNext: 0,
};

/**
 * A fake Asaas account. Options: qrImage(payload) (the Pix QR code picture, base64 PNG; empty by default), state
 * ({ customers, payments }: where its books are kept, anything with Map's get/set/values/clear; Maps by default).
 * Every answer is { status, body, events }, where events are { payment, event, when } (or { invoice, event, when,
 * apply }: with `apply`, applyInvoiceEvent first) to deliver as webhooks: when 'before' (before the HTTP answer)
 * or 'after' it. A call that Asaas would keep processing answers
 * status 'hang' with `pending` (the payments to list once its answer is sent: see list()).
 * @param {{
 *   qrImage?: (payload: string) => string,
 *   state?: Omit<FakeAsaasState, 'invoices'> & { invoices?: FakeAsaasBook<AsaasInvoice> },
 * }} [options]
 */
export function createFakeAsaas({
  qrImage = () => '',
  state: books = { customers: new Map(), payments: new Map(), invoices: new Map() },
} = {}) {
  /** @type {FakeAsaasState} */
  const state = Object.assign(books, { invoices: books.invoices ?? new Map() });
  /**
   * eventsOnCreate: 'none' | 'after' | 'before' | 'alternate' (a new charge's events sent after its answer,
   * before it, or each in turn); rateLimitNext: the next n calls get a 429; rateLimitEvery: every n-th call does;
   * invoiceErrorNext: the next n invoices end in ERROR; invoiceBaseUrl: where the invoices' PDF and XML are;
   * eventsOnRefund: 'after' | 'before' (a refund's PAYMENT_REFUNDED sent after its answer, or before it: Asaas
   * promises no order between its webhooks and its answers); rateLimitOnly: when set ('DELETE /v3/payments/pay_1'),
   * rateLimitNext counts only that call, so a call the server makes meanwhile (a webhook's check) is not the one
   * refused; serverErrorNext: the next n calls get a 500 and change nothing (serverErrorOnly: only that call, as
   * rateLimitOnly); refundNoAnswerNext: the next n refunds (of a payment or of an installment plan) are made, their
   * webhooks sent, but never answered.
   */
  /** @type {FakeAsaasSettings} */
  const settings = { ...BEHAVIOUR, invoiceBaseUrl: 'https://sandbox.asaas.com' };
  let calls = 0;
  let creations = 0;

  /** @type {(status: number, body: unknown, events?: FakeAsaasAnswer['events']) => FakeAsaasAnswer} */
  const answer = (status, body, events = []) => ({ status, body, events });

  /**
   * The body of a webhook as Asaas posts it.
   * @param {AsaasPayment} payment
   * @param {string} event
   */
  function webhookEvent(payment, event) {
    return {
      id: newId('evt'),
      event,
      dateCreated: nowSaoPaulo(),
      payment: structuredClone({ object: 'payment', ...payment }),
    };
  }

  /**
   * Applies an event to a payment (what Asaas does when it happens) and returns it, to be delivered.
   * @param {AsaasPayment} payment
   * @param {string} event
   * @returns {AsaasEvent}
   */
  function applyEvent(payment, event) {
    const status = EVENT_STATUS[event];
    if (status) payment.status = status;
    if (event === 'PAYMENT_DELETED') payment.deleted = true;
    if (event === 'PAYMENT_RESTORED') payment.deleted = false;
    if (event === 'PAYMENT_CHARGEBACK_REQUESTED') {
      payment.chargeback = { status: 'REQUESTED', reason: 'ABSENCE_OF_PRINT', value: payment.value };
    }
    if (event === 'PAYMENT_CHARGEBACK_DISPUTE' && payment.chargeback)
      payment.chargeback.status = 'IN_DISPUTE';
    if (event === 'PAYMENT_RECEIVED' || event === 'PAYMENT_CONFIRMED') {
      payment.paymentDate = todaySaoPaulo();
      payment.confirmedDate = todaySaoPaulo();
    }
    return { payment, event, when: 'after' };
  }

  /**
   * Refunds `value` of a payment (all that is left when absent). A full refund ends it REFUNDED.
   * @param {AsaasPayment} payment
   * @param {number | undefined} value
   * @param {string | undefined} description
   */
  function refund(payment, value, description) {
    if (!PAID.includes(payment.status)) {
      return answer(
        400,
        errors('invalid_action', 'Só é possível estornar uma cobrança recebida ou confirmada.'),
      );
    }
    const refunded = (payment.refunds ?? []).reduce((sum, r) => sum + cents(r.value), 0);
    const rest = cents(payment.value) - refunded;
    const amount = value === undefined || value === null ? rest : cents(value);
    if (!(amount > 0) || amount > rest) {
      return answer(
        400,
        errors('invalid_value', 'O valor do estorno excede o valor disponível da cobrança.'),
      );
    }
    payment.refunds = [
      ...(payment.refunds ?? []),
      { dateCreated: nowSaoPaulo(), status: 'DONE', value: amount / 100, description: description ?? null },
    ];
    const full = amount === rest;
    if (full) payment.status = 'REFUNDED';
    return answer(200, payment, [
      {
        payment,
        event: full ? 'PAYMENT_REFUNDED' : 'PAYMENT_PARTIALLY_REFUNDED',
        when: settings.eventsOnRefund,
      },
    ]);
  }

  /**
   * The events Asaas sends for new payments, and when, as settings.eventsOnCreate says.
   * @param {AsaasPayment[]} installments
   * @returns {AsaasEvent[]}
   */
  function creationEvents(installments) {
    const mode = settings.eventsOnCreate;
    if (mode === 'none') return [];
    const when = mode === 'alternate' ? (creations++ % 2 === 0 ? 'before' : 'after') : mode;
    const events = installments.map((payment) => ({ payment, event: 'PAYMENT_CREATED', when }));
    for (const payment of installments) {
      if (payment.status === 'CONFIRMED') events.push({ payment, event: 'PAYMENT_CONFIRMED', when });
      if (payment.status === 'AWAITING_RISK_ANALYSIS') {
        events.push({ payment, event: 'PAYMENT_AWAITING_RISK_ANALYSIS', when });
      }
    }
    // Deliveries are not ordered: ahead of the answer, the last installment's events come first.
    return when === 'before' ? events.reverse() : events;
  }

  /** @param {AsaasBody} body */
  function createPayment(body) {
    const customer = state.customers.get(body.customer ?? '');
    if (!customer) return answer(400, errors('invalid_customer', 'Cliente inválido ou inexistente.'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(body.dueDate ?? ''))) {
      return answer(400, errors('invalid_dueDate', 'Informe a data de vencimento.'));
    }
    if (String(body.dueDate) < todaySaoPaulo()) {
      return answer(400, errors('invalid_dueDate', 'Não é permitido data de vencimento inferior a hoje.'));
    }
    const count = Number(body.installmentCount ?? 1);
    const total = Number(body.installmentCount ? body.totalValue : body.value);
    if (!(total > 0)) return answer(400, errors('invalid_value', 'Informe o valor da cobrança.'));
    const payment = {
      object: 'payment',
      id: newId('pay'),
      dateCreated: todaySaoPaulo(),
      customer: body.customer,
      installment: count > 1 ? newId('ins') : null,
      installmentNumber: count > 1 ? 1 : null,
      value: count > 1 ? Math.floor((total * 100) / count) / 100 : total,
      netValue: null,
      description: body.description ?? null,
      billingType: body.billingType,
      status: 'PENDING',
      dueDate: body.dueDate,
      originalDueDate: body.dueDate,
      paymentDate: null,
      confirmedDate: null,
      externalReference: body.externalReference ?? null,
      deleted: false,
      refunds: null,
      chargeback: null,
      creditCard: null,
    };
    if (body.billingType === 'PIX') {
      state.payments.set(payment.id, payment);
      return answer(200, payment, creationEvents([payment]));
    }
    if (body.billingType !== 'CREDIT_CARD') {
      return answer(400, errors('invalid_billingType', 'Forma de pagamento inválida.'));
    }
    const card = body.creditCard ?? {};
    const holder = body.creditCardHolderInfo ?? {};
    if (!card.number || !card.ccv || !card.expiryMonth || !card.expiryYear || !card.holderName) {
      return answer(400, errors('invalid_creditCard', 'Informe os dados do cartão de crédito.'));
    }
    for (const [field, code, description] of HOLDER_FIELDS) {
      if (!String(holder[field] ?? '').trim()) return answer(400, errors(code, description));
    }
    if (!body.remoteIp) return answer(400, errors('invalid_remoteIp', 'Informe o IP do comprador.'));
    // A CEP the postal service does not know, as Asaas reports it.
    if (String(holder.postalCode) === '00000000') {
      return answer(400, errors('invalid_postalCode', 'O CEP informado é inválido.'));
    }
    const number = String(card.number);
    if (TEST_CARDS.declined.includes(number)) return answer(400, errors('invalid_creditCard', DECLINED));
    if (number === TEST_CARDS.insufficientFunds) {
      return answer(400, errors('invalid_creditCard', regras.recusasTeste.insufficientFunds));
    }
    if (number === TEST_CARDS.wrongCvv) {
      return answer(400, errors('invalid_creditCard', regras.recusasTeste.wrongCvv));
    }
    if (number === TEST_CARDS.serverErrorNoCharge) return answer(500, errors('internal', 'Erro interno.'));
    const status =
      number === TEST_CARDS.riskAnalysis
        ? 'AWAITING_RISK_ANALYSIS'
        : number === TEST_CARDS.pending
          ? 'PENDING'
          : 'CONFIRMED';
    // One payment per installment, each due a month after the last; the last takes the centavos left over.
    const installments = Array.from({ length: count }, (_, i) => {
      const due = new Date(`${body.dueDate}T12:00:00Z`);
      due.setUTCMonth(due.getUTCMonth() + i);
      const value =
        i === count - 1 && count > 1
          ? Math.round(total * 100 - payment.value * 100 * (count - 1)) / 100
          : payment.value;
      return {
        ...payment,
        id: i === 0 ? payment.id : newId('pay'),
        installmentNumber: count > 1 ? i + 1 : null,
        value,
        dueDate: due.toISOString().slice(0, 10),
        originalDueDate: due.toISOString().slice(0, 10),
        status,
        confirmedDate: status === 'CONFIRMED' ? todaySaoPaulo() : null,
        creditCard: {
          creditCardNumber: number.slice(-4),
          creditCardBrand: number.startsWith('5') ? 'MASTERCARD' : 'VISA',
        },
      };
    });
    const first = installments[0];
    // Still being processed: listed (GET /payments) only once its answer is sent.
    if (number === TEST_CARDS.noAnswer)
      return { status: /** @type {const} */ ('hang'), body: first, events: [], pending: installments };
    list(installments);
    if (number === TEST_CARDS.serverError) {
      return answer(500, errors('internal', 'Erro interno.'), creationEvents(installments));
    }
    return answer(200, first, creationEvents(installments));
  }

  /**
   * Lists payments Asaas made (GET /payments finds them from now on).
   * @param {AsaasPayment[]} payments
   */
  function list(payments) {
    for (const p of payments) state.payments.set(p.id, p);
  }

  /** @param {AsaasPayment} payment */
  function pixQrCode(payment) {
    const payload = `00020101021226800014br.gov.bcb.pix2558pix.example/qr/v2/${payment.id}5204000053039865406${Number(payment.value).toFixed(2)}5802BR6304ABCD`;
    return {
      encodedImage: qrImage(payload),
      payload,
      // Asaas keeps a Pix payable for up to 12 months after its due date.
      expirationDate: `${payment.dueDate} 23:59:59`,
      success: true,
    };
  }

  /**
   * The body of an invoice webhook as Asaas posts it.
   * @param {AsaasInvoice} invoice
   * @param {string} event
   */
  function invoiceWebhookEvent(invoice, event) {
    return {
      id: newId('evt'),
      event,
      dateCreated: nowSaoPaulo(),
      invoice: structuredClone(invoice),
    };
  }

  // Each invoice event and the status it leaves the invoice in (INVOICE_CREATED and _UPDATED leave it as it is).
  /** @type {Record<string, string>} */
  const INVOICE_STATUS = {
    INVOICE_SYNCHRONIZED: 'SYNCHRONIZED',
    INVOICE_AUTHORIZED: 'AUTHORIZED',
    INVOICE_ERROR: 'ERROR',
    INVOICE_PROCESSING_CANCELLATION: 'PROCESSING_CANCELLATION',
    INVOICE_CANCELED: 'CANCELED',
    INVOICE_CANCELLATION_DENIED: 'CANCELLATION_DENIED',
  };
  let invoiceNumber = 1000;

  /**
   * Applies an invoice event (what the city hall's answer does) and returns it, to be delivered.
   * @param {AsaasInvoice} invoice
   * @param {string} event
   * @returns {AsaasInvoiceEvent}
   */
  function applyInvoiceEvent(invoice, event) {
    const status = INVOICE_STATUS[event];
    if (status) invoice.status = status;
    if (event === 'INVOICE_AUTHORIZED') {
      invoice.number = String(++invoiceNumber);
      invoice.rpsSerie = 'E';
      invoice.rpsNumber = invoice.number;
      invoice.validationCode = invoice.id.slice(-8).toUpperCase();
      invoice.pdfUrl = `${settings.invoiceBaseUrl}/nfse/${invoice.id}.pdf`;
      invoice.xmlUrl = `${settings.invoiceBaseUrl}/nfse/${invoice.id}.xml`;
      invoice.statusDescription = null;
    }
    if (event === 'INVOICE_ERROR') {
      invoice.statusDescription =
        'Falha na emissão: a prefeitura recusou a autenticação. Confira o login e a senha da prefeitura nas informações fiscais.';
    }
    return { invoice, event, when: 'after' };
  }

  /**
   * A queued step: the event applied when it is delivered, so a GET meanwhile sees the invoice as it stands.
   * @type {(invoice: AsaasInvoice, event: string) => AsaasInvoiceEvent}
   */
  const step = (invoice, event) => ({ invoice, event, when: 'after', apply: true });

  /** @param {AsaasBody} body */
  function createInvoice(body) {
    const origin = ['payment', 'installment', 'customer'].filter((k) => body[k]);
    if (origin.length === 0) {
      return answer(
        400,
        errors('invalid_object', 'Informe a cobrança, o parcelamento ou o cliente da nota.'),
      );
    }
    const linked = [...state.payments.values()].filter(
      (p) => p.id === body.payment || (body.installment && p.installment === body.installment),
    );
    if ((body.payment || body.installment) && linked.length === 0) {
      return answer(400, errors('invalid_payment', 'Cobrança ou parcelamento inexistente.'));
    }
    if (!String(body.serviceDescription ?? '').trim()) {
      return answer(400, errors('invalid_serviceDescription', 'Informe a descrição dos serviços.'));
    }
    if (!(Number(body.value) > 0)) return answer(400, errors('invalid_value', 'Informe o valor da nota.'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(body.effectiveDate ?? ''))) {
      return answer(400, errors('invalid_effectiveDate', 'Informe a data de emissão da nota.'));
    }
    if (!body.municipalServiceId && !body.municipalServiceCode) {
      return answer(400, errors('invalid_municipalService', 'Informe o serviço municipal da nota.'));
    }
    const invoice = {
      object: 'invoice',
      id: newId('inv'),
      status: 'SCHEDULED',
      customer: body.customer ?? linked[0]?.customer ?? null,
      type: 'NFS-e',
      statusDescription: null,
      serviceDescription: body.serviceDescription,
      pdfUrl: null,
      xmlUrl: null,
      rpsSerie: null,
      rpsNumber: null,
      number: null,
      validationCode: null,
      value: Number(body.value),
      deductions: Number(body.deductions ?? 0),
      effectiveDate: body.effectiveDate,
      observations: body.observations ?? null,
      estimatedTaxesDescription: '',
      payment: body.payment ?? null,
      installment: body.installment ?? null,
      externalReference: body.externalReference ?? null,
      taxes: { retainIss: false, iss: 0, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0, ...(body.taxes ?? {}) },
      municipalServiceId: body.municipalServiceId ?? null,
      municipalServiceCode: body.municipalServiceCode ?? null,
      municipalServiceName: body.municipalServiceName ?? null,
      deleted: false,
    };
    state.invoices.set(invoice.id, invoice);
    const fails = settings.invoiceErrorNext > 0;
    if (fails) settings.invoiceErrorNext--;
    return answer(200, structuredClone(invoice), [
      step(invoice, 'INVOICE_CREATED'),
      step(invoice, 'INVOICE_SYNCHRONIZED'),
      step(invoice, fails ? 'INVOICE_ERROR' : 'INVOICE_AUTHORIZED'),
    ]);
  }

  /** @param {AsaasInvoice} invoice */
  function cancelInvoice(invoice) {
    if (['CANCELED', 'PROCESSING_CANCELLATION'].includes(invoice.status)) {
      return answer(400, errors('invalid_action', 'Esta nota fiscal já foi cancelada.'));
    }
    if (invoice.status === 'ERROR') {
      return answer(400, errors('invalid_action', 'Não é possível cancelar uma nota fiscal com erro.'));
    }
    if (invoice.status === 'AUTHORIZED' || invoice.status === 'CANCELLATION_DENIED') {
      // Issued: the city hall cancels it.
      invoice.status = 'PROCESSING_CANCELLATION';
      return answer(200, structuredClone(invoice), [
        { invoice, event: 'INVOICE_PROCESSING_CANCELLATION', when: 'after' },
        step(invoice, 'INVOICE_CANCELED'),
      ]);
    }
    invoice.status = 'CANCELED';
    return answer(200, structuredClone(invoice), [{ invoice, event: 'INVOICE_CANCELED', when: 'after' }]);
  }

  /**
   * A list as Asaas answers it (one page here): the items equal to each of the query's `filters` that is set.
   * @param {Iterable<Record<string, unknown>>} items
   * @param {URLSearchParams} query
   * @param {string[]} filters
   */
  function listOf(items, query, filters) {
    const data = [...items].filter((item) =>
      filters.every((key) => !query.get(key) || item[key] === query.get(key)),
    );
    return answer(200, {
      object: 'list',
      hasMore: false,
      totalCount: data.length,
      limit: 10,
      offset: 0,
      data,
    });
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {URLSearchParams} query
   * @param {AsaasBody} body
   * @returns {FakeAsaasAnswer | null}
   */
  function invoiceRoute(method, path, query, body) {
    if (method === 'POST' && path === '/v3/invoices') return createInvoice(body);
    if (method === 'GET' && path === '/v3/invoices') {
      return listOf(state.invoices.values(), query, ['externalReference', 'payment', 'installment']);
    }
    const one = path.match(/^\/v3\/invoices\/([^/]+)(\/cancel)?$/);
    if (!one) return null;
    const invoice = state.invoices.get(one[1] ?? '');
    if (!invoice) return answer(404, errors('not_found', 'Nota fiscal não encontrada.'));
    if (method === 'GET' && !one[2]) return answer(200, structuredClone(invoice));
    if (method === 'POST' && one[2]) return cancelInvoice(invoice);
    return null;
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {URLSearchParams} query
   * @param {AsaasBody} body
   * @returns {FakeAsaasAnswer}
   */
  function route(method, path, query, body) {
    if (path.startsWith('/v3/invoices')) {
      const invoiceAnswer = invoiceRoute(method, path, query, body);
      if (invoiceAnswer) return invoiceAnswer;
    }
    if (method === 'POST' && path === '/v3/customers') {
      if (!body.name) return answer(400, errors('invalid_name', 'O campo nome deve ser informado.'));
      if (!validCpf(body.cpfCnpj)) {
        return answer(400, errors('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.'));
      }
      const customer = {
        object: 'customer',
        id: newId('cus'),
        name: body.name,
        cpfCnpj: body.cpfCnpj,
        email: body.email,
        mobilePhone: body.mobilePhone ?? null,
        externalReference: body.externalReference ?? null,
        notificationDisabled: Boolean(body.notificationDisabled),
      };
      state.customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (method === 'POST' && path === '/v3/payments') return createPayment(body);
    if (method === 'GET' && path === '/v3/payments') {
      return listOf(state.payments.values(), query, ['externalReference', 'installment']);
    }
    const qr = path.match(/^\/v3\/payments\/([^/]+)\/pixQrCode$/);
    if (method === 'GET' && qr) {
      const payment = state.payments.get(qr[1] ?? '');
      if (!payment || payment.billingType !== 'PIX') {
        return answer(404, errors('not_found', 'Cobrança não encontrada.'));
      }
      return answer(200, pixQrCode(payment));
    }
    const one = path.match(/^\/v3\/payments\/([^/]+)$/);
    if (one && method === 'GET') {
      const payment = state.payments.get(one[1] ?? '');
      return payment ? answer(200, payment) : answer(404, errors('not_found', 'Cobrança não encontrada.'));
    }
    if (one && method === 'DELETE') {
      const payment = state.payments.get(one[1] ?? '');
      if (!payment) return answer(404, errors('not_found', 'Cobrança não encontrada.'));
      if (PAID.includes(payment.status) || payment.deleted) {
        return answer(400, errors('invalid_action', 'Não é possível remover esta cobrança.'));
      }
      payment.deleted = true;
      return answer(200, { deleted: true, id: payment.id }, [
        { payment, event: 'PAYMENT_DELETED', when: 'after' },
      ]);
    }
    const made = refundRoute(method, path, body);
    if (made) return unanswered(made);
    return answer(404, errors('not_found', 'Recurso não encontrado.'));
  }

  /**
   * A refund made but, while settings.refundNoAnswerNext counts, not answered ('hang'; its webhooks still go out).
   * @param {FakeAsaasAnswer} made
   * @returns {FakeAsaasAnswer}
   */
  function unanswered(made) {
    if (made.status !== 200 || settings.refundNoAnswerNext <= 0) return made;
    settings.refundNoAnswerNext--;
    return { ...made, status: 'hang', pending: [] };
  }

  /**
   * POST /payments/{id}/refund and POST /installments/{id}/refund, or null for any other call.
   * @param {string} method
   * @param {string} path
   * @param {AsaasBody} body
   * @returns {FakeAsaasAnswer | null}
   */
  function refundRoute(method, path, body) {
    const paymentRefund = path.match(/^\/v3\/payments\/([^/]+)\/refund$/);
    if (method === 'POST' && paymentRefund) {
      const payment = state.payments.get(paymentRefund[1] ?? '');
      if (!payment) return answer(404, errors('not_found', 'Cobrança não encontrada.'));
      return refund(payment, body.value, body.description);
    }
    const installmentRefund = path.match(/^\/v3\/installments\/([^/]+)\/refund$/);
    if (method === 'POST' && installmentRefund) {
      const all = [...state.payments.values()].filter((p) => p.installment === installmentRefund[1]);
      if (all.length === 0) return answer(404, errors('not_found', 'Parcelamento não encontrado.'));
      if (!all.every((p) => PAID.includes(p.status))) {
        return answer(400, errors('invalid_action', 'Só é possível estornar um parcelamento pago.'));
      }
      const events = all.flatMap((p) => refund(p, undefined, body.description).events);
      return answer(200, { object: 'installment', id: installmentRefund[1], status: 'REFUNDED' }, events);
    }
    return null;
  }

  /**
   * Answers one API call (method, path with /v3, URLSearchParams, parsed JSON body).
   * @param {string} method
   * @param {string} path
   * @param {URLSearchParams} query
   * @param {unknown} body
   */
  function request(method, path, query, body) {
    calls++;
    const limited = settings.rateLimitOnly === '' || settings.rateLimitOnly === `${method} ${path}`;
    if (
      (settings.rateLimitNext > 0 && limited) ||
      (settings.rateLimitEvery > 0 && calls % settings.rateLimitEvery === 0)
    ) {
      settings.rateLimitNext = Math.max(0, settings.rateLimitNext - 1);
      return answer(
        429,
        errors('too_many_requests', 'Limite de requisições atingido. Tente novamente mais tarde.'),
      );
    }
    const failing = settings.serverErrorOnly === '' || settings.serverErrorOnly === `${method} ${path}`;
    if (settings.serverErrorNext > 0 && failing) {
      settings.serverErrorNext--;
      return answer(500, errors('internal', 'Erro interno.'));
    }
    return route(method, path, query, /** @type {AsaasBody} */ (body ?? {}));
  }

  /**
   * Stores a payment as Asaas holds it (one made elsewhere, or a documented payload).
   * @param {AsaasPayment} payment
   * @returns {AsaasPayment}
   */
  function store(payment) {
    const stored = { object: 'payment', deleted: false, ...payment };
    state.payments.set(stored.id, stored);
    return stored;
  }

  /** @param {Partial<FakeAsaasSettings>} changes */
  function configure(changes) {
    Object.assign(settings, Object.fromEntries(Object.entries(changes).filter(([key]) => key in settings)));
    return { ...settings };
  }

  function reset() {
    configure(BEHAVIOUR);
    calls = 0;
    creations = 0;
    state.customers.clear();
    state.payments.clear();
    state.invoices.clear();
  }

  return {
    state,
    settings,
    request,
    applyEvent,
    webhookEvent,
    applyInvoiceEvent,
    invoiceWebhookEvent,
    list,
    store,
    configure,
    reset,
  };
}
