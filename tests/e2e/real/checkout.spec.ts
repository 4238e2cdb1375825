// Every outcome of a charge, on the production build against the real backend (playwright.real.config.ts):
// what the customer sees, and what the server stored (PocketBase read as superuser, the Asaas stand-in's
// control endpoints). Each test makes its own customer, who comes from an address of their own (the
// server trusts X-Forwarded-For here), so the per-IP card limit never mixes tests.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { TEST_CARDS } from '../../../scripts/backend/asaas-stand-in.mjs';
import { expect, expectNoAxeViolations, REAL_BACKEND, shot, test } from '../fixtures';
import { fillCardForm, login } from '../helpers';
import { type Customer, ownAddress, superuserToken, verifiedCustomer } from '../real-helpers';

const APPROVED = '4111111111111111';

interface Stored {
  charges: Array<{ status: string; ativa: boolean; metodo: string; tentativa: string; motivo: string }>;
  payments: Array<{ metodo_pagamento: string; preco_servico: number; status_asaas: string }>;
}

/** What PocketBase holds for the customer, read as superuser (a superuser's read never settles anything). */
async function stored(request: APIRequestContext, customer: Customer): Promise<Stored> {
  const headers = { Authorization: await superuserToken(request) };
  const filter = encodeURIComponent(`usuario = "${customer.id}"`);
  const list = async (collection: string) => {
    const response = await request.get(
      `${REAL_BACKEND.pb}/api/collections/${collection}/records?filter=${filter}&sort=created&perPage=50`,
      { headers },
    );
    return ((await response.json()) as { items: unknown[] }).items;
  };
  return {
    charges: (await list('cobrancas')) as Stored['charges'],
    payments: (await list('pagamentos')) as Stored['payments'],
  };
}

/** The charges that reached the Asaas stand-in for this customer's attempts (card charges carry the e-mail). */
async function chargesAtAsaas(request: APIRequestContext, customer: Customer): Promise<number> {
  const response = await request.get(`${REAL_BACKEND.asaas}/__control/requests`);
  const requests = (await response.json()) as Array<{
    method: string;
    path: string;
    body: { creditCardHolderInfo?: { email?: string }; externalReference?: string };
  }>;
  const attempts = new Set((await stored(request, customer)).charges.map((c) => c.tentativa));
  return requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v3/payments' &&
      (r.body.creditCardHolderInfo?.email === customer.email || attempts.has(r.body.externalReference ?? '')),
  ).length;
}

/** Asaas settles a charge of this customer (the stand-in applies the event and sends the webhook). */
async function asaasEvent(request: APIRequestContext, customer: Customer, event: string): Promise<void> {
  const { charges } = await stored(request, customer);
  const attempt = charges.at(-1)?.tentativa;
  const payments = (await (await request.get(`${REAL_BACKEND.asaas}/__control/payments`)).json()) as Array<{
    id: string;
    externalReference: string;
  }>;
  const payment = payments.find((p) => p.externalReference === attempt);
  expect(payment, `the stand-in has the charge of attempt ${attempt}`).toBeDefined();
  const answer = await request.post(`${REAL_BACKEND.asaas}/__control/payments/${payment?.id}/event`, {
    data: { event },
  });
  expect(((await answer.json()) as { status: number }).status).toBe(200);
}

/** Signs in on the Individual page and opens the purchase area with the terms accepted. */
async function openPurchase(page: Page, customer: Customer): Promise<void> {
  await expect(await login(page, customer.email, customer.password, '/services/individual')).toBeHidden();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
}

const fillCard = (page: Page, number: string) => fillCardForm(page, { number, holder: 'Giulia C Teste' });

const payButton = (page: Page) => page.getByRole('button', { name: 'Pagar R$ 699,00' });

async function payByCard(page: Page, customer: Customer, number: string): Promise<void> {
  await openPurchase(page, customer);
  await fillCard(page, number);
  await payButton(page).click();
}

/**
 * axe and a screenshot (test-results/outcomes/) of an outcome screen, as the customer sees it: the viewport,
 * scrolled to `shown` when the outcome is part of the page rather than a modal.
 */
async function outcome(page: Page, name: string, shown?: Locator): Promise<void> {
  // to the top of the viewport, under the sticky header
  if (shown) await shown.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 96));
  await expectNoAxeViolations(page, name);
  await shot(page, name, { folder: 'outcomes', fullPage: false });
}

/** The notice of a charge of unknown outcome, in place of the purchase form. */
async function expectUnknownNotice(page: Page): Promise<Locator> {
  const heading = page.getByRole('heading', { name: 'Não conseguimos confirmar o seu pagamento' });
  await expect(heading).toBeVisible();
  await expect(page.getByLabel(/Li e aceito/)).toHaveCount(0);
  return heading;
}

/** A new tab of the same browser: the session lives in the tab, so the customer signs in again there. */
async function newTab(page: Page, customer: Customer): Promise<Page> {
  const tab = await page.context().newPage();
  await expect(await login(tab, customer.email, customer.password)).toBeHidden();
  return tab;
}

const novoOnTracking = 'Novo - Seu formulário foi recebido e está aguardando análise.';

test.beforeEach(async ({ page }) => {
  expect(REAL_BACKEND.pb, 'this file runs only against the real backend').not.toBe('');
  await ownAddress(page.context());
});

test('confirmed: "Pagamento confirmado", and the server wrote the order', async ({ page, request }) => {
  const customer = await verifiedCustomer(request);
  await payByCard(page, customer, APPROVED);
  const dialog = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(dialog).toContainText('Recebemos seu pagamento.');
  await expect(dialog.getByRole('link', { name: 'Enviar documentos' })).toBeVisible();
  await outcome(page, 'card-confirmed');
  expect(await stored(request, customer)).toMatchObject({
    charges: [{ status: 'CONFIRMED', metodo: 'cartao_credito' }],
    payments: [{ metodo_pagamento: 'cartao_credito', preco_servico: 699, status_asaas: 'CONFIRMED' }],
  });
  expect(await chargesAtAsaas(request, customer)).toBe(1);
});

for (const [card, status, event] of [
  [TEST_CARDS.riskAnalysis, 'AWAITING_RISK_ANALYSIS', 'PAYMENT_APPROVED_BY_RISK_ANALYSIS'],
  [TEST_CARDS.pending, 'PENDING', 'PAYMENT_CONFIRMED'],
] as const) {
  test(`in analysis (${status}), then ${event}: the order appears on tracking`, async ({ page, request }) => {
    const customer = await verifiedCustomer(request);
    await payByCard(page, customer, card);
    const dialog = page.getByRole('dialog', { name: 'Pagamento em análise' });
    await expect(dialog).toContainText('Não pague de novo.');
    if (status === 'AWAITING_RISK_ANALYSIS') await outcome(page, 'card-analysis');
    expect(await stored(request, customer)).toMatchObject({
      charges: [{ status, ativa: true }],
      payments: [],
    });

    await dialog.getByRole('button', { name: 'Entendi' }).click();
    const notice = page.getByRole('heading', { name: 'Pagamento em análise' });
    await expect(notice).toBeVisible();
    await expect(page.getByLabel(/Li e aceito/)).toHaveCount(0);
    if (status === 'AWAITING_RISK_ANALYSIS') await outcome(page, 'card-analysis-notice', notice);
    await page.goto('/tracking');
    await expect(page.getByRole('heading', { name: 'Pagamento em análise' })).toBeVisible();
    if (status === 'AWAITING_RISK_ANALYSIS') await outcome(page, 'tracking-analysis');

    await asaasEvent(request, customer, event);
    await page.reload();
    await expect(page.getByText(novoOnTracking)).toBeVisible();
    expect((await stored(request, customer)).payments).toMatchObject([{ preco_servico: 699 }]);
  });
}

test('in analysis, then reproved: the customer may pay again', async ({ page, request }) => {
  const customer = await verifiedCustomer(request);
  await payByCard(page, customer, TEST_CARDS.riskAnalysis);
  await page
    .getByRole('dialog', { name: 'Pagamento em análise' })
    .getByRole('button', { name: 'Entendi' })
    .click();
  await expect(page.getByRole('heading', { name: 'Pagamento em análise' })).toBeVisible();

  await asaasEvent(request, customer, 'PAYMENT_REPROVED_BY_RISK_ANALYSIS');
  expect((await stored(request, customer)).charges).toMatchObject([
    { status: 'REPROVED_BY_RISK_ANALYSIS', ativa: false },
  ]);
  await page.reload();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await fillCard(page, APPROVED);
  await payButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Pagamento confirmado' })).toBeVisible();
  expect(await stored(request, customer)).toMatchObject({
    charges: [{ status: 'REPROVED_BY_RISK_ANALYSIS' }, { status: 'CONFIRMED' }],
    payments: [{ status_asaas: 'CONFIRMED' }],
  });
  expect(await chargesAtAsaas(request, customer)).toBe(2);
});

for (const [name, card, reason] of [
  ['insufficient-funds', TEST_CARDS.insufficientFunds, 'Transação não autorizada. Saldo insuficiente.'],
  ['wrong-cvv', TEST_CARDS.wrongCvv, 'Transação não autorizada. Código de segurança inválido.'],
] as const) {
  test(`declined (${name}): Asaas's reason in Portuguese, and paying again is possible`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400/); // the decline is the proxy's 400
    const customer = await verifiedCustomer(request);
    await payByCard(page, customer, card);
    const dialog = page.getByRole('dialog', { name: 'Falha no pagamento' });
    await expect(dialog.getByText(reason, { exact: true })).toBeVisible();
    await outcome(page, `card-declined-${name}`);
    expect(await stored(request, customer)).toMatchObject({
      charges: [{ status: 'RECUSADA', ativa: false, motivo: reason }],
      payments: [],
    });
    await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(dialog).toBeHidden();
    await expect(payButton(page)).toBeEnabled();
  });
}

test('unknown after a timeout: no second charge while the server does not know, then the order', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow(/status of 502/); // the proxy's "unknown"
  const customer = await verifiedCustomer(request);
  await payByCard(page, customer, TEST_CARDS.noAnswer);
  await expect(page.getByRole('dialog', { name: 'Processando pagamento...' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Não conseguimos confirmar o pagamento' });
  await expect(dialog).toContainText('Não pague de novo agora', { timeout: 20_000 });
  await outcome(page, 'card-unknown');
  expect((await stored(request, customer)).charges).toMatchObject([{ status: 'INDETERMINADA', ativa: true }]);
  await dialog.getByRole('button', { name: 'Entendi' }).click();
  await outcome(page, 'card-unknown-notice', await expectUnknownNotice(page));

  // Another device, while Asaas has not answered: no card form.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await ownAddress(other);
  const second = await other.newPage();
  await openPurchaseButNoForm(second, customer);
  await other.close();
  expect(await chargesAtAsaas(request, customer)).toBe(1);

  // Asaas made the charge (the stand-in lists it 25 s after it was sent). The page keeps asking the server,
  // which asks Asaas: it turns into the order by itself, nobody reloads.
  await expect(page).toHaveURL(/\/tracking$/, { timeout: 45_000 });
  await expect(page.getByText(novoOnTracking)).toBeVisible();
  expect(await stored(request, customer)).toMatchObject({
    charges: [{ status: 'CONFIRMED' }],
    payments: [{ status_asaas: 'CONFIRMED' }],
  });
  expect(await chargesAtAsaas(request, customer)).toBe(1);
});

async function openPurchaseButNoForm(page: Page, customer: Customer): Promise<void> {
  await expect(await login(page, customer.email, customer.password, '/services/individual')).toBeHidden();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await expectUnknownNotice(page);
}

test('unknown after a 5xx from Asaas: the server asks Asaas, and the charge that went through is the order', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 502/);
  const customer = await verifiedCustomer(request);
  await payByCard(page, customer, TEST_CARDS.serverError);
  // The page reads the server's state after the 502; the server asked Asaas, which has the charge.
  const dialog = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(dialog).toBeVisible();
  await outcome(page, 'card-unknown-then-confirmed');
  await dialog.getByRole('link', { name: 'Enviar documentos' }).click();
  await expect(page.getByText(novoOnTracking)).toBeVisible();
  expect(await stored(request, customer)).toMatchObject({
    charges: [{ status: 'CONFIRMED' }],
    payments: [{ status_asaas: 'CONFIRMED' }],
  });
  expect(await chargesAtAsaas(request, customer)).toBe(1);
});

test('unknown after a 5xx with no charge made: no form until the server knows', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 502/);
  const customer = await verifiedCustomer(request);
  await payByCard(page, customer, TEST_CARDS.serverErrorNoCharge);
  await page
    .getByRole('dialog', { name: 'Não conseguimos confirmar o pagamento' })
    .getByRole('button', { name: 'Entendi' })
    .click();
  await expectUnknownNotice(page);
  await page.reload();
  await page.getByRole('button', { name: 'Contratar' }).click();
  await expectUnknownNotice(page);
  expect((await stored(request, customer)).charges).toMatchObject([{ status: 'INDETERMINADA', ativa: true }]);
});

test('the tab closed right after the charge: the order is there when the customer comes back', async ({
  page,
  request,
}) => {
  const customer = await verifiedCustomer(request);
  await openPurchase(page, customer);
  await fillCard(page, APPROVED);
  await payButton(page).click();
  // Closed once the charge has reached the server, whatever its answer's progress: a tab closed before the
  // request left the browser charged nothing, and that is another story.
  await expect.poll(async () => (await stored(request, customer)).charges.length).toBe(1);
  const context = page.context();
  await page.close();

  const back = await context.newPage();
  await expect(await login(back, customer.email, customer.password, '/services/individual')).toBeHidden();
  // If the charge is still on its way to Asaas, the page says so and asks again until the order is there.
  await expect(back).toHaveURL(/\/tracking$/, { timeout: 20_000 });
  await expect(back.getByText(novoOnTracking)).toBeVisible();
  await expect(back.getByText('Forma de pagamento: Cartão de Crédito')).toBeVisible();
  expect((await stored(request, customer)).payments).toHaveLength(1);
  expect(await chargesAtAsaas(request, customer)).toBe(1);
});

test('the network drops during "Pagar": the page asks the server, a new tab offers no card form, and the charge is the order', async ({
  page,
  request,
  consoleErrors,
}) => {
  consoleErrors.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  const customer = await verifiedCustomer(request);
  // The request reaches the server; its answer never reaches the page.
  await page.route('**/payments/asaas/installment', async (route) => {
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await payByCard(page, customer, APPROVED);
  // No answer reached the page: it asks the server, which has the order.
  const dialog = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(dialog).toBeVisible();
  await outcome(page, 'card-network-drop');

  const tab = await newTab(page, customer);
  await tab.goto('/services/individual');
  await expect(tab).toHaveURL(/\/tracking$/);
  await expect(tab.getByText(novoOnTracking)).toBeVisible();
  await expect(tab.getByLabel('Número do cartão')).toHaveCount(0);
  await dialog.getByRole('link', { name: 'Enviar documentos' }).click();
  await expect(page).toHaveURL(/\/tracking$/);
  expect((await stored(request, customer)).payments).toHaveLength(1);
  expect(await chargesAtAsaas(request, customer)).toBe(1);
});

test('two tabs paying at once: exactly one charge', async ({ page, request, consoleErrors }) => {
  consoleErrors.allow(/status of 409/); // the second tab's refusal
  const customer = await verifiedCustomer(request);
  const tab = page.context().newPage();
  const pages = [page, await tab];
  for (const p of pages) {
    await openPurchase(p, customer);
    await fillCard(p, APPROVED);
  }
  await Promise.all(pages.map((p) => payButton(p).click()));
  const confirmed = () =>
    Promise.all(pages.map((p) => p.getByRole('dialog', { name: 'Pagamento confirmado' }).isVisible()));
  await expect.poll(async () => (await confirmed()).filter(Boolean).length).toBe(1);
  const loser = pages[(await confirmed()).indexOf(false)] as Page;
  await loser.goto('/services/individual');
  await expect(loser).toHaveURL(/\/tracking$/);
  expect(await chargesAtAsaas(request, customer)).toBe(1);
  expect(await stored(request, customer)).toMatchObject({
    charges: [{ status: 'CONFIRMED' }],
    payments: [{ preco_servico: 699 }],
  });
});

test('a retried attempt (the same attempt id sent again) is one charge', async ({ page, request }) => {
  const customer = await verifiedCustomer(request);
  const answers: unknown[] = [];
  // The request goes out twice, as a flaky network or proxy would resend it; the page sees the second answer.
  await page.route('**/payments/asaas/installment', async (route) => {
    answers.push(await (await route.fetch()).json());
    const again = await route.fetch();
    answers.push(await again.json());
    await route.fulfill({ response: again });
  });
  await payByCard(page, customer, APPROVED);
  await expect(page.getByRole('dialog', { name: 'Pagamento confirmado' })).toBeVisible();
  expect(answers).toHaveLength(2);
  expect(answers[1]).toEqual(answers[0]);
  expect(await chargesAtAsaas(request, customer)).toBe(1);
  expect(await stored(request, customer)).toMatchObject({
    charges: [{ status: 'CONFIRMED' }],
    payments: [{ preco_servico: 699 }],
  });
});

async function showPix(page: Page, customer: Customer): Promise<void> {
  await openPurchase(page, customer);
  await page.getByRole('radio', { name: 'Pix' }).check();
  await page.getByRole('button', { name: 'Gerar Pix de R$ 699,00' }).click();
  await expect(page.getByRole('heading', { name: 'Pague R$ 699,00 com Pix' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code do Pix' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible();
}

test('a Pix paid while its screen is open turns into "Pagamento confirmado" by itself', async ({
  page,
  request,
}) => {
  const customer = await verifiedCustomer(request);
  await showPix(page, customer);
  await expect(page.getByText('Aguardando o pagamento...')).toBeVisible();
  await outcome(page, 'pix-waiting', page.getByRole('heading', { name: 'Pague R$ 699,00 com Pix' }));
  expect(await stored(request, customer)).toMatchObject({
    charges: [{ metodo: 'pix', status: 'PENDING', ativa: true }],
    payments: [],
  });
  await asaasEvent(request, customer, 'PAYMENT_RECEIVED');
  const dialog = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(dialog).toBeVisible();
  await outcome(page, 'pix-confirmed');
  await dialog.getByRole('link', { name: 'Enviar documentos' }).click();
  await expect(page.getByText('Forma de pagamento: Pix')).toBeVisible();
  expect((await stored(request, customer)).payments).toMatchObject([
    { metodo_pagamento: 'pix', preco_servico: 699, status_asaas: 'RECEIVED' },
  ]);
});

test('a Pix paid after the customer left: the order is there on return', async ({ page, request }) => {
  const customer = await verifiedCustomer(request);
  await showPix(page, customer);
  await page.goto('/');
  await asaasEvent(request, customer, 'PAYMENT_RECEIVED');
  await page.goto('/services/individual');
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByText(novoOnTracking)).toBeVisible();
  await expect(page.getByText('Forma de pagamento: Pix')).toBeVisible();
  await outcome(page, 'pix-tracking');
  expect((await stored(request, customer)).payments).toMatchObject([{ metodo_pagamento: 'pix' }]);
});
