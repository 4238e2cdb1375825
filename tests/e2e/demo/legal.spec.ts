import { expect, expectNoAxeViolations, shot, test } from '../fixtures';
import { LEGAL_PAGES, loginAs } from '../helpers';

const NEW_TAB = '(abre em nova aba)';

test('the terms and the privacy policy are prerendered, reached from the footer, and pass axe', async ({
  page,
}) => {
  for (const [path, title] of LEGAL_PAGES) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Passaporte Italiano`);
    // what only the business can fill in is marked, not invented
    await expect(page.locator('mark', { hasText: '[a completar pela empresa]' }).first()).toBeVisible();
    await expectNoAxeViolations(page, `${path} (client navigation)`);
    await shot(page, path.slice(1));

    // opened directly, the prerendered page hydrates: its index links work and the app takes over
    await page.goto(path);
    await page.getByRole('navigation', { name: 'Nesta página' }).getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/#[a-z-]+$/);
    await expectNoAxeViolations(page, `${path} (prerendered)`);
    await page
      .getByRole('navigation', { name: 'Você está em' })
      .getByRole('link', { name: 'Início' })
      .click();
    await expect(page.getByRole('button', { name: 'Ver mais' })).toBeVisible();
  }
});

test('the register form opens the legal pages in new tabs and keeps what was typed', async ({ page }) => {
  await page.goto('/?mode=register');
  const dialog = page.getByRole('dialog', { name: 'Criar conta' });
  await dialog.getByLabel('Nome completo').fill('Beatriz Gonçalves Araújo');
  await expectNoAxeViolations(page, 'register modal with the legal links');
  const [privacy] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: `Política de privacidade ${NEW_TAB}` }).click(),
  ]);
  await expect(privacy).toHaveURL(/\/privacidade$/);
  await expect(privacy.getByRole('heading', { level: 1, name: 'Política de privacidade' })).toBeVisible();
  await privacy.close();
  await expect(dialog.getByLabel('Nome completo')).toHaveValue('Beatriz Gonçalves Araújo');
  await expect(dialog.getByRole('link', { name: `Termos de serviço ${NEW_TAB}` })).toHaveAttribute(
    'target',
    '_blank',
  );
});

test('the terms link of the purchase area opens /termos in a new tab and the checkout keeps its state', async ({
  page,
}) => {
  await loginAs(page, 'cliente', '/services/individual');
  await page.getByRole('button', { name: 'Contratar' }).click();
  await page.getByLabel('Adicionar Flex por R$ 199,00').check();
  await page.getByLabel(/Li e aceito os termos de serviço/).check();
  await page.getByLabel('Nome do titular').fill('Maria C Souza');
  await page.getByLabel('Número do cartão').pressSequentially('4111');

  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('link', { name: new RegExp(`termos de serviço ${NEW_TAB.replace(/[()]/g, '\\$&')}`, 'i') })
      .first()
      .click(),
  ]);
  await expect(terms).toHaveURL(/\/termos$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Termos de serviço' })).toBeVisible();
  await expect(terms.getByRole('heading', { name: '6. Desistência em até 7 dias' })).toBeVisible();
  await terms.close();

  await expect(page.getByLabel('Adicionar Flex por R$ 199,00')).toBeChecked();
  await expect(page.getByLabel(/Li e aceito os termos de serviço/)).toBeChecked();
  await expect(page.getByLabel('Nome do titular')).toHaveValue('Maria C Souza');
  await expect(page.getByLabel('Número do cartão')).toHaveValue('4111');
  await expect(page.getByLabel('Resumo', { exact: true })).toContainText('R$ 898,00');
  await expectNoAxeViolations(page, 'purchase area with the terms link');
});
