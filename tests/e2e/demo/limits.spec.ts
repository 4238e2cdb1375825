import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { ACCOUNTS, PASSWORD } from '../helpers';

/** The messages the server and the app share (src/lib/field-messages.ts). */
const FIELD_MESSAGES = JSON.parse(
  readFileSync(new URL('../../../pocketbase/pb_hooks/lib/mensagens.json', import.meta.url), 'utf8'),
) as Record<'muitasTentativas' | 'contaBloqueada', string>;

// The demo double applies the server's limits (pb_hooks/lib/limites.json): ten logins a minute from one
// address, and ten failures in 15 minutes lock the account whatever the password.
test('too many logins: first "wait a few minutes", then the account lockout, in pt-BR', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  consoleErrors.allow(/status of 400/);
  consoleErrors.allow(/status of 429/);
  await page.clock.install();
  await page.goto('/?mode=login');
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await dialog.getByLabel('Email').fill(ACCOUNTS.cliente.email);
  await dialog.getByLabel('Senha').fill('senha-errada-1');
  const alert = dialog.getByRole('alert');
  for (let i = 0; i < 10; i++) {
    const answered = page.waitForResponse('**/auth-with-password');
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await answered;
  }
  await expect(alert).toHaveText('Email ou senha inválidos');

  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(alert).toHaveText(FIELD_MESSAGES.muitasTentativas);
  await expectNoAxeViolations(page, 'login rate-limited');
  await shot(page, 'login-rate-limited', { folder: 'limits', fullPage: false });

  // A minute later the address may try again, but the account stays locked, even with the right password.
  await page.clock.fastForward('01:05');
  await dialog.getByLabel('Senha').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(alert).toHaveText(FIELD_MESSAGES.contaBloqueada);
  await expect(alert).not.toContainText('Email ou senha inválidos');
  await expectNoAxeViolations(page, 'login locked');
  await shot(page, 'login-locked', { folder: 'limits', fullPage: false });
});
