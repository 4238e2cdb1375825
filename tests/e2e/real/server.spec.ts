// The production build against the real backend (playwright.real.config.ts): PocketBase with this project's
// kit, the Asaas stand-in and the SMTP capture. Every test makes its own customer, so tests never share one.
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, REAL_BACKEND, shot, test } from '../fixtures';
import {
  ACCOUNTS,
  exportedCsvLines,
  fillCardForm,
  login,
  loginAs,
  mailsTo,
  newCustomer,
  openMailLink,
  PASSWORD,
} from '../helpers';

// The CSV file's header, from the kit's module that the server's export and the demo both build it with.
const { CABECALHO: CSV_HEADER } = createRequire(import.meta.url)(
  '../../../pocketbase/pb_hooks/lib/csv_agendamentos.js',
) as { CABECALHO: string[] };

async function register(page: Page, customer: ReturnType<typeof newCustomer>) {
  await page.goto('/?mode=register');
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await dialog.getByLabel('Nome completo').fill(customer.name);
  await dialog.getByLabel('Email').fill(customer.email);
  await dialog.getByLabel('CPF').pressSequentially(customer.cpf);
  await dialog.getByLabel('Celular').pressSequentially('11987654321');
  await dialog.getByLabel('Senha', { exact: true }).fill(customer.password);
  await dialog.getByLabel('Confirmar senha').fill(customer.password);
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirme seu e-mail' })).toContainText(customer.email);
}

test('register, the e-mailed link, log in, buy, tracking, staff edit, and the customer sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  expect(REAL_BACKEND.pb, 'this file runs only against the real backend').not.toBe('');
  const customer = newCustomer();
  await register(page, customer);
  await expectNoAxeViolations(page, 'verify_email modal (real server)');

  // The verification e-mail PocketBase sent, in Portuguese, with the link to the app's own page.
  const [verification] = await mailsTo(page, customer.email);
  expect(verification?.subject).toBe('Confirme seu e-mail - Passaporte Italiano');
  await openMailLink(page, 'verification', customer.email);
  await expect(page.getByRole('heading', { name: 'Conta verificada com sucesso!' })).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();
  const loginDialog = page.getByRole('dialog', { name: 'Entrar' });
  await loginDialog.getByLabel('Email').fill(customer.email);
  await loginDialog.getByLabel('Senha').fill(customer.password);
  await loginDialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: `Olá, ${customer.name}` })).toBeVisible();

  // Buy Familiar with Flex in 2x: the server prices it and writes the order.
  await page.goto('/services/familiar');
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel('Adicionar Flex por R$ 199,00').check();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await fillCardForm(page, { number: '5555555555554444', holder: 'Giulia C Teste', installments: '2x' });
  await shot(page, 'real-purchase');
  await page.getByRole('button', { name: 'Pagar R$ 1.198,00' }).click();
  const confirmed = page.getByRole('dialog', { name: 'Pagamento confirmado' });
  await expect(confirmed).toBeVisible();
  await expectNoAxeViolations(page, 'payment confirmed (real server)');
  await confirmed.getByRole('link', { name: 'Enviar documentos' }).click();
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByText('Novo - Seu formulário foi recebido e está aguardando análise.')).toBeVisible();
  await expect(page.getByText('Total recebido: R$ 1.198,00')).toBeVisible();
  await expectNoAxeViolations(page, 'tracking NOVO (real server)');
  await shot(page, 'real-tracking-novo');
  await expect
    .poll(async () => (await mailsTo(page, customer.email)).map((m) => m.subject))
    .toContain('Comprovante da sua compra - Passaporte Italiano');

  // Staff, in another browser, find the booking by the customer's name and book it.
  const staffContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const staff = await staffContext.newPage();
  await login(staff, ACCOUNTS.admin.email);
  await expect(staff).toHaveURL(/\/dashboard$/);
  // A customer calls with their CPF: typed with its mask, it finds them (the server's search key).
  const maskedCpf = customer.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  await staff.getByLabel('Buscar por cliente').fill(maskedCpf);
  const row = staff.getByRole('table').getByRole('row').filter({ hasText: customer.name });
  await expect(row).toHaveCount(1);
  await expect(staff.getByText('Total: 1', { exact: true })).toBeVisible();
  // The list of this search as a file, streamed by the server: its header and this one booking.
  const lines = await exportedCsvLines(staff);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe(CSV_HEADER.map((h) => `"${h}"`).join(';'));
  expect(lines[1]).toContain(`"${customer.name}"`);
  await row.getByRole('link', { name: customer.name }).click();
  await expect(staff).toHaveURL(/\/booking-details\//);
  await expect(staff.getByRole('heading', { name: customer.name })).toBeVisible();
  // The case: contact, the purchase as the server recorded it, and its history.
  await expect(staff.getByRole('region', { name: 'Cliente', exact: true })).toContainText(customer.email);
  await expect(staff.getByRole('region', { name: 'Cliente', exact: true })).toContainText(maskedCpf);
  const purchase = staff.getByRole('region', { name: 'Compra' });
  for (const text of ['Familiar', 'Sim', 'R$ 1.198,00', '2x', 'Cartão de Crédito', 'Confirmado'])
    await expect(purchase).toContainText(text);
  await expect(staff.getByRole('region', { name: 'Histórico' })).toContainText(
    'Agendamento criado com status NOVO',
  );
  await expectNoAxeViolations(staff, 'booking page (real server)');
  const date = staff.getByLabel('Data do Agendamento');
  await date.fill('');
  await date.pressSequentially('15/12/2026');
  await staff.keyboard.press('Escape');
  const time = staff.getByLabel('Hora do Agendamento');
  await time.fill('');
  await time.pressSequentially('09:30');
  await staff.keyboard.press('Escape');
  await staff.getByLabel('Local do Agendamento').fill('Consulado Geral da Itália em Curitiba');
  await staff.getByLabel('Status').selectOption('AGENDADO');
  await staff.getByRole('button', { name: 'Atualizar' }).click();
  await expect(staff.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
  await staffContext.close();

  // The server e-mailed the customer the appointment, with the arrival advice.
  await expect
    .poll(async () => (await mailsTo(page, customer.email)).map((m) => m.subject))
    .toContain('Seu agendamento foi concluído - Passaporte Italiano');
  const booked = (await mailsTo(page, customer.email)).find(
    (m) => m.subject === 'Seu agendamento foi concluído - Passaporte Italiano',
  );
  for (const text of [
    '15/12/2026',
    '09:30',
    'Consulado Geral da Itália em Curitiba',
    'Chegar com 30 minutos de antecedência!',
  ])
    expect(booked?.text).toContain(text);

  // The customer sees it.
  await page.reload();
  await expect(page.getByText('Agendado - Seu agendamento foi concluído.')).toBeVisible();
  await expect(page.getByText('15/12/2026')).toBeVisible();
  await expect(page.getByText('Consulado Geral da Itália em Curitiba')).toBeVisible();
  await expectNoAxeViolations(page, 'tracking AGENDADO (real server)');
  await shot(page, 'real-tracking-agendado');
});

test('a card held for risk analysis: no order, "Pagamento em análise" on any device until approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = newCustomer();
  await register(page, customer);
  await openMailLink(page, 'verification', customer.email);
  await expect(page.getByRole('heading', { name: 'Conta verificada com sucesso!' })).toBeVisible();
  await login(page, customer.email, customer.password, '/services/individual');
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await fillCardForm(page, { number: '4000000000000010', holder: 'Giulia C Teste' });
  await page.getByRole('button', { name: 'Pagar R$ 699,00' }).click();
  const analysis = page.getByRole('dialog', { name: 'Pagamento em análise' });
  await expect(analysis).toBeVisible();
  await expectNoAxeViolations(page, 'payment in analysis');
  await shot(page, 'real-analysis');

  // Another device: the server says a charge is under way, and offers no card form.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const second = await other.newPage();
  await expect(await login(second, customer.email, customer.password)).toBeHidden();
  await second.goto('/tracking');
  await expect(second.getByRole('heading', { name: 'Pagamento em análise' })).toBeVisible();
  await second.goto('/services/familiar');
  await second.getByRole('button', { name: 'Contratar' }).click();
  await expect(second.getByRole('heading', { name: 'Pagamento em análise' })).toBeVisible();
  await expect(second.getByLabel(/Li e aceito/)).toHaveCount(0);

  // Asaas approves it: the webhook writes the order, and tracking shows it.
  const payments = (await (
    await second.request.get(`${REAL_BACKEND.asaas}/__control/payments`)
  ).json()) as Array<{
    id: string;
    externalReference: string;
    status: string;
  }>;
  const held = payments.filter((p) => p.status === 'AWAITING_RISK_ANALYSIS').at(-1);
  expect(held).toBeDefined();
  const event = await second.request.post(`${REAL_BACKEND.asaas}/__control/payments/${held!.id}/event`, {
    data: { event: 'PAYMENT_APPROVED_BY_RISK_ANALYSIS' },
  });
  expect(((await event.json()) as { status: number }).status).toBe(200);
  // The page showing 'Pagamento em análise' keeps asking the server: it turns into the order by itself.
  await expect(second).toHaveURL(/\/tracking$/, { timeout: 20_000 });
  await expect(
    second.getByText('Novo - Seu formulário foi recebido e está aguardando análise.'),
  ).toBeVisible();
  await other.close();
});

test('a revoked session ends with a clear message instead of empty pages', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/auth-refresh.*401|401.*auth-refresh|status of 401/);
  await loginAs(page, 'agendado');
  await page.goto('/tracking');
  await expect(page.getByText('Agendado - Seu agendamento foi concluído.')).toBeVisible();
  // Another device changes the password: PocketBase revokes every token of the account.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const changed = await page.request.patch(
    `${REAL_BACKEND.pb}/api/collections/usuarios/records/demoagendado001`,
    {
      headers: { Authorization: token ?? '' },
      data: { oldPassword: PASSWORD, password: 'Nova@Senha2026', passwordConfirm: 'Nova@Senha2026' },
    },
  );
  expect(changed.ok()).toBe(true);
  // The tab regains focus: the app asks the server, which refuses the old token.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Sua sessão terminou. Entre novamente para continuar.')).toBeVisible();
  await expectNoAxeViolations(page, 'session ended (real server)');
  await shot(page, 'real-session-ended');
  // Put the seed's password back for the other tests.
  const login2 = await page.request.post(`${REAL_BACKEND.pb}/api/collections/usuarios/auth-with-password`, {
    data: { identity: ACCOUNTS.agendado.email, password: 'Nova@Senha2026' },
  });
  const { token: fresh } = (await login2.json()) as { token: string };
  await page.request.patch(`${REAL_BACKEND.pb}/api/collections/usuarios/records/demoagendado001`, {
    headers: { Authorization: fresh },
    data: { oldPassword: 'Nova@Senha2026', password: PASSWORD, passwordConfirm: PASSWORD },
  });
});

test(
  'two staff members save the same booking: the later save is refused and shows the newer values',
  { tag: '@staff' },
  async ({ browser, page }, testInfo) => {
    test.setTimeout(90_000);
    // A seeded NOVO booking of its own for each project, read straight from the server.
    const token = await staffToken(page);
    const list = await page.request.get(
      `${REAL_BACKEND.pb}/api/collections/agendamentos/records?perPage=2&sort=created&expand=usuario&filter=${encodeURIComponent(
        'status_agendamento = "NOVO" && local_agendamento = ""',
      )}`,
      { headers: { Authorization: token } },
    );
    const items = (
      (await list.json()) as { items: Array<{ id: string; expand: { usuario: { email: string } } }> }
    ).items;
    const booking = items[testInfo.project.name === 'phone' ? 0 : 1];
    expect(booking, 'the seed has NOVO bookings without a place').toBeDefined();

    const open = async () => {
      const context = await browser.newContext({
        viewport: page.viewportSize() ?? undefined,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
      });
      const tab = await context.newPage();
      await login(tab, ACCOUNTS.admin.email);
      await expect(tab).toHaveURL(/\/dashboard$/);
      await tab.goto(`/booking-details/${booking!.id}`);
      await expect(tab.getByLabel('Local do Agendamento')).toBeVisible();
      return { context, tab };
    };
    const first = await open();
    const second = await open();

    await first.tab.getByLabel('Local do Agendamento').fill('Consulado de Curitiba');
    await first.tab.getByRole('button', { name: 'Atualizar' }).click();
    await expect(first.tab.getByText('Agendamento atualizado com sucesso!')).toBeVisible();

    const place = second.tab.getByLabel('Local do Agendamento');
    await place.fill('Consulado de São Paulo');
    await second.tab.getByRole('button', { name: 'Atualizar' }).click();
    await expect(
      second.tab.getByText(
        'Erro: Este agendamento foi alterado por outra pessoa enquanto você editava. Os valores atuais estão na tela: confira e salve de novo.',
      ),
    ).toBeVisible();
    const notice = second.tab.getByRole('alert').filter({ hasText: 'Usar os valores atuais' });
    await expect(notice).toContainText('Consulado de Curitiba');
    await expect(place).toHaveValue('Consulado de São Paulo');
    // The refused save is over: the form may be sent again.
    await expect(second.tab.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
    await expectNoAxeViolations(second.tab, 'stale save refused (real server)');
    await shot(second.tab, 'real-stale-save');

    // Having seen them, the staff member writes the customer what is wrong and saves on the newer copy.
    await second.tab.getByLabel('Status').selectOption('ANALISE_ERRO');
    await second.tab.getByLabel('Mensagem ao cliente').fill('A certidão de <nascimento> está ilegível.');
    await second.tab.getByRole('button', { name: 'Atualizar' }).click();
    await expect(second.tab.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
    const history = second.tab.getByRole('region', { name: 'Histórico' });
    await expect(history).toContainText('Local: Consulado de Curitiba → para Consulado de São Paulo');
    await expect(history).toContainText(
      `E-mail “Encontramos inconsistências nos seus dados - Passaporte Italiano” enviado para ${booking!.expand.usuario.email}.`,
    );
    await expect
      .poll(async () => (await mailsTo(page, booking!.expand.usuario.email)).map((m) => m.subject))
      .toContain('Encontramos inconsistências nos seus dados - Passaporte Italiano');
    const mail = (await mailsTo(page, booking!.expand.usuario.email)).find((m) =>
      m.subject.startsWith('Encontramos inconsistências'),
    );
    expect(mail?.text).toContain('A certidão de <nascimento> está ilegível.');
    expect(mail?.html).toContain('A certidão de &lt;nascimento&gt; está ilegível.');
    await first.context.close();
    await second.context.close();
  },
);

/** A staff token, straight from the API (for reading the server's state in a test). */
async function staffToken(page: Page): Promise<string> {
  const response = await page.request.post(`${REAL_BACKEND.pb}/api/collections/usuarios/auth-with-password`, {
    data: { identity: ACCOUNTS.admin.email, password: PASSWORD },
  });
  return ((await response.json()) as { token: string }).token;
}
