// Service invoices (NFS-e) through Asaas (pocketbase/pb_hooks/lib/notas.js), with the tier's server started with
// them on (global-setup: TEST_NFSE): one invoice per paid order whatever the order of the events, followed by
// Asaas's INVOICE_* webhooks, cancelled on a full refund or a withdrawal, flagged on a partial one, an error shown
// to staff and sent again; and, on a server of its own with them off, nothing asked of Asaas.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { TEST_NFSE } from '../../scripts/backend/real-backend.mjs';
import {
  asaasConfig,
  asaasCustomer,
  asaasEvent,
  asaasRequests,
  cardRequest,
  failure,
  mailsTo,
  newCustomer,
  orderOf,
  ownServer,
  payByCard,
  pixCharge,
  postWebhook,
  superuser,
  type Customer,
} from './helpers';

const ASAAS = inject('asaasUrl');
afterEach(() => asaasConfig({ eventsOnCreate: 'none', invoiceErrorNext: 0 }));

interface Invoice {
  id: string;
  status: string;
  payment: string | null;
  installment: string | null;
  externalReference: string;
  value: number;
  serviceDescription: string;
  municipalServiceCode: string;
  taxes: { iss: number };
}

/** The invoices the stand-in holds for an order (externalReference "<order>.<attempt>"). */
async function invoicesOf(orderId: string): Promise<Invoice[]> {
  const all = (await (await fetch(`${ASAAS}/__control/invoices`)).json()) as Invoice[];
  return all.filter((i) => i.externalReference.split('.')[0] === orderId);
}

async function order(customer: Customer) {
  const [payment] = (await orderOf(customer.id)).payments;
  if (!payment) throw new Error('no order');
  return payment;
}

/** Waits for the order's invoice to reach `status` (Asaas's webhooks follow the POST's answer). */
async function invoiceReaches(customer: Customer, status: string) {
  await expect.poll(async () => (await order(customer)).nota_status, { timeout: 15_000 }).toBe(status);
  return order(customer);
}

const staff = newCustomer({ admin: true, nome_completo: 'Equipe Fiscal' });

describe('one invoice per paid order', () => {
  it('card in 3x, its installments’ events before the POST’s answer: one invoice for the installment plan, authorized', async () => {
    await asaasConfig({ eventsOnCreate: 'before' });
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const charge = await payByCard(customer, cardRequest(asaasId, customer, { parcelas: 3, flex: true }));
    expect(charge.status).toBe('CONFIRMED');
    const payment = await invoiceReaches(customer, 'AUTHORIZED');
    const invoices = await invoicesOf(payment.id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      installment: payment.parcelamento,
      payment: null,
      value: 898,
      serviceDescription: TEST_NFSE.NFSE_DESCRICAO_SERVICO,
      municipalServiceCode: TEST_NFSE.NFSE_SERVICO_MUNICIPAL_CODIGO,
      taxes: expect.objectContaining({ iss: 2, retainIss: false }),
    });
    expect(payment).toMatchObject({ nota_id: invoices[0]?.id, nota_erro: '' });
    expect(payment.nota_numero).toMatch(/^\d+$/);
    expect(payment.nota_pdf).toMatch(/\/nfse\/inv_\w+\.pdf$/);
    // The customer reads their own invoice (the order's rules).
    const own = await customer.pb.collection('pagamentos').getOne(payment.id);
    expect(own.nota_pdf).toBe(payment.nota_pdf);
    // Asaas's six events and the three creation events of the installments changed nothing more.
    const posts = (await asaasRequests()).filter(
      (r) => r.method === 'POST' && r.path === '/v3/invoices' && r.body.installment === payment.parcelamento,
    );
    expect(posts).toHaveLength(1);
  });

  it('a Pix paid late, its event replayed and a second one: one invoice, for the payment', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    const charge = await pixCharge(customer, asaasId);
    await asaasEvent(charge.id, 'PAYMENT_OVERDUE');
    const paid = await asaasEvent(charge.id, 'PAYMENT_RECEIVED');
    expect(paid.status).toBe(200);
    const payment = await invoiceReaches(customer, 'AUTHORIZED');
    // The same delivery again, and a late second event for the same payment.
    const first = (await (await superuser())
      .collection('asaas_eventos')
      .getFirstListItem(`asaas_id = "${charge.id}" && evento = "PAYMENT_RECEIVED"`)) as {
      evento_id: string;
    };
    const replay = await postWebhook({
      id: first.evento_id,
      event: 'PAYMENT_RECEIVED',
      payment: { id: charge.id },
    });
    expect(replay.body).toMatchObject({ repetido: true });
    await asaasEvent(charge.id, 'PAYMENT_CONFIRMED');
    const invoices = await invoicesOf(payment.id);
    expect(invoices).toMatchObject([{ payment: charge.id, installment: null, value: 699 }]);
    // An INVOICE_* event Asaas does not confirm changes nothing.
    const forged = await postWebhook({
      id: `evt_forjado_${Date.now()}`,
      event: 'INVOICE_ERROR',
      invoice: { id: 'inv_inexistente', status: 'ERROR', externalReference: `${payment.id}.0` },
    });
    expect(String(forged.body.resultado)).toMatch(/não conhece/);
    // A replay of an earlier step (Asaas's word is now AUTHORIZED) keeps it authorized.
    await fetch(`${ASAAS}/__control/invoices/${invoices[0]?.id}/event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'INVOICE_CREATED' }),
    });
    expect((await order(customer)).nota_status).toBe('AUTHORIZED');
    expect(await invoicesOf(payment.id)).toHaveLength(1);
  });
});

describe('refunds reach the invoice', () => {
  it('a withdrawal cancels the authorized invoice', async () => {
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    await payByCard(customer, cardRequest(asaasId, customer));
    const payment = await invoiceReaches(customer, 'AUTHORIZED');
    await customer.pb.send('/payments/desistencia', { method: 'POST' });
    await invoiceReaches(customer, 'CANCELED');
    const invoices = await invoicesOf(payment.id);
    expect(invoices).toMatchObject([{ status: 'CANCELED' }]);
    const cancels = (await asaasRequests()).filter(
      (r) => r.path === `/v3/invoices/${invoices[0]?.id}/cancel`,
    );
    expect(cancels).toHaveLength(1);
    expect((await order(customer)).nota_alerta).toBe('');
  });

  it('a partial refund flags the invoice for staff; refunding the rest cancels it', async () => {
    const admin = await staff;
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    await payByCard(customer, cardRequest(asaasId, customer));
    await invoiceReaches(customer, 'AUTHORIZED');
    const [booking] = (await orderOf(customer.id)).bookings;
    await admin.pb.send('/payments/estorno', {
      method: 'POST',
      body: { agendamento: booking?.id, valor: 100, motivo: 'Desconto combinado' },
    });
    expect((await order(customer)).nota_alerta).toMatch(/^Estorno parcial: a nota fiscal continua/);
    expect((await order(customer)).nota_status).toBe('AUTHORIZED');
    await admin.pb.send('/payments/estorno', {
      method: 'POST',
      body: { agendamento: booking?.id, motivo: 'Cliente desistiu' },
    });
    await invoiceReaches(customer, 'CANCELED');
  });
});

describe('an invoice Asaas could not issue', () => {
  it('is shown to staff with Asaas’s description, and sent again by staff only', async () => {
    const admin = await staff;
    await asaasConfig({ invoiceErrorNext: 1 });
    const customer = await newCustomer();
    const asaasId = await asaasCustomer(customer);
    await payByCard(customer, cardRequest(asaasId, customer));
    const failed = await invoiceReaches(customer, 'ERROR');
    expect(failed.nota_erro).toMatch(/prefeitura recusou a autenticação/);
    expect((await mailsTo(admin.email, { subject: /Nota fiscal com erro/ })).length).toBeGreaterThan(0);
    const [booking] = (await orderOf(customer.id)).bookings;
    // Staff find it in the list's filter (the booking's copy of the state: staff may not list payments).
    const failedFilter = `nota_status = 'ERROR' && usuario = '${customer.id}'`;
    const listed = await admin.pb.collection('agendamentos').getFullList({ filter: failedFilter });
    expect(listed.map((b) => b.id)).toEqual([booking?.id]);
    // The customer cannot send it again; staff can, once.
    const refused = await failure(
      customer.pb.send('/payments/nota-fiscal', { method: 'POST', body: { agendamento: booking?.id } }),
    );
    expect(refused.status).toBe(403);
    const answer = await admin.pb.send<{ resultado: string }>('/payments/nota-fiscal', {
      method: 'POST',
      body: { agendamento: booking?.id },
    });
    expect(answer.resultado).toBe('reenviando');
    const again = await failure(
      admin.pb.send('/payments/nota-fiscal', { method: 'POST', body: { agendamento: booking?.id } }),
    );
    expect(again.message).toBe('Esta nota fiscal não está com erro.');
    const payment = await invoiceReaches(customer, 'AUTHORIZED');
    expect(payment.nota_erro).toBe('');
    expect(await admin.pb.collection('agendamentos').getFullList({ filter: failedFilter })).toEqual([]);
    const invoices = await invoicesOf(payment.id);
    expect(invoices.map((i) => [i.externalReference, i.status])).toEqual([
      [`${payment.id}.0`, 'ERROR'],
      [`${payment.id}.1`, 'AUTHORIZED'],
    ]);
    // A late event of the first attempt's invoice changes nothing.
    await fetch(`${ASAAS}/__control/invoices/${invoices[0]?.id}/event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event: 'INVOICE_ERROR' }),
    });
    expect((await order(customer)).nota_status).toBe('AUTHORIZED');
  });
});

describe('with NFS-e off', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await stop?.();
    stop = null;
  });

  it('a paid order asks Asaas for no invoice, and staff cannot send one', async () => {
    // The service settings without the switch: still off.
    const { admin, customer, stop: stopServer } = await ownServer({ ...TEST_NFSE, NFSE_ATIVA: '' });
    stop = stopServer;
    const client = customer.pb;
    const asaasId = await asaasCustomer(customer);
    const before = (await asaasRequests()).length;
    const charge = await payByCard(customer, cardRequest(asaasId, customer));
    expect(charge.status).toBe('CONFIRMED');
    const [payment] = await admin.collection('pagamentos').getFullList();
    expect(payment).toMatchObject({ nota_status: '', nota_id: '' });
    const [booking] = await admin.collection('agendamentos').getFullList();
    await admin.collection('usuarios').update(customer.id, { admin: true });
    await client.collection('usuarios').authRefresh();
    const refused = await failure(
      client.send('/payments/nota-fiscal', { method: 'POST', body: { agendamento: booking?.id } }),
    );
    expect(refused.message).toBe('A emissão de notas fiscais está desligada neste servidor.');
    const sent = (await asaasRequests()).slice(before).filter((r) => r.path.startsWith('/v3/invoices'));
    expect(sent).toEqual([]);
  });
});
