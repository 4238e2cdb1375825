import { expect, expectNoAxeViolations, REAL_BACKEND, shot, test } from '../fixtures';
import { ACCOUNTS, loginAs } from '../helpers';

test('a visitor reads the home page, a service page and the FAQ', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('img', { name: 'Cover Image' })).toBeVisible();
  await expect(page.getByText('Agendamento de', { exact: true })).toBeVisible();
  await expect(page.getByText('Passaporte Italiano', { exact: true }).last()).toBeVisible();
  // the demo says so on every page; a production build has no trace of it
  await expect(page.getByText('Modo demonstração')).toHaveCount(REAL_BACKEND.pb ? 0 : 1);
  await expectNoAxeViolations(page, 'home');
  await shot(page, 'home');

  await page.getByRole('button', { name: 'Ver mais' }).click();
  await expect(page.getByRole('heading', { name: 'Escolha seu agendamento' })).toBeInViewport();

  await page.getByText('Quanto custa?').click();
  await expect(page.getByText(/O serviço Individual custa R\$ 699,00/)).toBeVisible();
  await expectNoAxeViolations(page, 'home with FAQ open');

  await page.getByRole('link', { name: 'Escolher Individual' }).click();
  await expect(page).toHaveURL(/\/services\/individual$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Agendamento individual' })).toBeVisible();
  await expect(page).toHaveTitle(/Agendamento Individual/);
  await expectNoAxeViolations(page, 'service page');
  await shot(page, 'service-individual');

  await page.getByRole('button', { name: 'Contratar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await expectNoAxeViolations(page, 'login modal');
  await shot(page, 'login-modal');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Contratar' })).toBeFocused();
});

test('unknown service ids and paths show the 404 page', async ({ page }) => {
  for (const path of ['/services/flex', '/pagina-que-nao-existe']) {
    await page.goto(path);
    await expect(page.getByText('A página que você está tentando acessar não existe.')).toBeVisible();
  }
  await expectNoAxeViolations(page, '404');
  await shot(page, '404');
  await page.getByRole('link', { name: 'Voltar para a página inicial' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the staff and customer screens send a visitor home', async ({ page }) => {
  for (const path of ['/tracking', '/dashboard', '/booking-details/demobooking0001']) {
    await page.goto(path);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  }
});

test('the public pages hydrate without console errors and keep their prerendered HTML', async ({ page }) => {
  for (const path of ['/', '/services/individual', '/services/familiar']) {
    const response = await page.request.get(path);
    const html = await response.text();
    expect(html).toContain(`data-prerendered="${path}"`);
    await page.goto(path);
    await expect(page.getByRole('button', { name: path === '/' ? 'Ver mais' : 'Contratar' })).toBeEnabled();
  }
  // the fixture fails the test on any console error, hydration mismatches included
});

test('signed in, the public pages hydrate without errors and then show the session', async ({ page }) => {
  await loginAs(page, 'cliente');
  for (const path of ['/', '/services/individual', '/services/familiar']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: `Olá, ${ACCOUNTS.cliente.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: path === '/' ? 'Ver mais' : 'Contratar' })).toBeEnabled();
  }
  // the fixture fails the test on any console error, hydration mismatches included
});

test.describe('before the scripts start', () => {
  // the click below must land before the app has started, so goto() must not wait for the demo backend
  test.use({ awaitDemoBackend: false });

  test('a click before the scripts have started is not lost', async ({ page }) => {
    // hold the app's entry script back, as a slow phone network would
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible({ timeout: 10_000 });
  });
});
