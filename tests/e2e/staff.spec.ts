import { expect, expectNoAxeViolations, shot, test } from './fixtures';
import { ACCOUNTS, login, loginAs } from './helpers';

test('staff find, sort, page, edit a booking, and the customer sees it', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(51); // header + 50 (default page size)
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
  await expectNoAxeViolations(page, 'bookings list');
  await shot(page, 'dashboard');

  // paging: page 2 of the seeded bookings, then a smaller page size
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Itens por página:').selectOption('10');
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page).not.toHaveURL(/page=2/);

  // sorting: ascending, descending, cleared
  const statusHeader = table.getByRole('columnheader', { name: 'STATUS' });
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'descending');
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
});

test('staff work the list with the keyboard alone', async ({ page }) => {
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
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Agendamento atualizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 5000 });
});

test('an unknown booking id shows a way back', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404/);
  await login(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/booking-details/naoexiste12345');
  await expect(page.getByText('Agendamento não encontrado.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar página' })).toHaveAttribute('href', /\/dashboard/);
  await expectNoAxeViolations(page, 'booking not found');
});
