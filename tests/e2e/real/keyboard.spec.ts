// Keyboard-only journeys on the production build against the real backend: what opens in place takes the focus,
// and what closes gives it back, so that a person on the keyboard never restarts from the top of the page.
import { expect, test } from '../fixtures';
import { ACCOUNTS, login } from '../helpers';
import { customerWithOrder, ownAddress } from '../real-helpers';

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

test('a customer adds and removes applicants by keyboard: the focus follows, never back to the top', async ({
  page,
  request,
}) => {
  await ownAddress(page.context());
  const customer = await customerWithOrder(request, 'familiar');
  await expect(await login(page, customer.email, customer.password)).toBeHidden();
  await page.goto('/processo');

  const add = page.getByRole('button', { name: 'Adicionar requerente' });
  for (const number of [1, 2]) {
    await add.focus();
    await page.keyboard.press('Enter');
    // The new applicant's section: its heading takes the focus, the next Tab is its first field.
    await expect(page.getByRole('heading', { name: new RegExp(`^Requerente ${number}:`) })).toBeFocused();
  }

  const remove = page.getByRole('button', { name: 'Remover requerente 2' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const no = page.getByRole('button', { name: 'Não', exact: true });
  await expect(no).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(remove).toBeFocused();
});
