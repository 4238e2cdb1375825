// /dia in the built demo, driven by keyboard: 'Assumir' pressed with Enter is replaced by the case's buttons and
// the focus goes to the one in its place ('Fechar'), never to the page's body; 'Soltar' gives it back to 'Assumir'.
import { expect, test } from '../fixtures';
import { ACCOUNTS, login } from '../helpers';

const CUSTOMER = 'Chiara Ricci Almeida';

test('opening day: the focus follows Assumir and Soltar (keyboard)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(await login(page, ACCOUNTS.admin.email)).toBeHidden();
  await page.goto('/dia?consulado=sao_paulo');
  const row = page.getByRole('listitem').filter({ hasText: CUSTOMER }).first();
  await row.getByRole('button', { name: 'Assumir' }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'Fechar' })).toBeFocused();
  await expect(row.getByRole('heading', { name: 'Acesso e código do cliente' })).toBeVisible();
  await row.getByRole('button', { name: 'Soltar' }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('button', { name: 'Assumir' })).toBeFocused();
});
