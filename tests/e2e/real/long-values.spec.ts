// What customers really type, at its real length, on a 390 px phone: the page keeps to the screen's width (no
// sideways scrolling) and shows the value whole, wrapped.
import { expect, test } from '../fixtures';
import { login } from '../helpers';
import { ownAddress, verifiedCustomer } from '../real-helpers';

test('/minha-conta: a long e-mail address wraps inside its card, the page does not scroll sideways', async ({
  page,
  request,
}) => {
  await ownAddress(page.context());
  // 80 characters, as an office's address can be: longer than a phone's line.
  const email = `maria.conceicao.albuquerque.${Date.now()}@escritoriodecontabilidade.com.br`;
  const customer = await verifiedCustomer(request, email);
  await expect(await login(page, customer.email, customer.password)).toBeHidden();
  await page.goto('/minha-conta');

  const value = page.getByText(email, { exact: true });
  await expect(value).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const box = await value.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
});

test('a mobile pasted with +55 keeps its own DDD and number, whole', async ({ page }) => {
  await page.goto('/?mode=register');
  const phone = page.getByRole('dialog', { name: 'Criar conta' }).getByLabel('Celular');
  for (const pasted of ['+55 (91) 98765-4321', '+55 91 98765-4321']) {
    await phone.fill('');
    await phone.focus();
    await page.keyboard.insertText(pasted);
    await expect(phone, `pasted "${pasted}"`).toHaveValue('(91) 98765-4321');
  }
  // Typed key by key, the field is '(55) 91987-6543' at the 11th digit: the last two still arrive.
  await phone.fill('');
  await phone.pressSequentially('+55 91 98765-4321');
  await expect(phone, 'typed key by key').toHaveValue('(91) 98765-4321');
});

test('a CPF pasted with a space or its label before it keeps its eleven digits', async ({ page }) => {
  await page.goto('/?mode=register');
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  const cpf = dialog.getByLabel('CPF');
  for (const pasted of [' 529.982.247-25', 'CPF: 529.982.247-25']) {
    await cpf.fill('');
    await cpf.focus();
    await page.keyboard.insertText(pasted);
    await expect(cpf, `pasted "${pasted}"`).toHaveValue('529.982.247-25');
    await expect(dialog.getByText('CPF inválido')).toHaveCount(0);
  }
});
