// Booking day in demo mode (the in-browser double, src/mocks/dia*.ts): one tab, so one demo database, signed in
// as staff and as the customer in turn. Staff (1280 px) take a seeded case on standby and ask for the code; the
// customer (390 px) finds the code field on the standby page and types it; staff see it, record "sem vagas" and
// enter both applicants' appointments, and the case leaves the list (AGENDADO).
import path from 'node:path';
import type { Page } from '@playwright/test';
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
