import type { Page } from '@playwright/test';
import { expect, STAND_IN_URL } from './fixtures';

export const PASSWORD = 'Demo@2026';
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

/**
 * Follows the last e-mailed link of a kind: the demo shows it as a toast; against the stand-in server (a
 * production build) the test reads the server's mailbox, as a person would open their e-mail.
 */
export async function openMailLink(page: Page, kind: 'verification' | 'reset') {
  if (!STAND_IN_URL) {
    const name = kind === 'verification' ? 'Abrir link de confirmação' : 'Abrir link de nova senha';
    await page.getByRole('link', { name }).first().click();
    // the toast closes when its link is used; let its exit animation end before anything else is checked
    await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    return;
  }
  const response = await page.request.get(`${STAND_IN_URL}/__mailbox`);
  const mails = (await response.json()) as Array<{ kind: string; path: string }>;
  const mail = mails.filter((m) => m.kind === kind).at(-1);
  if (!mail) throw new Error(`no ${kind} e-mail was sent`);
  await page.goto(mail.path);
}
