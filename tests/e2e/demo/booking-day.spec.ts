// Booking day in demo mode (the in-browser double, src/mocks/dia*.ts): one tab, so one demo database, signed in
// as staff and as the customer in turn. Staff (1280 px) take a seeded case on standby and ask for the code; the
// customer (390 px) finds the code field on the standby page and types it; staff see it, record "sem vagas" and
// enter both applicants' appointments, and the case leaves the list (AGENDADO).
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../fixtures';
import { ACCOUNTS, login } from '../helpers';

/** Screenshots beside the test's other output. */
const shots = () => path.join(test.info().project.outputDir, 'booking-day');
const CUSTOMER = { email: 'dia.pronto@demo.com.br', name: 'Chiara Ricci Almeida' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Olá, / }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
}

async function staffDay(page: Page) {
  await page.setViewportSize(DESKTOP);
  await expect(await login(page, ACCOUNTS.admin.email)).toBeHidden();
  await page.goto('/dia?consulado=sao_paulo');
  return page.getByRole('listitem').filter({ hasText: CUSTOMER.name });
}

test(
  'booking day in demo: asked, typed on the phone, seen by staff, no slots, then both appointments',
  { tag: '@both-widths' },
  async ({ page }) => {
    test.setTimeout(90_000);
    let row = await staffDay(page);
    await expect(row.getByText('Pronto na página')).toBeVisible();
    await page.screenshot({ path: `${shots()}/dia-1280.png`, fullPage: true });
    await expectNoAxeViolations(page, 'opening day');
    await row.getByRole('button', { name: 'Assumir' }).click();
    await expect(row.getByRole('region', { name: 'Chiara Ricci Almeida' })).toBeVisible();
    await row.getByRole('button', { name: 'Pedir código' }).click();
    await expect(row.getByText('Pedido agora: código.')).toBeVisible();
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots()}/dia-390.png`, fullPage: true });
    await signOut(page);

    await expect(await login(page, CUSTOMER.email)).toBeHidden();
    await page.goto('/prontidao');
    const field = page.getByLabel('Código (6 números)');
    await expect(field).toBeVisible();
    await expect(page.getByText('noreply-prenotami@esteri.it')).toBeVisible();
    await page.screenshot({ path: `${shots()}/code-field-390.png`, fullPage: true });
    await expectNoAxeViolations(page, 'code field');
    await field.pressSequentially('482913', { delay: 40 });
    await expect(page.getByText(/^Recebido pela equipe às \d\d:\d\d:\d\d/)).toBeVisible();
    // The guarantee (on in the demo, 3 windows): one earlier window tried, 2 left.
    await page.goto('/tracking');
    await expect(page.getByTestId('garantia')).toContainText(
      'Garantia: faltam 2 janelas de liberação de vagas',
    );
    await signOut(page);

    row = await staffDay(page);
    await row.getByRole('button', { name: 'Abrir' }).click();
    await expect(row.getByTestId('relay-value')).toHaveText('482913');
    await page.screenshot({ path: `${shots()}/dia-code-1280.png`, fullPage: true });
    await row.getByRole('button', { name: 'Sem vagas' }).click();
    // The seed's attempt in the window before, and this one.
    await expect(row.getByText('2 tentativa(s) registrada(s).')).toBeVisible();
    // The portal refused the code handed over: recorded as such, a code still owed (the guarantee skips it).
    await row.getByRole('button', { name: 'Código errado ou expirado' }).click();
    await expect(page.getByText('Tentativa registrada: código errado ou expirado.')).toBeVisible();
    await expect(row.getByText('3 tentativa(s) registrada(s).')).toBeVisible();
    const form = row.getByRole('region', { name: 'Agendamentos' });
    for (const [nome, hora] of [
      ['Chiara', '09:00'],
      ['Enzo', '09:20'],
    ] as const) {
      await form.getByLabel(new RegExp(`^${nome} Ricci`)).check();
      await form.getByLabel('Data').fill('2026-12-14');
      await form.getByLabel('Hora').fill(hora);
      await form.getByLabel('Código do Prenot@mi').fill(`SP-${nome}`);
      await form.getByLabel('Confirmação (PDF ou imagem)').setInputFiles({
        name: `confirmacao-${nome}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await form.getByRole('button', { name: 'Salvar agendamento' }).click();
      if (nome === 'Chiara')
        await expect(form.getByText(`Chiara: 14/12/2026 às ${hora} · SP-Chiara`)).toBeVisible();
    }
    await expect(row).toHaveCount(0);

    await page.goto('/consulados');
    await expect(page.getByRole('heading', { name: 'Consulados', level: 1 })).toBeVisible();
    // A staff edit goes into the consulate's history.
    await page.getByLabel('Endereço do consulado').fill('Av. Paulista, 1963');
    await page.getByRole('button', { name: 'Salvar consulado' }).click();
    await expect(page.getByRole('region', { name: 'Histórico de alterações' })).toContainText(
      'endereco: — → Av. Paulista, 1963',
    );
    await page.screenshot({ path: `${shots()}/consulados-1280.png`, fullPage: true });
    await expectNoAxeViolations(page, 'consulates');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots()}/consulados-390.png`, fullPage: true });
  },
);

test(
  'a Prenot@mi e-mail another family uses: each customer saves it without hearing of the other; staff see it',
  { tag: '@both-widths' },
  async ({ page }) => {
    const shared = 'familia.compartilhada@exemplo.com.br';
    for (const email of ['dia.codigo@demo.com.br', CUSTOMER.email]) {
      await page.setViewportSize(PHONE);
      await expect(await login(page, email)).toBeHidden();
      await page.goto('/processo');
      await page.getByLabel('E-mail do requerente no Prenot@mi').first().fill(shared);
      await page.getByRole('button', { name: 'Salvar conta do Prenot@mi' }).first().click();
      await expect(page.getByText('Conta do Prenot@mi salva.')).toBeVisible();
      await expect(page.getByText(/já é de outro requerente/)).toHaveCount(0);
      await signOut(page);
    }
    const row = await staffDay(page);
    await row.getByRole('button', { name: 'Assumir' }).click();
    const chiara = row.getByRole('region', { name: 'Chiara Ricci Almeida' });
    const note = chiara.getByRole('note');
    await expect(note).toContainText('Contato do Prenot@mi também usado em outro agendamento:');
    await expect(note.getByRole('link', { name: 'Matteo Conti Ribeiro' })).toBeVisible();
    await expect(note).toContainText('(e-mail)');
    await page.screenshot({ path: `${shots()}/contato-compartilhado-1280.png`, fullPage: true });
    await expectNoAxeViolations(page, 'shared contact');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots()}/contato-compartilhado-390.png`, fullPage: true });
  },
);

/**
 * A page signed in as `page` is whose every API call fails. The demo's backend is a service worker, whose answers
 * page.route never sees: this page's context blocks it, so the calls go out and are aborted. Returns the page
 * and how many calls it made.
 */
async function failingApiPage(page: Page, browser: Browser, options: BrowserContextOptions) {
  const session = await page.evaluate(() => Object.entries(sessionStorage));
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  await context.addInitScript((entries) => {
    for (const [key, value] of entries) sessionStorage.setItem(key, value);
  }, session);
  const calls = { count: 0 };
  await context.route('**/api/**', (route) => {
    calls.count += 1;
    return route.abort();
  });
  return { failing: await context.newPage(), calls };
}

test(
  'standby page with the API failing: an error and a retry, never "nothing scheduled"; offline, a warning',
  { tag: '@both-widths' },
  async ({ page, browser, baseURL, locale, timezoneId }) => {
    await page.setViewportSize(PHONE);
    await expect(await login(page, CUSTOMER.email)).toBeHidden();
    await page.goto('/prontidao');
    const ready = page.getByText('Você está pronto. Aguarde nesta página.');
    await expect(ready).toBeVisible();

    const { failing, calls } = await failingApiPage(page, browser, {
      baseURL,
      locale,
      timezoneId,
      viewport: PHONE,
    });
    await failing.goto('/prontidao');
    const failure = failing
      .getByRole('alert')
      .filter({ hasText: 'Não foi possível carregar a sua prontidão.' });
    await expect(failure).toBeVisible({ timeout: 15_000 });
    await expect(failing.getByText('Não há tentativa de agendamento marcada')).toHaveCount(0);
    await failing.screenshot({ path: `${shots()}/prontidao-erro-390.png`, fullPage: true });
    await expectNoAxeViolations(failing, 'standby error');
    await failing.setViewportSize(DESKTOP);
    await failing.screenshot({ path: `${shots()}/prontidao-erro-1280.png`, fullPage: true });
    const before = calls.count;
    await failure.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => calls.count).toBeGreaterThan(before);
    await expect(failure).toBeVisible();
    await failing.context().close();

    // The connection drops with the page open: the code could not arrive, and it says so until it is back.
    await page.context().setOffline(true);
    const warning = page.getByRole('alert').filter({ hasText: 'Sem conexão com a internet.' });
    await expect(warning).toBeVisible();
    await expect(ready).toHaveCount(0);
    await page.screenshot({ path: `${shots()}/prontidao-offline-390.png`, fullPage: true });
    await expectNoAxeViolations(page, 'standby offline');
    await page.context().setOffline(false);
    await expect(warning).toHaveCount(0);
    await expect(ready).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await page.context().setOffline(true);
    await expect(warning).toBeVisible();
    await page.screenshot({ path: `${shots()}/prontidao-offline-1280.png`, fullPage: true });
    await page.context().setOffline(false);
  },
);

test(
  'opening day with the API failing: each list says it did not load, with a retry',
  { tag: '@both-widths' },
  async ({ page, browser, baseURL, locale, timezoneId }) => {
    await page.setViewportSize(DESKTOP);
    await expect(await login(page, ACCOUNTS.admin.email)).toBeHidden();
    const { failing, calls } = await failingApiPage(page, browser, {
      baseURL,
      locale,
      timezoneId,
      viewport: DESKTOP,
    });
    await failing.goto('/dia?consulado=sao_paulo');
    for (const what of ['os consulados', 'os casos prontos para agendar', 'as confirmações pendentes']) {
      const alert = failing.getByRole('alert').filter({ hasText: `Não foi possível carregar ${what}.` });
      await expect(alert).toBeVisible({ timeout: 15_000 });
      await expect(alert.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    }
    await expect(failing.getByText('Nenhum caso em "Análise OK" neste consulado.')).toHaveCount(0);
    await expect(failing.getByRole('heading', { name: /\(0\)/ })).toHaveCount(0);
    await failing.screenshot({ path: `${shots()}/dia-erro-1280.png`, fullPage: true });
    await expectNoAxeViolations(failing, 'opening day error');
    await failing.setViewportSize(PHONE);
    await failing.screenshot({ path: `${shots()}/dia-erro-390.png`, fullPage: true });
    const before = calls.count;
    await failing
      .getByRole('alert')
      .filter({ hasText: 'os casos prontos para agendar' })
      .getByRole('button', { name: 'Tentar novamente' })
      .click();
    await expect.poll(() => calls.count).toBeGreaterThan(before);
    await failing.context().close();
  },
);

test(
  'appointment form: nobody ticked under "Para quem" is said in pt-BR before sending; a wrong code is told to the customer; the newest code comes first',
  { tag: '@both-widths' },
  async ({ page }) => {
    test.setTimeout(90_000);
    let row = await staffDay(page);
    await row.getByRole('button', { name: 'Assumir' }).click();
    const form = row.getByRole('region', { name: 'Agendamentos' });
    await form.getByLabel('Data').fill('2026-12-14');
    await form.getByLabel('Hora').fill('09:00');
    await form.getByRole('button', { name: 'Salvar agendamento' }).click();
    const who = form.getByRole('group', { name: 'Para quem' });
    await expect(who).toHaveAccessibleDescription('Escolha para quem é o agendamento.');
    await expect(form.getByText('Cannot be blank.')).toHaveCount(0);
    await expect(form.getByLabel(/^Chiara Ricci/)).toBeFocused();
    await page.screenshot({ path: `${shots()}/para-quem-1280.png`, fullPage: true });
    await form.screenshot({ path: `${shots()}/para-quem-form-1280.png` });
    await expectNoAxeViolations(page, 'appointment form error');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots()}/para-quem-390.png`, fullPage: true });
    await form.screenshot({ path: `${shots()}/para-quem-form-390.png` });

    // Two codes asked and typed, the first refused by the portal: staff see the second first, as the current one;
    // the first, superseded.
    const refused = page.getByRole('alert').filter({ hasText: 'O código não funcionou' });
    for (const code of ['482913', '654321']) {
      await page.setViewportSize(DESKTOP);
      await row.getByRole('button', { name: 'Pedir código' }).click();
      await expect(row.getByText('Pedido agora: código.')).toBeVisible();
      await signOut(page);
      await page.setViewportSize(PHONE);
      await expect(await login(page, CUSTOMER.email)).toBeHidden();
      await page.goto('/prontidao');
      // Asked again after the wrong code: the field is back, empty, and the failure is no longer said.
      await expect(page.getByLabel('Código (6 números)')).toHaveValue('');
      await expect(refused).toHaveCount(0);
      await page.getByLabel('Código (6 números)').pressSequentially(code, { delay: 40 });
      await expect(page.getByText(/^Recebido pela equipe às \d\d:\d\d:\d\d/)).toBeVisible();
      // After a reload the field is empty (the code is never read back), but it says the code arrived.
      await page.reload();
      await expect(page.getByLabel('Código (6 números)')).toHaveValue('');
      await expect(page.getByText(/^Recebido pela equipe às \d\d:\d\d:\d\d/)).toBeVisible();
      if (code === '654321')
        await page.screenshot({ path: `${shots()}/prontidao-recebido-390.png`, fullPage: true });
      await signOut(page);
      row = await staffDay(page);
      await row.getByRole('button', { name: 'Abrir' }).click();
      if (code !== '482913') continue;
      // The portal refused the first code: staff record it, and the customer's page says so instead of
      // "Recebido pela equipe", with what happens next.
      await row.getByRole('button', { name: 'Código errado ou expirado' }).click();
      await expect(page.getByText('Tentativa registrada: código errado ou expirado.')).toBeVisible();
      await signOut(page);
      await page.setViewportSize(PHONE);
      await expect(await login(page, CUSTOMER.email)).toBeHidden();
      await page.goto('/prontidao');
      await expect(refused).toContainText('O código não funcionou: estava errado ou expirou.');
      await expect(refused).toContainText('Fique nesta página: a equipe vai pedir um novo código');
      await expect(page.getByText(/^Recebido pela equipe/)).toHaveCount(0);
      await expect(page.getByLabel('Código (6 números)')).toHaveCount(0);
      await page.screenshot({ path: `${shots()}/prontidao-codigo-errado-390.png`, fullPage: true });
      await expectNoAxeViolations(page, 'standby, wrong code');
      await signOut(page);
      await page.setViewportSize(DESKTOP);
      row = await staffDay(page);
      await row.getByRole('button', { name: 'Abrir' }).click();
    }
    const relay = row.getByRole('region', { name: 'Acesso e código do cliente' });
    await expect(relay.getByText('Último código')).toBeVisible();
    await expect(relay.getByTestId('relay-value')).toHaveText('654321');
    await relay.getByText(/Valores anteriores, substituídos \(1\)/).click();
    await expect(relay.getByTestId('relay-old')).toContainText('Código substituído');
    await expect(relay.getByTestId('relay-old')).toContainText('482913');
    await page.screenshot({ path: `${shots()}/dia-ultimo-codigo-1280.png`, fullPage: true });
    await relay.screenshot({ path: `${shots()}/relay-ultimo-codigo-1280.png` });
    await expectNoAxeViolations(page, 'relay panel, two codes');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${shots()}/dia-ultimo-codigo-390.png`, fullPage: true });
    await relay.screenshot({ path: `${shots()}/relay-ultimo-codigo-390.png` });
  },
);
