// Money after the charge, on the production build against the real backend (playwright.real.config.ts): the
// customer's withdrawal within 7 days, a partial refund by staff, and what tracking shows after each; the
// order's service invoice (NFS-e), downloaded by the customer and sent again by staff after an error. Asaas is
// the stand-in, which refunds, issues invoices and sends its webhooks as Asaas documents.
import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, REAL_BACKEND, shot, test } from '../fixtures';
import { ACCOUNTS, confirmRefund, expectOnlyTheRestRefundable, login } from '../helpers';
import { type Customer, customerWithOrder, ownAddress, superuserToken } from '../real-helpers';

async function paymentOf(request: APIRequestContext, customer: Customer) {
  const response = await request.get(
    `${REAL_BACKEND.pb}/api/collections/pagamentos/records?filter=${encodeURIComponent(`usuario = "${customer.id}"`)}`,
    { headers: { Authorization: await superuserToken(request) } },
  );
  return (
    (await response.json()) as {
      items: Array<{
        id: string;
        status_asaas: string;
        nota_status: string;
        nota_id: string;
        nota_numero: string;
      }>;
    }
  ).items[0];
}

test.beforeEach(async ({ page }) => {
  expect(REAL_BACKEND.pb, 'this file runs only against the real backend').not.toBe('');
  await ownAddress(page.context());
});

test('the customer withdraws within 7 days: confirmation, refund in full, tracking shows the order cancelled', async ({
  page,
  request,
}) => {
  const customer = await customerWithOrder(request, 'individual');
  await expect(await login(page, customer.email, customer.password)).toBeHidden();
  await page.goto('/tracking');
  const section = page.getByRole('region', { name: 'Desistir da compra' });
  await expect(section).toContainText(
    /Você pode desistir até \d{2}\/\d{2}\/\d{4}: 7 dias a contar do pagamento/,
  );
  await section.getByRole('button', { name: 'Desistir da compra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desistir da compra' });
  await expect(dialog).toContainText('será estornado integralmente');
  await expectNoAxeViolations(page, 'withdrawal confirmation');
  await shot(page, 'withdrawal-confirm', { folder: 'money', fullPage: false });
  await dialog.getByRole('button', { name: 'Confirmar desistência' }).click();
  const cancelled = page.getByRole('status').filter({ hasText: 'Pedido cancelado' });
  await expect(cancelled).toContainText('o valor pago foi estornado');
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'tracking after the withdrawal');
  await shot(page, 'withdrawal-tracking', { folder: 'money' });
  // Asaas's webhook closes the order.
  await expect.poll(async () => (await paymentOf(request, customer))?.status_asaas).toBe('REFUNDED');
});

test(
  'staff refund part of a payment with a reason; tracking shows the partial refund',
  { tag: '@staff' },
  async ({ page, browser, request }) => {
    const customer = await customerWithOrder(request, 'individual');
    const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    await ownAddress(staffContext);
    const staff = await staffContext.newPage();
    await expect(await login(staff, ACCOUNTS.admin.email)).toBeHidden();
    await expect(staff).toHaveURL(/\/dashboard$/);
    const bookings = await request.get(
      `${REAL_BACKEND.pb}/api/collections/agendamentos/records?filter=${encodeURIComponent(`usuario = "${customer.id}"`)}`,
      { headers: { Authorization: await superuserToken(request) } },
    );
    const [booking] = ((await bookings.json()) as { items: Array<{ id: string }> }).items;
    await staff.goto(`/booking-details/${booking?.id}`);
    const panel = staff.getByRole('region', { name: 'Estornar pagamento' });
    await panel.getByLabel('Parcial').check();
    await panel.getByRole('button', { name: 'Solicitar estorno' }).click();
    await expect(panel.getByLabel('Valor a estornar (R$)')).toHaveAccessibleDescription(
      'Informe um valor entre R$ 0,01 e R$ 699,00.',
    );
    await panel.getByLabel('Valor a estornar (R$)').fill('100,00');
    await panel.getByLabel('Motivo').fill('Cortesia: atraso no atendimento');
    await panel.getByRole('button', { name: 'Solicitar estorno' }).click();
    // Nothing leaves before staff confirm: Escape goes back to the form, its values kept.
    const dialog = staff.getByRole('dialog', { name: 'Confirmar estorno' });
    await expect(dialog).toContainText('Motivo: Cortesia: atraso no atendimento');
    await expectNoAxeViolations(staff, 'refund confirmation');
    await shot(staff, 'staff-refund-confirmation', { folder: 'money' });
    await staff.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Solicitar estorno' })).toBeFocused();
    await expect(panel.getByLabel('Valor a estornar (R$)')).toHaveValue('100,00');
    await expect(staff.getByRole('region', { name: 'Histórico' })).not.toContainText('Estorno parcial');
    await panel.getByRole('button', { name: 'Solicitar estorno' }).click();
    await confirmRefund(
      staff,
      'Será estornado R$ 100,00 de R$ 699,00, pela mesma forma de pagamento. O estorno não pode ser desfeito.',
    );
    await expect(panel.getByRole('status')).toContainText('Estorno de R$ 100,00 solicitado ao Asaas.');
    await expect(staff.getByRole('region', { name: 'Histórico' })).toContainText(
      'Estorno parcial de R$ 100,00 solicitado ao Asaas. Motivo: Cortesia: atraso no atendimento',
    );
    await expect
      .poll(async () => (await paymentOf(request, customer))?.status_asaas)
      .toBe('PARTIALLY_REFUNDED');
    await staff.reload();
    await expect(staff.getByRole('region', { name: 'Compra' })).toContainText('Estornado em parte');
    // Only what remains can be refunded now.
    await expectOnlyTheRestRefundable(panel);
    await expectNoAxeViolations(staff, 'booking page after a partial refund');
    await shot(staff, 'staff-partial-refund', { folder: 'money' });
    await staffContext.close();

    await expect(await login(page, customer.email, customer.password)).toBeHidden();
    await page.goto('/tracking');
    await expect(page.getByRole('status').filter({ hasText: 'Estorno parcial' })).toContainText(
      'Parte do valor pago foi estornada',
    );
    await expectNoAxeViolations(page, 'tracking after a partial refund');
    await shot(page, 'tracking-partial-refund', { folder: 'money' });
  },
);

test('after the 7th day from the payment, tracking explains the withdrawal period ended and offers no button', async ({
  page,
  request,
}) => {
  const customer = await customerWithOrder(request);
  const payment = await paymentOf(request, customer);
  const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
  await request.patch(`${REAL_BACKEND.pb}/api/collections/pagamentos/records/${payment?.id}`, {
    headers: { Authorization: await superuserToken(request) },
    data: { pago_em: eightDaysAgo.toISOString().replace('T', ' ') },
  });
  const lastDay = new Date(eightDaysAgo.getTime() - 3 * 3600 * 1000 + 7 * 86_400_000);
  const shown = lastDay.toISOString().slice(0, 10).split('-').reverse().join('/');
  await expect(await login(page, customer.email, customer.password)).toBeHidden();
  await page.goto('/tracking');
  await expect(page.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await expect(page.getByText(`terminou em ${shown}`)).toContainText(
    'O prazo de 7 dias para desistir da compra (art. 49 do Código de Defesa do Consumidor)',
  );
  await expect(page.getByRole('button', { name: 'Desistir da compra' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'tracking after the withdrawal period');
  await shot(page, 'tracking-withdrawal-ended', { folder: 'money' });
});

test('service invoice: the customer downloads it from tracking and Minha conta once issued', async ({
  page,
  request,
}) => {
  // The order, then Asaas's invoice webhooks, then two pages checked with axe.
  test.setTimeout(90_000);
  const customer = await customerWithOrder(request, 'individual');
  await expect.poll(async () => (await paymentOf(request, customer))?.nota_status).toBe('AUTHORIZED');
  const issued = await paymentOf(request, customer);
  await expect(await login(page, customer.email, customer.password)).toBeHidden();
  await page.goto('/tracking');
  const link = page.getByRole('link', { name: `Baixar nota fiscal nº ${issued?.nota_numero} (PDF)` });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'tracking with the invoice');
  await shot(page, 'tracking-invoice', { folder: 'money' });
  // Asaas's PDF, in a new tab: what the browser gets from the link is the invoice's PDF, as an attachment.
  await expect(link).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toContain(`nfse-${issued?.nota_numero}.pdf`);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.goto('/minha-conta');
  await expect(page.getByRole('region', { name: 'Nota fiscal' }).getByRole('link')).toHaveAttribute(
    'href',
    /\/nfse\/inv_\w+\.pdf$/,
  );
  await expectNoAxeViolations(page, 'Minha conta with the invoice');
  await shot(page, 'account-invoice', { folder: 'money' });
});

test(
  'service invoice: staff find one Asaas could not issue in the list, read why and send it again',
  { tag: '@staff' },
  async ({ page, browser, request }) => {
    // Two people and Asaas's webhooks, twice: the order issued, then issued again.
    test.setTimeout(90_000);
    const customer = await customerWithOrder(request, 'individual');
    await expect.poll(async () => (await paymentOf(request, customer))?.nota_status).toBe('AUTHORIZED');
    const issued = await paymentOf(request, customer);
    // The city refuses it (as Asaas reports it: INVOICE_ERROR, then its GET says ERROR).
    await request.post(`${REAL_BACKEND.asaas}/__control/invoices/${issued?.nota_id}/event`, {
      data: { event: 'INVOICE_ERROR' },
    });
    await expect.poll(async () => (await paymentOf(request, customer))?.nota_status).toBe('ERROR');
    const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    await ownAddress(staffContext);
    const staff = await staffContext.newPage();
    await expect(await login(staff, ACCOUNTS.admin.email)).toBeHidden();
    await staff.goto(`/dashboard?status=NOTA_ERRO&search=${encodeURIComponent(customer.email)}`);
    await expect(staff.getByLabel('Status')).toHaveValue('NOTA_ERRO');
    await expect(staff.getByRole('link', { name: customer.name })).toHaveCount(1);
    await expectNoAxeViolations(staff, 'list filtered on invoice errors');
    await shot(staff, 'staff-list-invoice-error', { folder: 'money' });
    await staff.getByRole('link', { name: customer.name }).first().click();
    const panel = staff.getByRole('region', { name: 'Nota fiscal (NFS-e)' });
    await expect(panel).toContainText('Com erro');
    await expect(panel).toContainText('Erro informado pelo Asaas: Falha na emissão: a prefeitura recusou');
    await expectNoAxeViolations(staff, 'booking page with a failed invoice');
    await shot(staff, 'staff-invoice-error', { folder: 'money' });
    await panel.getByRole('button', { name: 'Tentar de novo' }).click();
    // The server sends it again after its answer; Asaas issues it through its webhooks.
    await expect.poll(async () => (await paymentOf(request, customer))?.nota_status).toBe('AUTHORIZED');
    await staff.reload();
    await expect(panel).toContainText('Emitida');
    await expect(panel.getByRole('button', { name: 'Tentar de novo' })).toHaveCount(0);
    await expect(panel.getByRole('link', { name: /Abrir PDF da nota/ })).toBeVisible();
    await expectNoAxeViolations(staff, 'booking page after the retry');
    await shot(staff, 'staff-invoice-retried', { folder: 'money' });
    await staffContext.close();
  },
);
