// The release's layout (playwright.real.config.ts): one PocketBase serves the production build from its public
// directory and the API on the same origin, with the static host's rules of pocketbase/pb_hooks/lib/site.js.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, REAL_BACKEND, test } from '../fixtures';

// The build the server serves: PROD_DIST when npm test made it (the demo build then holds dist/), else dist/.
const DIST = process.env.PROD_DIST ?? 'dist';
const built = JSON.parse(readFileSync(`${DIST}/headers.json`, 'utf8')) as Record<string, string>;
const csp = built['Content-Security-Policy'] ?? '';
const asset = readdirSync(`${DIST}/assets`).find((name) => name.endsWith('.js')) ?? '';

test.beforeAll(() => {
  expect(REAL_BACKEND.pb, 'this file runs only against the real backend').not.toBe('');
  expect(csp).toContain("default-src 'none'");
});

test('pages, app routes and assets come from the API’s own origin with the build’s headers, gzipped', async ({
  request,
}) => {
  const gzip = { 'Accept-Encoding': 'gzip' };
  // A prerendered page by its path, the app's routes from index.html (the home page's HTML, which the app
  // replaces): each HTML answer with the policy, not cached.
  for (const [path, file] of [
    ['/', '/'],
    ['/services/individual', '/services/individual'],
    ['/termos', '/termos'],
    ['/tracking', '/'],
    ['/booking-details/abc123', '/'],
  ] as const) {
    const response = await request.get(path, { headers: gzip });
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['content-type'], path).toContain('text/html');
    expect(headers['content-security-policy'], path).toBe(csp);
    expect(headers['cache-control'], path).toBe('no-cache');
    expect(headers['content-encoding'], path).toBe('gzip');
    expect(await response.text(), path).toContain(`data-prerendered="${file}"`);
  }
  const script = await request.get(`/assets/${asset}`, { headers: gzip });
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(script.headers()['content-encoding']).toBe('gzip');

  // A missing asset, the build's files for hosts and the demo's service worker and example invoice (not in a
  // production build) are not found; the API's paths stay the API's.
  for (const path of [
    '/assets/missing.js',
    '/headers.json',
    '/_headers',
    '/nginx-csp.conf',
    '/mockServiceWorker.js',
    '/demo/nfse-exemplo.pdf',
    '/api/nada',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  expect(await (await request.get('/api/health')).json()).toMatchObject({ code: 200 });
  expect((await request.get('/_/')).status()).toBe(200);
});

test('the app calls the API on the page’s own origin', async ({ page }) => {
  const origins = new Set<string>();
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) origins.add(new URL(req.url()).origin);
  });
  await page.goto('/?mode=login');
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await dialog.getByLabel('Email').fill('cliente@demo.com.br');
  await dialog.getByLabel('Senha').fill('Demo@2026');
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: /^Olá, / })).toBeVisible();
  expect([...origins]).toEqual([REAL_BACKEND.pb]);
});
