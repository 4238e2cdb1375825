// Ways in and out that QA walked with a keyboard and from an e-mail: a deep link opened signed out, and the
// header's account menu (WAI-ARIA menu button). Both widths: the header differs between them.
import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { ACCOUNTS, login, loginAs, PASSWORD } from '../helpers';

test('a link from an e-mail opened signed out asks for the login and then opens the page @both-widths', async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/prontidao');
    // The seed sends a visitor to / itself; the page asked for waits for the login.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByText('Entre na sua conta para abrir essa página.')).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, `login asked by a deep link at ${width}`);
    await shot(page, `deep-link-login-${width}`, { fullPage: false });
    await dialog.getByLabel('Email').fill('dia.pronto@demo.com.br');
    await dialog.getByLabel('Senha').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/prontidao$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pular para o conteúdo' })).not.toBeFocused();
    await shot(page, `deep-link-landed-${width}`, { fullPage: false });
    await page.evaluate(() => sessionStorage.clear());
  }
});

test('the account menu closes when focus leaves it, and Escape gives focus back to its button @both-widths', async ({
  page,
}) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await loginAs(page, 'agendado');
    const button = page.getByRole('button', { name: `Olá, ${ACCOUNTS.agendado.name}` });
    const menu = page.getByRole('menu');

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await expectNoAxeViolations(page, `account menu at ${width}`);
    await shot(page, `account-menu-${width}`, { fullPage: false });

    // Escape: closed, focus on the button (not on the page's body).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Tab out of the open menu: it closes, and focus moves on into the page.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

    // Shift+Tab out of it too.
    await page.keyboard.press('Shift+Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeHidden();

    // Focus moved away without a key the menu sees (a screen reader's own navigation, a script): closed.
    await button.click();
    await expect(menu).toBeVisible();
    await page.getByRole('link', { name: /página inicial/ }).focus();
    await expect(menu).toBeHidden();

    // Opened with the pointer, then focus moved elsewhere by a click on the page: closed.
    await button.click();
    await expect(menu).toBeVisible();
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(menu).toBeHidden();
    await page.evaluate(() => sessionStorage.clear());
  }
});

test('tracking’s status line wears its status’s colour: a refused case in red @both-widths', async ({
  page,
}) => {
  await expect(await login(page, 'processo.recusado@demo.com.br', PASSWORD)).toBeHidden();
  await page.goto('/tracking');
  const line = page.getByRole('status').filter({ hasText: 'Análise com Erro' }).first();
  await expect(line).toBeVisible();
  await expect(line).toHaveClass(/bg-red-50/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoAxeViolations(page, `tracking ANALISE_ERRO at ${width}`);
    await shot(page, `tracking-analise-erro-${width}`, { fullPage: false });
  }
});
