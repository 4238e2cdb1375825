import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { fillCardForm, loginAs } from '../helpers';

const fillCard = (page: Page, number: string) => fillCardForm(page, { number, installments: '3x' });

test('a customer buys Individual with Flex in 3x and follows it on /tracking', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'cliente', '/services/individual');
  await page.getByRole('button', { name: 'Contratar' }).click();
  await expect(page.getByRole('heading', { name: 'Finalizar contratação' })).toBeVisible();
  await page.getByLabel('Adicionar Flex por R$ 199,00').check();
  await expect(page.getByLabel('Resumo', { exact: true })).toContainText('R$ 898,00');
  await expect(page.getByLabel('Número do cartão')).toHaveCount(0);
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await expectNoAxeViolations(page, 'purchase area');
  await page.getByRole('button', { name: 'Pagar R$ 898,00' }).click();
  await expect(page.getByText('Número do cartão obrigatório')).toBeVisible();
  await expectNoAxeViolations(page, 'card form errors');
  await fillCard(page, '4111111111111111');
  await expect(page.getByLabel('Parcelas')).toHaveValue('3x');
  await expect(page.getByLabel('Parcelas').locator('option:checked')).toHaveText(
    '3x R$ 299,33 (última R$ 299,34)',
  );
  await shot(page, 'purchase-area');
  await page.getByRole('button', { name: 'Pagar R$ 898,00' }).click();

  const confirmed = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByRole('button', { name: 'Fechar' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'payment confirmed');
  await shot(page, 'payment-confirmed');
  await page.keyboard.press('Escape');
  await expect(confirmed).toBeVisible();
  await confirmed.getByRole('link', { name: 'Enviar documentos' }).click();

  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByText('Novo - Seu formulário foi recebido e está aguardando análise.')).toBeVisible();
  await expect(page.getByText('Total recebido: R$ 898,00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enviar arquivos' })).toHaveAttribute('href', '/processo');
  await expectNoAxeViolations(page, 'tracking NOVO');
  await shot(page, 'tracking-novo');

  // one purchase per customer: the service page now sends the customer to the tracking page by itself
  // (seed §2: with a payment, the page redirects), before any click
  await page.goto('/services/familiar');
  await expect(page).toHaveURL(/\/tracking$/);
});

test('a declined card shows Falha no pagamento, and a retry with a good card succeeds', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 400/); // the decline is Asaas's 400
  await loginAs(page, 'cliente', '/services/familiar');
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await fillCard(page, '5184019740373151');
  await page.getByRole('button', { name: 'Pagar R$ 999,00' }).click();
  const failure = page.getByRole('dialog', { name: 'Falha no pagamento' });
  await expect(failure.getByText('Algo deu errado ao processar seu pagamento.')).toBeVisible();
  await expectNoAxeViolations(page, 'payment failure');
  await shot(page, 'payment-failure');
  await failure.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(failure).toBeHidden();
  await page.getByLabel('Número do cartão').fill('');
  await page.getByLabel('Número do cartão').pressSequentially('5555555555554444');
  await page.getByRole('button', { name: 'Pagar R$ 999,00' }).click();
  await expect(page.getByRole('dialog', { name: 'Pagamento confirmado' })).toBeVisible();
});

test('the purchase works with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'cliente', '/services/individual');
  const contratar = page.getByRole('button', { name: 'Contratar' });
  await contratar.focus();
  await page.keyboard.press('Enter');
  const flex = page.getByLabel('Adicionar Flex por R$ 199,00');
  await expect(flex).toBeVisible();
  // Tab from Contratar reaches the Flex checkbox, then the terms
  for (let i = 0; i < 10 && !(await flex.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(flex).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByLabel(/Li e aceito/)).toBeChecked();
  // the terms (a new tab), then the payment method (card is chosen), then the card form
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /Leia os termos de serviço/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Cartão de crédito' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Nome do titular')).toBeFocused();
  await page.keyboard.type('Maria C Souza');
  await page.keyboard.press('Tab');
  await page.keyboard.type('4111111111111111');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1230');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('CEP do titular')).toBeFocused();
  await page.keyboard.type('01310100');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1000');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('O cartão é de outra pessoa')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Parcelas')).toBeFocused();
  await page.getByLabel('Parcelas').selectOption('6x'); // native select: the same as arrow keys
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pagar R$ 898,00' })).toBeFocused();
  await page.keyboard.press('Enter');
  const confirmed = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(confirmed.getByRole('link', { name: 'Enviar documentos' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tracking$/);
});

test('the tracking page of a scheduled booking', async ({ page }) => {
  await loginAs(page, 'agendado');
  await page.goto('/tracking');
  await expect(page.getByText('Agendado - Seu agendamento foi concluído.')).toBeVisible();
  await expect(page.getByText('18/11/2026')).toBeVisible();
  await expect(page.getByText('Chegar com 30 minutos de antecedência!')).toBeVisible();
  await expectNoAxeViolations(page, 'tracking AGENDADO');
  await shot(page, 'tracking-agendado');
});

test('a customer pays by Pix: QR code, copy-and-paste code, and the confirmation arrives by itself', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginAs(page, 'cliente', '/services/individual');
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await page.getByRole('radio', { name: 'Pix' }).check();
  await expectNoAxeViolations(page, 'Pix chosen');
  await page.getByRole('button', { name: 'Gerar Pix de R$ 699,00' }).click();
  await expect(page.getByRole('img', { name: 'QR code do Pix' })).toBeVisible();
  // The panel replaces the much taller form: it is brought into view (on a phone too) and has the focus.
  await expect(page.getByRole('heading', { name: 'Pague R$ 699,00 com Pix' })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Pague R$ 699,00 com Pix' })).toBeInViewport();
  await expect(page.getByRole('img', { name: 'QR code do Pix' })).toBeInViewport({ ratio: 0.5 });
  await expect(page.getByLabel('Código Pix copia e cola')).toHaveValue(/br\.gov\.bcb\.pix/);
  await expect(page.getByText(/^Pague até \d{2}\/\d{2}\/\d{4} 23:59\.$/)).toBeVisible();
  await expectNoAxeViolations(page, 'Pix waiting');
  await shot(page, 'pix-waiting');
  // The demo's bank pays a few seconds after the Pix is made; the page notices without a reload.
  const confirmed = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(confirmed).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'Pix confirmed');
  await confirmed.getByRole('link', { name: 'Enviar documentos' }).click();
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByText('Forma de pagamento: Pix')).toBeVisible();
});
