// Keyboard-only journeys on the production build against the real backend: what opens in place takes the focus,
// and what closes gives it back, so that a person on the keyboard never restarts from the top of the page.
import { expect, test } from '../fixtures';
import { ACCOUNTS, login } from '../helpers';
import { ownAddress } from '../real-helpers';

test('staff refuse a document by keyboard: the reason takes the focus, Cancelar gives it back to Recusar @staff', async ({
  page,
}) => {
  await ownAddress(page.context());
  await expect(await login(page, ACCOUNTS.admin.email)).toBeHidden();
  // The seeded case sent for review (processo.enviado@demo.com.br), documents waiting for a decision.
  await page.getByPlaceholder('Buscar por cliente').fill('processo.enviado@demo.com.br');
  await page.getByRole('row', { name: /Paulo Henrique Ferraro/ }).click();
  await expect(page).toHaveURL(/\/booking-details\//);

  const refuse = page.getByRole('button', { name: /^Recusar / }).first();
  const name = (await refuse.getAttribute('aria-label')) ?? '';
  await refuse.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name });
  await expect(form.getByLabel('Motivo da recusa')).toBeFocused();

  await form.getByRole('button', { name: 'Cancelar' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('button', { name, exact: true })).toBeFocused();
});
