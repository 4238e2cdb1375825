import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, REAL_BACKEND } from './fixtures';

export const PASSWORD = 'Demo@2026';

/** The prerendered legal pages and their titles. */
export const LEGAL_PAGES = [
  ['/termos', 'Termos de serviço'],
  ['/privacidade', 'Política de privacidade'],
] as const;
export const ACCOUNTS = {
  cliente: { email: 'cliente@demo.com.br', name: 'Maria da Conceição Souza' },
  agendado: { email: 'agendado@demo.com.br', name: "João Pedro D'Ávila" },
  pendente: { email: 'pendente@demo.com.br', name: 'Carlos Eduardo Lima' },
  admin: { email: 'admin@demo.com.br', name: 'Equipe Passaporte Italiano' },
} as const;

/** Opens the login modal on `path` and signs in through the form, as a person would. */
export async function login(page: Page, email: string, password = PASSWORD, path = '/') {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}mode=login`);
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Senha').fill(password);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  return dialog;
}

export async function loginAs(page: Page, account: keyof typeof ACCOUNTS, path = '/') {
  const dialog = await login(page, ACCOUNTS[account].email, PASSWORD, path);
  await expect(dialog).toBeHidden();
  if (account !== 'admin')
    await expect(page.getByRole('button', { name: `Olá, ${ACCOUNTS[account].name}` })).toBeVisible();
}

/** The mails the real backend's SMTP capture received for `address`, oldest first. */
export async function mailsTo(
  page: Page,
  address: string,
): Promise<Array<{ subject: string; html: string; text: string }>> {
  const response = await page.request.get(`${REAL_BACKEND.mail}/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Array<{ subject: string; html: string; text: string }>;
}

/**
 * Follows the last e-mailed link of a kind: the demo shows it as a toast; against the real backend (a
 * production build) the test reads the SMTP capture, as a person would open their e-mail.
 */
export async function openMailLink(page: Page, kind: 'verification' | 'reset', address = '') {
  if (!REAL_BACKEND.pb) {
    const name = kind === 'verification' ? 'Abrir link de confirmação' : 'Abrir link de nova senha';
    await page.getByRole('link', { name }).first().click();
    // the toast closes when its link is used; let its exit animation end before anything else is checked
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    return;
  }
  const path = kind === 'verification' ? '/confirm_verification' : '/confirm_password_reset';
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(page, address)).filter((m) => m.html.includes(path)).at(-1);
      link = mail?.html.match(new RegExp(`href="([^"]*${path}\\?token=[^"]+)"`))?.[1] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(new URL(link).pathname + new URL(link).search);
}

// ---------------------------------------------------------------- the real backend's customers

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** A valid CPF from random digits. */
export function cpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (let t = 9; t < 11; t++) {
    let sum = 0;
    for (let i = 0; i < t; i++) sum += d[i]! * (t + 1 - i);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join('');
}

export function newCustomer() {
  const surname = letters(8);
  return {
    name: `Giulia Conceição ${surname[0]!.toUpperCase()}${surname.slice(1)}`,
    email: `giulia.${surname}@teste.passaporte.test`,
    cpf: cpf(),
    password: 'Senha@2026',
  };
}

/**
 * The staff refund panel after R$ 100,00 of a R$ 699,00 order was refunded: only the rest may go now, and more
 * than it is refused in the value's own field.
 */
/**
 * Fills the checkout's card form as a customer types it: the holder, the number and the expiry key by key, the
 * CVV, the holder's CEP and house number, and the installments.
 */
export async function fillCardForm(
  page: Page,
  {
    number,
    holder = 'Maria C Souza',
    installments = '1x',
  }: { number: string; holder?: string; installments?: string },
): Promise<void> {
  await page.getByLabel('Nome do titular').fill(holder);
  await page.getByLabel('Número do cartão').pressSequentially(number);
  await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('CEP do titular').fill('01310-100');
  await page.getByLabel('Número do endereço').fill('1000');
  await page.getByLabel('Parcelas').selectOption(installments);
}

/**
 * The refund's confirmation after 'Solicitar estorno': the dialog names the value (`said`), focus starts on
 * 'Voltar', and 'Confirmar estorno' sends it.
 */
export async function confirmRefund(page: Page, said: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirmar estorno' });
  await expect(dialog).toContainText(said);
  await expect(dialog.getByRole('button', { name: 'Voltar' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
  await expect(dialog).toBeHidden();
}

export async function expectOnlyTheRestRefundable(panel: Locator): Promise<void> {
  await expect(panel).toContainText('Já estornado: R$ 100,00 de R$ 699,00. Resta R$ 599,00.');
  await expect(panel.getByLabel('O restante (R$ 599,00)')).toBeChecked();
  await expect(panel.getByLabel(/Integral/)).toHaveCount(0);
  await panel.getByLabel('Parcial').check();
  await panel.getByLabel('Valor a estornar (R$)').fill('600');
  await panel.getByLabel('Motivo').fill('Teste');
  await panel.getByRole('button', { name: 'Solicitar estorno' }).click();
  await expect(panel.getByLabel('Valor a estornar (R$)')).toHaveAccessibleDescription(
    'Informe um valor entre R$ 0,01 e R$ 599,00, o que resta a estornar.',
  );
}

/** Clicks 'Exportar CSV' on the staff list: the downloaded file's lines (BOM and last line end left out). */
export async function exportedCsvLines(page: Page): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^agendamentos-\d{4}-\d{2}-\d{2}\.csv$/);
  return readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}
