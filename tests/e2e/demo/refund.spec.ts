// The demo's refunds and withdrawal: its Asaas (fake-asaas/fake-asaas.mjs) refunds and sends the webhook, and the
// double applies it as the server does (tests/server/contract-lifecycle.test.ts checks the two agree).
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { confirmRefund, expectOnlyTheRestRefundable, fillCardForm, loginAs } from '../helpers';

/** The signed-in demo customer buys Individual by card in 1x (R$ 699,00). */
async function buy(page: Page) {
  await loginAs(page, 'cliente', '/services/individual');
  await payIndividual(page);
}

/** On the Individual service page, the customer pays by card in 1x. */
async function payIndividual(page: Page) {
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await fillCardForm(page, { number: '4111111111111111' });
  await page.getByRole('button', { name: 'Pagar R$ 699,00' }).click();
  await expect(page.getByRole('dialog', { name: 'Pagamento confirmado' })).toBeVisible();
}

test('the customer withdraws within 7 days: refunded in full, tracking shows the order cancelled; then buys again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await buy(page);
  await page.goto('/tracking');
  const section = page.getByRole('region', { name: 'Desistir da compra' });
  await section.getByRole('button', { name: 'Desistir da compra' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desistir da compra' });
  await dialog.getByRole('button', { name: 'Confirmar desistência' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pedido cancelado' })).toContainText(
    'o valor pago foi estornado',
  );
  await expectNoAxeViolations(page, 'demo tracking after the withdrawal');
  await shot(page, 'demo-withdrawal-tracking', { folder: 'money' });
  // A fully refunded order is closed (pocketbase/pb_hooks/lib/pedido_aberto.js): the customer may buy again, from
  // the notice's own link.
  const cancelled = page.getByRole('status').filter({ hasText: 'Pedido cancelado' });
  await expect(cancelled.getByRole('link', { name: 'Serviço Familiar' })).toHaveAttribute(
    'href',
    '/services/familiar',
  );
  await cancelled.getByRole('link', { name: 'Serviço Individual' }).click();
  await expect(page).toHaveURL(/\/services\/individual$/);
  await payIndividual(page);
  await shot(page, 'demo-bought-again', { folder: 'money' });
  await page.goto('/tracking');
  await expect(page.getByRole('heading', { name: 'Consultar andamento' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Pedido cancelado' })).toHaveCount(0);
  await shot(page, 'demo-tracking-new-order', { folder: 'money' });
});

/** The customer buys, signs out, and staff open the new booking's page: its refund panel. */
async function boughtThenStaff(page: Page) {
  await buy(page);
  const bookingId = await page.evaluate(() => {
    const db = JSON.parse(sessionStorage.getItem('demo-db-v3') ?? '{}') as {
      agendamentos: { id: string; created: string }[];
    };
    return db.agendamentos.toSorted((a, b) => a.created.localeCompare(b.created)).at(-1)?.id ?? '';
  });
  await page.goto('/');
  await page.getByRole('button', { name: /^Olá, / }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await loginAs(page, 'admin', '/');
  await page.goto(`/booking-details/${bookingId}`);
  return { bookingId, panel: page.getByRole('region', { name: 'Estornar pagamento' }) };
}

test('staff refund part, then only what remains is offered', { tag: '@staff' }, async ({ page }) => {
  test.setTimeout(60_000);
  const { panel } = await boughtThenStaff(page);
  await panel.getByLabel('Parcial').check();
  await panel.getByLabel('Valor a estornar (R$)').fill('100,00');
  await panel.getByLabel('Motivo').fill('Cortesia: atraso no atendimento');
  await panel.getByRole('button', { name: 'Solicitar estorno' }).click();
  await confirmRefund(page, 'Será estornado R$ 100,00 de R$ 699,00');
  await expect(panel.getByRole('status')).toContainText('Estorno de R$ 100,00 solicitado ao Asaas.');
  await page.reload();
  // Only what remains can be refunded now.
  await expectOnlyTheRestRefundable(panel);
  await expectNoAxeViolations(page, 'demo booking page after a partial refund');
  await shot(page, 'demo-staff-partial-refund', { folder: 'money' });
});

test(
  'a refund Asaas never answered shows on the panel; the next refund checks Asaas first',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(60_000);
    const { bookingId, panel } = await boughtThenStaff(page);
    await expect(panel.getByLabel('Motivo')).toBeVisible();
    // The order as the server leaves it after a 503: R$ 100,00 asked at 12:00 São Paulo, Asaas silent.
    await page.evaluate((id) => {
      const db = JSON.parse(sessionStorage.getItem('demo-db-v3') ?? '{}') as {
        agendamentos: { id: string; pagamento: string }[];
        pagamentos: Record<string, unknown>[];
      };
      const order = db.pagamentos.find((p) => p.id === db.agendamentos.find((b) => b.id === id)?.pagamento);
      Object.assign(order ?? {}, {
        estorno_incerto_valor: 100,
        estorno_incerto_em: `${new Date().toISOString().slice(0, 10)} 15:00:00.000Z`,
        estorno_incerto_antes: 0,
      });
      sessionStorage.setItem('demo-db-v3', JSON.stringify(db));
    }, bookingId);
    await page.reload();
    const notice = panel.getByText(/^Um estorno de R\$ 100,00 foi pedido ao Asaas em/);
    await expect(panel.getByText('Estorno sem confirmação do Asaas')).toBeVisible();
    await expect(notice).toContainText(
      /Um estorno de R\$ 100,00 foi pedido ao Asaas em \d{2}\/\d{2}\/\d{4} às 12:00/,
    );
    await expectNoAxeViolations(page, 'demo booking page with a refund Asaas never answered');
    await shot(page, 'demo-staff-unconfirmed-refund', { folder: 'money' });
    // The demo's Asaas lists no such refund: the mark goes and this one is asked.
    await panel.getByLabel('Parcial').check();
    await panel.getByLabel('Valor a estornar (R$)').fill('100,00');
    await panel.getByLabel('Motivo').fill('Cortesia: atraso no atendimento');
    await panel.getByRole('button', { name: 'Solicitar estorno' }).click();
    await confirmRefund(page, 'Será estornado R$ 100,00 de R$ 699,00');
    await expect(panel.getByRole('status').filter({ hasText: 'solicitado ao Asaas' })).toContainText(
      'Estorno de R$ 100,00 solicitado ao Asaas.',
    );
    await expect(notice).toHaveCount(0);
  },
);
