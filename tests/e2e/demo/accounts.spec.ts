import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { ACCOUNTS, login, loginAs, openMailLink, PASSWORD } from '../helpers';

test('register, confirm the e-mail link, log in and log out', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 400/); // nothing expected, but PocketBase-style 4xx are logged by Chromium
  await page.goto('/?mode=register');
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await expectNoAxeViolations(page, 'register modal');
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  await expect(dialog.getByText('Nome completo obrigatório')).toBeVisible();
  await expectNoAxeViolations(page, 'register modal with errors');
  await shot(page, 'register-errors');

  await dialog.getByLabel('Nome completo').fill('Beatriz Gonçalves Araújo');
  await dialog.getByLabel('Email').fill('beatriz@example.com');
  await dialog.getByLabel('CPF').pressSequentially('12345678909');
  await expect(dialog.getByLabel('CPF')).toHaveValue('123.456.789-09');
  await dialog.getByLabel('Celular').pressSequentially('11987654321');
  await expect(dialog.getByLabel('Celular')).toHaveValue('(11) 98765-4321');
  await dialog.getByLabel('Senha', { exact: true }).fill('segredo123');
  await dialog.getByLabel('Confirmar senha').fill('segredo123');
  await dialog.getByRole('button', { name: 'Criar conta' }).click();

  const verify = page.getByRole('dialog', { name: 'Confirme seu e-mail' });
  await expect(verify).toContainText('beatriz@example.com');
  await expect(verify.getByRole('button', { name: 'Reenviar e-mail' })).toBeDisabled();
  await expectNoAxeViolations(page, 'verify_email modal');
  await shot(page, 'verify-email');

  // the account cannot log in before it is verified
  await verify.getByRole('button', { name: 'Ir para o login' }).click();
  const loginDialog = page.getByRole('dialog', { name: 'Entrar' });
  await loginDialog.getByLabel('Email').fill('beatriz@example.com');
  await loginDialog.getByLabel('Senha').fill('segredo123');
  await loginDialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(loginDialog.getByRole('alert')).toHaveText(
    'Ative sua conta! Clique no link que enviamos para seu email para ativar a sua conta.',
  );
  await page.keyboard.press('Escape');

  await openMailLink(page, 'verification');
  await expect(page.getByRole('heading', { name: 'Conta verificada com sucesso!' })).toBeVisible();
  await expectNoAxeViolations(page, 'verification success');
  await shot(page, 'verification-success');
  await page.getByRole('link', { name: 'Login' }).click();

  const again = page.getByRole('dialog', { name: 'Entrar' });
  await again.getByLabel('Email').fill('beatriz@example.com');
  await again.getByLabel('Senha').fill('segredo123');
  await again.getByRole('button', { name: 'Entrar' }).click();
  const menuButton = page.getByRole('button', { name: 'Olá, Beatriz Gonçalves Araújo' });
  await expect(menuButton).toBeVisible();
  await menuButton.click();
  await expectNoAxeViolations(page, 'user menu open');
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('a wrong password and an unverified account are refused with the seed messages', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/status of 400/);
  const dialog = await login(page, ACCOUNTS.cliente.email, 'senha-errada');
  await expect(dialog.getByRole('alert')).toHaveText('Email ou senha inválidos');
  await expectNoAxeViolations(page, 'login error');
  await shot(page, 'login-error');
  await dialog.getByLabel('Email').fill(ACCOUNTS.pendente.email);
  await dialog.getByLabel('Senha').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Ative sua conta! Clique no link que enviamos para seu email para ativar a sua conta.',
  );
});

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  await page.goto('/?mode=login');
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Esqueci minha senha' });
  await dialog.getByLabel('Email').fill(ACCOUNTS.cliente.email);
  await dialog.getByRole('button', { name: 'Enviar link' }).click();
  await expect(dialog.getByText(/enviamos um link para você criar uma nova senha/)).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password sent');
  await shot(page, 'forgot-password');
  await openMailLink(page, 'reset');
  await page.getByLabel('Nova senha', { exact: true }).fill('outraSenha2026');
  await page.getByLabel('Confirmar nova senha').fill('outraSenha2026');
  await expectNoAxeViolations(page, 'reset password page');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('heading', { name: 'Senha alterada com sucesso!' })).toBeVisible();
  const loginDialog = await login(page, ACCOUNTS.cliente.email, 'outraSenha2026');
  await expect(loginDialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Olá, ${ACCOUNTS.cliente.name}` })).toBeVisible();
});

test('a bad verification link shows the error page', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/);
  await page.goto('/confirm_verification?token=invalido');
  await expect(page.getByRole('heading', { name: 'Erro ao ativar conta!' })).toBeVisible();
  await expect(page.getByText('Status: 400')).toBeVisible();
  await expectNoAxeViolations(page, 'verification error');
  await shot(page, 'verification-error');
  await expect(page.getByRole('link', { name: 'Cadastrar novamente' })).toHaveAttribute(
    'href',
    '/?mode=register',
  );
});

test('an admin lands on /dashboard after logging in', { tag: '@staff' }, async ({ page }) => {
  await login(page, ACCOUNTS.admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
  // a long name stays inside the header on a phone: shortened with an ellipsis, beside the logo, on screen
  const greeting = page.getByRole('button', { name: `Olá, ${ACCOUNTS.admin.name}` });
  await expect(greeting).toBeVisible();
  const box = await greeting.boundingBox();
  // where the logo's drawn text ends (text can spill out of a box squeezed too narrow)
  const logoRight = await page
    .getByRole('link', { name: 'Passaporte Italiano: página inicial' })
    .evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      return Math.max(...[...range.getClientRects()].map((rect) => rect.right));
    });
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x - logoRight).toBeGreaterThanOrEqual(8);
  expect(box && box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await shot(page, 'header-long-name');
});

test('the whole login journey works with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Entrar' }).getByLabel('Email')).toBeFocused();
  await page.keyboard.type(ACCOUNTS.agendado.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const menuButton = page.getByRole('button', { name: `Olá, ${ACCOUNTS.agendado.name}` });
  await expect(menuButton).toBeVisible();
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  // the entry appears once the payments have loaded
  await expect(page.getByRole('menuitem', { name: 'Agendamentos' })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByRole('menuitem', { name: 'Agendamentos' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tracking$/);
  await expect(page.getByRole('heading', { name: 'Consultar andamento' })).toBeVisible();
});

test('a customer cannot open the staff screens', async ({ page }) => {
  await loginAs(page, 'agendado');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/tracking$/);
});
