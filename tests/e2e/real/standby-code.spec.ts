// The Prenot@mi code as customers really enter it at the booking minute: pasted from the e-mail ("OTP Code: NNNNNN",
// booking-operations.md), often with the label or a space around it. The six digits must reach staff whole.
import { expect, test } from '../fixtures';
import { ACCOUNTS, login } from '../helpers';
import { ownAddress } from '../real-helpers';

test(
  'a code pasted with its label or spaces: the field keeps the six digits and staff see them',
  { tag: '@both-widths' },
  async ({ browser }) => {
    const phoneContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await ownAddress(phoneContext);
    await ownAddress(staffContext);
    const phone = await phoneContext.newPage();
    const staff = await staffContext.newPage();

    // The seeded São Paulo case on standby (dia.pronto@demo.com.br, seeded ready on the page): staff take it and ask.
    await expect(await login(phone, 'dia.pronto@demo.com.br')).toBeHidden();
    const name = (await phone.getByRole('button', { name: /^Olá, / }).innerText()).replace(/^Olá, /, '');
    await phone.goto('/prontidao');
    await expect(phone.getByText('Você está pronto. Aguarde nesta página.')).toBeVisible();
    await expect(await login(staff, ACCOUNTS.admin.email)).toBeHidden();
    await staff.goto('/dia?consulado=sao_paulo');
    const row = staff.getByRole('listitem').filter({ hasText: name });
    await expect(row.getByText('Pronto na página')).toBeVisible();
    await row.getByRole('button', { name: 'Assumir' }).click();
    await row.getByRole('button', { name: 'Pedir código' }).click();

    const field = phone.getByLabel('Código (6 números)');
    for (const pasted of [' 482913', 'OTP Code: 482913', '482 913']) {
      await field.fill('');
      await field.focus();
      await phone.keyboard.insertText(pasted);
      await expect(field, `pasted "${pasted}"`).toHaveValue('482913');
      await expect(row.getByTestId('relay-value')).toHaveText('482913');
    }
    await phoneContext.close();
    await staffContext.close();
  },
);
