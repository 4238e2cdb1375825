import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { ACCOUNTS, loginAs } from '../helpers';

test('a customer sees their account, changes the phone, downloads their data and asks for deletion', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 400/); // none expected; Chromium logs any 4xx of the API
  await loginAs(page, 'cliente');
  await page.getByRole('button', { name: `Olá, ${ACCOUNTS.cliente.name}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  const data = page.getByRole('region', { name: 'Seus dados', exact: true });
  await expect(data).toContainText('529.982.247-25');
  await expect(data).toContainText(ACCOUNTS.cliente.email);
  await expectNoAxeViolations(page, 'account page');
  await shot(page, 'account');

  // the phone: the registration's mask and rules, then saved and kept
  const phone = page.getByRole('region', { name: 'Alterar celular' }).getByLabel('Celular');
  await phone.fill('');
  await phone.pressSequentially('2199876');
  await page.getByRole('button', { name: 'Salvar celular' }).click();
  await expect(page.getByText('Celular inválido')).toBeVisible();
  await expectNoAxeViolations(page, 'account page, invalid phone');
  await phone.pressSequentially('5432');
  await expect(phone).toHaveValue('(21) 99876-5432');
  await page.getByRole('button', { name: 'Salvar celular' }).click();
  await expect(page.getByText('Celular atualizado.')).toBeVisible();
  await expect(data).toContainText('(21) 99876-5432');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Seus dados', exact: true })).toContainText(
    '(21) 99876-5432',
  );

  // a copy of everything the server holds
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar meus dados' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('meus-dados.json');
  const json = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    conta: { email: string; celular: string };
    pagamentos: unknown[];
    agendamentos: unknown[];
    solicitacoes_exclusao: unknown[];
  };
  expect(json.conta).toMatchObject({ email: ACCOUNTS.cliente.email, celular: '21998765432' }); // stored as digits
  expect(json).toMatchObject({ pagamentos: [], agendamentos: [], solicitacoes_exclusao: [] });
  await expect(page.getByText('Arquivo meus-dados.json baixado.')).toBeVisible();

  // deletion: confirmed in a modal, then recorded and shown
  const deletion = page.getByRole('region', { name: 'Excluir minha conta' });
  await deletion.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await expect(dialog.getByLabel('Motivo (opcional)')).toBeFocused();
  await dialog.getByLabel('Motivo (opcional)').fill('Não vou mais viajar.');
  await expectNoAxeViolations(page, 'deletion confirmation');
  await shot(page, 'account-deletion-confirm');
  await dialog.getByRole('button', { name: 'Confirmar exclusão' }).click();
  await expect(dialog).toBeHidden();
  await expect(deletion).toContainText('Situação: Pendente');
  await expect(deletion).toContainText('Motivo: Não vou mais viajar.');
  await expect(deletion.getByRole('button', { name: 'Excluir minha conta' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'account page, deletion requested');
  await shot(page, 'account-deletion-requested');
});

test('with a booking in progress, the account is kept until it ends', async ({ page }) => {
  await loginAs(page, 'agendado');
  await page.goto('/minha-conta');
  const deletion = page.getByRole('region', { name: 'Excluir minha conta' });
  await expect(deletion).toContainText('a sua conta será mantida até o atendimento terminar');
  // keyboard only: the button, the modal's focus, the confirmation
  await deletion.getByRole('button', { name: 'Excluir minha conta' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
  await expect(dialog).toContainText('a sua conta será mantida até o atendimento terminar');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deletion.getByRole('button', { name: 'Excluir minha conta' })).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Confirmar exclusão' }).focus();
  await page.keyboard.press('Enter');
  await expect(deletion).toContainText('Situação: Aguardando o fim do atendimento');
  await expectNoAxeViolations(page, 'account page, kept while in progress');
  await shot(page, 'account-deletion-in-progress');
});
