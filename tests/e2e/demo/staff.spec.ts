import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { ACCOUNTS, exportedCsvLines, login, loginAs } from '../helpers';

test(
  'staff find, sort, page, edit a booking, and the customer sees it',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(51); // header + 50 (default page size)
    // newest first, marked as the active sort
    await expect(table.getByRole('columnheader', { name: 'CRIADO EM' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    for (const header of [
      'CRIADO EM',
      'CLIENTE',
      'STATUS',
      'DATA AGEND.',
      'HORA AGEND.',
      'LOCAL AGEND.',
      'ATUALIZADO EM',
    ]) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    // Every column fits a laptop's 1280 px without sideways scrolling (issue 30); a phone scrolls the list in its
    // labelled region, as before.
    const region = page.getByRole('region', { name: 'Agendamentos' });
    const fits = await region.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe((page.viewportSize()?.width ?? 0) >= 1280);
    await expectNoAxeViolations(page, 'bookings list');
    await shot(page, 'dashboard');

    // paging: page 2 of the seeded bookings, then a smaller page size
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByLabel('Itens por página:').selectOption('10');
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page).not.toHaveURL(/page=2/);

    // sorting: ascending, descending, cleared; the status in the process's order (NOVO first, FINALIZADO last),
    // not alphabetically (AGENDADO first)
    const statusHeader = table.getByRole('columnheader', { name: 'STATUS' });
    const statusCells = table.locator('tbody tr td:nth-child(3)');
    await statusHeader.getByRole('button').click();
    await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(statusCells).toHaveText(Array<string>(10).fill('NOVO'));
    await statusHeader.getByRole('button').click();
    await expect(statusHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(statusCells.first()).toHaveText('FINALIZADO');
    await statusHeader.getByRole('button').click();
    await expect(statusHeader).not.toHaveAttribute('aria-sort', /ascending|descending/);

    // search with an accent, and hostile text that must stay text
    const search = page.getByLabel('Buscar por cliente');
    await search.fill(`"<script>alert(1)</script>' || 1=1`);
    await expect(page.getByText('Nenhum agendamento encontrado.')).toBeVisible();
    await search.fill('João Pedro');
    const row = table.getByRole('row').filter({ hasText: ACCOUNTS.agendado.name });
    await expect(row).toHaveCount(1);
    await expectNoAxeViolations(page, 'bookings list searched');
    // The search's rows as a file, from the export route the demo double answers as the server does.
    const lines = await exportedCsvLines(page);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"ID";"Criado em";"Cliente"');
    expect(lines[1]).toContain(`"${ACCOUNTS.agendado.name}"`);
    await row.click();

    await expect(page).toHaveURL(/\/booking-details\//);
    await expect(page.getByRole('heading', { name: ACCOUNTS.agendado.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar página' })).toBeVisible();
    await expectNoAxeViolations(page, 'booking editor');
    const date = page.getByLabel('Data do Agendamento');
    await date.fill('');
    await date.pressSequentially('10/12/2026');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('gridcell').first()).toBeHidden();
    await expect(date).toBeFocused();
    const time = page.getByLabel('Hora do Agendamento');
    await time.fill('');
    await time.pressSequentially('14:45');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Hora' })).toBeHidden();
    await expect(time).toBeFocused();
    await page.getByLabel('Local do Agendamento').fill('Consulado Geral da Itália no Rio de Janeiro');
    await page.getByLabel('Status').selectOption('AGENDADO');
    await shot(page, 'booking-editor');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(page.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 5000 });
    const updated = table.getByRole('row').filter({ hasText: ACCOUNTS.agendado.name });
    await expect(updated).toContainText('10/12/2026');
    await expect(updated).toContainText('14:45');
    await expect(updated).toContainText('AGENDADO');

    // the customer sees it on the tracking page
    await page.getByRole('button', { name: `Olá, ${ACCOUNTS.admin.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await loginAs(page, 'agendado');
    await page.goto('/tracking');
    await expect(page.getByText('Agendado - Seu agendamento foi concluído.')).toBeVisible();
    await expect(page.getByText('10/12/2026')).toBeVisible();
    await expect(page.getByText('Consulado Geral da Itália no Rio de Janeiro')).toBeVisible();
  },
);

test('staff work the list with the keyboard alone', { tag: '@staff' }, async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  await firstRow.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/booking-details\//);
  // The list has a 'Status' filter too: the editor must be on screen (it replaces the list once its code loads).
  await expect(page.getByRole('link', { name: 'Voltar página' })).toBeVisible();
  await page.getByLabel('Status').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Mensagem ao cliente')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 5000 });
});

test('an unknown booking id shows a way back', { tag: '@staff' }, async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404/);
  await login(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/booking-details/naoexiste12345');
  await expect(page.getByText('Agendamento não encontrado.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar página' })).toHaveAttribute('href', /\/dashboard/);
  await expectNoAxeViolations(page, 'booking not found');
});

test(
  'staff find a customer by CPF, e-mail or phone, and by creation date, all kept in the URL',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(60_000);
    await login(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const table = page.getByRole('table');
    const search = page.getByLabel('Buscar por cliente');
    const agendado = table.getByRole('row').filter({ hasText: ACCOUNTS.agendado.name });
    for (const text of [
      '153.509.460-56',
      '15350946056',
      'AGENDADO@DEMO.com',
      '(21) 99876-5432',
      '21998765432',
      'joao pedro davila',
    ]) {
      await search.fill(text);
      // The list answers this search (not the one before it): its text is in the URL, then one row shows.
      await expect(page).toHaveURL(searchInUrl(text));
      await expect(page.getByText('Total: 1', { exact: true })).toBeVisible();
      await expect(agendado).toHaveCount(1);
    }
    await expect(page).toHaveURL(searchInUrl('joao pedro davila'));

    await search.fill('');
    await page.getByLabel('Criado de').fill('2026-09-14');
    await page.getByLabel('Criado até').fill('2026-09-14');
    await expect(page).toHaveURL(/from=2026-09-14&to=2026-09-14/);
    await expect(agendado).toHaveCount(1);
    await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
    await expectNoAxeViolations(page, 'bookings list by creation date');
    await shot(page, 'dashboard-date-range');
    // The state survives a reload.
    await page.reload();
    await expect(page.getByLabel('Criado de')).toHaveValue('2026-09-14');
    await expect(agendado).toHaveCount(1);
    // A range that ends before it starts is pointed out.
    await page.getByLabel('Criado até').fill('2026-09-01');
    await expect(page.getByText('A data final é anterior à inicial.')).toBeVisible();
  },
);

test(
  'the booking page shows the customer, the purchase, the form and the history',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(60_000);
    await login(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByLabel('Buscar por cliente').fill(ACCOUNTS.agendado.email);
    await page.getByRole('table').getByRole('row').filter({ hasText: ACCOUNTS.agendado.name }).click();
    const contact = page.getByRole('region', { name: 'Cliente', exact: true });
    await expect(contact).toContainText(ACCOUNTS.agendado.email);
    await expect(contact).toContainText('(21) 99876-5432');
    await expect(contact).toContainText('153.509.460-56');
    await expect(contact.getByRole('button', { name: 'Copiar e-mail' })).toBeVisible();
    const purchase = page.getByRole('region', { name: 'Compra' });
    for (const text of ['Individual', 'R$ 699,00', '3x', 'Cartão de Crédito', 'Confirmado', 'pay_demo'])
      await expect(purchase).toContainText(text);
    await expect(page.getByRole('region', { name: 'Formulário' })).toContainText('Ainda não recebido.');
    const history = page.getByRole('region', { name: 'Histórico' });
    await expect(history).toContainText('Status: NOVO → para AGENDADO');
    await expect(history).toContainText('Agendamento criado com status NOVO');
    await expectNoAxeViolations(page, 'booking page with its panels');
    await shot(page, 'booking-page');

    // Análise com Erro asks what is wrong; the customer is e-mailed (the demo shows the e-mail).
    await page.getByLabel('Status').selectOption('ANALISE_ERRO');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(
      page.getByText('Escreva o que o cliente precisa corrigir: o texto vai no e-mail.'),
    ).toBeVisible();
    await expect(page.getByLabel('Mensagem ao cliente')).toBeFocused();
    await expectNoAxeViolations(page, 'booking page asking for the note');
    await page.keyboard.type('A certidão de nascimento está ilegível.');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(page.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
    await expect(
      page.getByText(`E-mail ao cliente enviado para ${ACCOUNTS.agendado.email}`, { exact: false }),
    ).toBeVisible();
    await expect(history).toContainText('Status: AGENDADO → para ANALISE ERRO');
    await expect(history).toContainText(`enviado para ${ACCOUNTS.agendado.email}`);
  },
);

/** Staff open the seeded AGENDADO booking's editor: its time and place fields. */
async function openSeededEditor(page: Page) {
  await login(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/booking-details/demobooking0001');
  const time = page.getByLabel('Hora do Agendamento');
  const place = page.getByLabel('Local do Agendamento');
  await expect(time).toHaveValue('14:30');
  return { time, place };
}

test(
  'the time field gives the focus back for good after Enter, Tab or a click in its list',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(60_000);
    // The page's timers on a clock the test moves: the picker's late focus, had it been given back, runs within
    // `settle()` instead of after a guessed pause.
    await page.clock.install();
    const settle = () => page.clock.runFor(1_000);
    const { time, place } = await openSeededEditor(page);

    // Enter in the time field, then straight on to the place.
    await time.click();
    await time.fill('');
    await time.pressSequentially('10:45');
    await page.keyboard.press('Enter');
    await place.click();
    await place.fill('');
    await page.keyboard.type('Consulado A');
    await settle();
    await expect(place).toHaveValue('Consulado A');
    await expect(time).toHaveValue('10:45');

    // Tab out of the time field.
    await time.click();
    await page.keyboard.press('Tab');
    await page.keyboard.type(' e B');
    await settle();
    await expect(time).toHaveValue('10:45');

    // A click in the time list, then a click in the place field.
    await time.click();
    await page.getByRole('option', { name: '11:00' }).click();
    await place.click();
    await place.fill('');
    await page.keyboard.type('Consulado C');
    await settle();
    await expect(place).toHaveValue('Consulado C');
    await expect(time).toHaveValue('11:00');
    await expect(place).toBeFocused();
  },
);

/** The list's URL once it holds `text` as its search, written as the browser writes it. */
function searchInUrl(text: string): RegExp {
  const query = new URLSearchParams({ search: text }).toString();
  return new RegExp(`[?&]${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(&|$)`);
}

test(
  'no staff page is wider than a 390 px phone, with a 64-character customer e-mail',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The demo keeps its data in the tab once something is written: a save, then the customer's e-mail.
    await page.goto('/booking-details/demobooking0001');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(page.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
    const email = `${'maria.conceicao.souza.pereira.'.repeat(2)}@ex.com.br`.slice(0, 53) + '@exemplo.br';
    expect(email).toHaveLength(64);
    await page.evaluate((address) => {
      const db = JSON.parse(sessionStorage.getItem('demo-db-v3') ?? '{}') as {
        agendamentos: { id: string; usuario: string }[];
        usuarios: { id: string; email: string }[];
      };
      const owner = db.agendamentos.find((b) => b.id === 'demobooking0001')?.usuario;
      const user = db.usuarios.find((u) => u.id === owner);
      if (user) user.email = address;
      sessionStorage.setItem('demo-db-v3', JSON.stringify(db));
    }, email);

    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto('/booking-details/demobooking0001');
    await expect(page.getByRole('link', { name: email })).toBeVisible();
    await expect(page.getByLabel('Mensagem ao cliente')).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    for (const name of ['Data do Agendamento', 'Hora do Agendamento', 'Local do Agendamento', 'Status']) {
      await expect(page.getByLabel(name, { exact: true })).toBeInViewport({ ratio: 1 });
    }
    for (const name of ['Limpar data', 'Limpar hora']) {
      await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }

    await page.goto(`/dashboard?search=${encodeURIComponent(email)}`);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.goto('/dashboard');
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(51);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
  },
);

test(
  'on a 4x slower CPU, text typed into the place right after choosing a time stays in the place',
  { tag: '@staff' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const { time, place } = await openSeededEditor(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (const [option, text] of [
      ['10:00', 'Consulado A'],
      ['10:15', 'Consulado B'],
      ['10:30', 'Consulado C'],
      ['10:45', 'Consulado D'],
      ['11:00', 'Consulado E'],
      ['11:15', 'Consulado F'],
    ] as const) {
      await time.click();
      // The choice and the move to the place in one go, as they reach a page whose work lags behind them.
      const placeField = await place.elementHandle();
      await page.getByRole('option', { name: option }).evaluate((item, field) => {
        (item as HTMLElement).click();
        (field as HTMLElement | null)?.focus();
      }, placeField);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
      // Long enough for the picker's late focus, had it been given back, to have moved the typing.
      await page.waitForTimeout(300);
      await expect(place).toHaveValue(text);
      await expect(time).toHaveValue(option);
      await expect(place).toBeFocused();
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  },
);
