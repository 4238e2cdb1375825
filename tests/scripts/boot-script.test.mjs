// The prerendered pages' boot script (scripts/build/boot-script.mjs) in Chromium, on a tiny site served as a host
// serves it: a first visit loads no JavaScript until a press on a button, which is kept for the app; a session,
// an app query or an app path load the app at once; a path the app does not have gets the prerendered 404.
//   node --test tests/scripts/
/* global document -- used inside page.evaluate and addInitScript, which run in the browser */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bootScript } from '../../scripts/build/boot-script.mjs';
import { chromePath, chromiumArgs } from '../../scripts/test/chromium.mjs';
import { serve } from '../../scripts/backend/serve.mjs';

const page = (route, body, lazy) =>
  `<!doctype html><html lang="pt-BR"><head><title>${route}</title></head><body>` +
  `<div id="root" data-prerendered="${route}">${body}` +
  `<button type="button" id="go">Login</button><button type="button" data-scroll-to="top">Topo</button></div>` +
  bootScript({ entry: '/assets/entry.js', preloads: [], lazy, appPaths: '^(?:/|/dashboard)$' }) +
  `</body></html>`;

// Stands for src/main.tsx + lib/early-clicks.ts: takes the presses over and marks what it played again.
const ENTRY = `const early = window.__earlyClicks; early.stop();
document.body.dataset.app = 'started';
for (const t of early.targets) t.dataset.replayed = '1';
`;

function site(lazy) {
  const dir = mkdtempSync(path.join(tmpdir(), 'boot-test-'));
  const files = {
    'index.html': page('/', '<h1>Início</h1>', lazy),
    '404.html': page('/404', '<h1>Página não encontrada</h1>', lazy),
    'assets/entry.js': ENTRY,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('boot script', () => {
  const dirs = [site(true), site(false)];
  const servers = [];
  let browser;
  before(async () => {
    for (const dir of dirs) servers.push(await serve(dir));
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.close()));
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });

  /** Opens `urlPath` and reports whether the app's entry was fetched within 700 ms of the load. */
  async function open(server, urlPath, init) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    if (init) await tab.addInitScript(init);
    const scripts = [];
    tab.on('request', (r) => r.url().endsWith('.js') && scripts.push(new URL(r.url()).pathname));
    await tab.goto(new URL(urlPath, server.url).href);
    await tab.waitForTimeout(700);
    return { context, tab, scripts };
  }

  test('a first visit loads the app only at a press, and the press reaches the app', async () => {
    const { context, tab, scripts } = await open(servers[0], '/');
    try {
      await tab.click('[data-scroll-to]');
      await tab.waitForTimeout(200);
      assert.deepEqual(scripts, [], 'nothing loaded before a press (a scroll button is served in the page)');
      await tab.click('#go');
      await tab.waitForFunction(() => document.body.dataset.app === 'started');
      assert.deepEqual(scripts, ['/assets/entry.js']);
      assert.equal(await tab.getAttribute('#go', 'data-replayed'), '1');
      assert.equal(await tab.getAttribute('[data-scroll-to]', 'data-replayed'), null);
      // Until the app has played the press again, the page shows it is working (src/styles.css).
      assert.equal(await tab.locator('.app-loading').count(), 1);
    } finally {
      await context.close();
    }
  });

  test('a session, a query for the app or a path of the app load it at once', async () => {
    const cases = [
      ['/', () => sessionStorage.setItem('token', 'x')],
      ['/?mode=login', undefined],
      ['/dashboard', undefined],
    ];
    for (const [urlPath, init] of cases) {
      const { context, tab, scripts } = await open(servers[0], urlPath, init);
      try {
        assert.deepEqual(scripts, ['/assets/entry.js'], urlPath);
        assert.equal(await tab.evaluate(() => document.body.dataset.app), 'started', urlPath);
      } finally {
        await context.close();
      }
    }
    // A campaign's tags are not the app's: still a first visit.
    const { context, scripts } = await open(servers[0], '/?utm_source=x');
    await context.close();
    assert.deepEqual(scripts, []);
  });

  test('a path the app does not have shows the prerendered 404, hydratable in place', async () => {
    const { context, tab, scripts } = await open(servers[0], '/nao-existe');
    try {
      assert.equal(await tab.textContent('h1'), 'Página não encontrada');
      assert.equal(await tab.title(), '/404');
      assert.equal(await tab.getAttribute('#root', 'data-prerendered'), '/nao-existe');
      assert.deepEqual(scripts, []);
    } finally {
      await context.close();
    }
  });

  test('the demo build starts the app after the first paint, without a press', async () => {
    const { context, tab, scripts } = await open(servers[1], '/');
    try {
      assert.deepEqual(scripts, ['/assets/entry.js']);
      assert.equal(await tab.evaluate(() => document.body.dataset.app), 'started');
    } finally {
      await context.close();
    }
  });
});
