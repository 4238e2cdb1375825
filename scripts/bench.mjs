// Measures the built app: JS budget, then Lighthouse (mobile profile) on a few pages.
//   npm run bench                                  (all steps; builds what each step needs)
//   node scripts/bench.mjs home                    (only the named steps)
// Each step says which build it measures. The public pages are measured as visitors get them: a production
// build (VITE_API_URL set to a placeholder; signed out, they call no API), so the demo's in-browser backend
// is not counted. The staff pager needs the demo build's seeded data. The bench runs `npm run build` for each
// build it needs and leaves dist/ holding the demo build (what `npm run dev` users and the demo browser tests
// expect). Serves dist/ with `vite preview` on 127.0.0.1 (4173, or a free port if that one is taken), runs
// Debian's Chromium (CHROME_PATH overrides /usr/bin/chromium), prints scores and metrics, and saves each
// Lighthouse JSON report under .lighthouse/.
// Exit code: 1 if the JS budget is exceeded or a step could not run; low scores are reported, not fatal.
/* global document, MutationObserver, requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { measure, report } from './budget.mjs';
import { chromePath, chromiumArgs } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(root, 'dist');
const outDir = path.join(root, '.lighthouse');
const chromeFlags = ['--headless=new', ...chromiumArgs];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * What to measure, in order. Add a step by adding a line; `kind` picks the runner below.
 * lighthouse: { path, preset?: 'mobile' | 'desktop' } (mobile is Lighthouse's default: Moto G class, slow 4G).
 */
const STEPS = [
  { name: 'home', kind: 'lighthouse', path: '/', build: 'production' },
  { name: 'service-individual', kind: 'lighthouse', path: '/services/individual', build: 'production' },
  { name: 'service-familiar', kind: 'lighthouse', path: '/services/familiar', build: 'production' },
  { name: 'lcp-vs-static', kind: 'lcpVsStatic', path: '/', build: 'production' },
  { name: 'staff-pager', kind: 'pager', path: '/dashboard', build: 'demo' },
];

/** The builds, in the order they run (demo last, so dist/ ends as the demo build). */
const BUILDS = {
  // A placeholder backend: the pages measured make no API call signed out.
  production: { VITE_API_URL: 'http://127.0.0.1:9', VITE_IP_LOOKUP_URL: 'http://127.0.0.1:9/ip' },
  demo: { VITE_API_URL: '', VITE_IP_LOOKUP_URL: '' },
};

const RUNNERS = { lighthouse: runLighthouse, lcpVsStatic: runLcpVsStatic, pager: runPager };

// ---------------------------------------------------------------------------------------------------------

async function runLighthouse(step, { baseUrl }) {
  const url = new URL(step.path, baseUrl).href;
  const preset = step.preset ?? 'mobile';
  // A fresh browser and profile per page, so one page's cache does not speed up the next.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `${step.name}.json`);
    writeFileSync(file, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);

    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
      ]),
    );
    const metric = (id) => lhr.audits[id]?.displayValue ?? 'n/a';
    const lines = [
      '  ' + CATEGORIES.map((id) => `${id} ${scores[id] ?? 'n/a'}`).join('   '),
      `  LCP ${metric('largest-contentful-paint')}   FCP ${metric('first-contentful-paint')}   ` +
        `TBT ${metric('total-blocking-time')}   CLS ${metric('cumulative-layout-shift')}`,
    ];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      if (scores[id] === null || scores[id] >= 100) continue;
      lines.push(`  ${id} — failing audits:`);
      for (const ref of lhr.categories[id].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
        const items = audit.details?.items?.length;
        lines.push(
          `    - ${ref.id}: ${audit.title}${items ? ` (${items} item${items > 1 ? 's' : ''})` : ''}`,
        );
      }
    }
    lines.push(`  report: ${path.relative(root, file)}`);
    return {
      summary: { ...scores, LCP: metric('largest-contentful-paint'), CLS: metric('cumulative-layout-shift') },
      lines,
      label: `${step.path} (${preset})`,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * The LCP of the built page against the same HTML with its scripts removed (the best a page of that content can
 * do), measured in one run: the prerendered page should paint as fast as a static one (issue 5: ratio <= 1.2).
 */
async function runLcpVsStatic(step, { baseUrl }) {
  const source = step.path === '/' ? 'index.html' : `${step.path.replace(/^\//, '')}.html`;
  const html = readFileSync(path.join(distDir, source), 'utf8');
  const stripped = html
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const staticFile = path.join(distDir, 'bench-static.html');
  writeFileSync(staticFile, stripped);
  try {
    const page = await runLighthouse({ name: `${step.name}-page`, path: step.path }, { baseUrl });
    const bare = await runLighthouse({ name: `${step.name}-static`, path: '/bench-static' }, { baseUrl });
    const ratio = page.lcpMs / bare.lcpMs;
    return {
      summary: {
        LCP: `${(page.lcpMs / 1000).toFixed(2)} s`,
        'static LCP': `${(bare.lcpMs / 1000).toFixed(2)} s`,
        ratio: ratio.toFixed(2),
      },
      lines: [
        `  LCP with scripts ${(page.lcpMs / 1000).toFixed(2)} s, same HTML without scripts ${(bare.lcpMs / 1000).toFixed(2)} s`,
        `  ratio ${ratio.toFixed(2)} (target <= 1.2)`,
      ],
      label: `${step.path} vs its HTML without scripts (mobile)`,
    };
  } finally {
    rmSync(staticFile, { force: true });
  }
}

/**
 * Staff list: time from a click on a page number to the new rows on screen, in the demo build (120 seeded
 * bookings, the demo backend's 150 ms artificial latency included), desktop Chromium, median of 5 clicks on
 * pages not loaded before.
 */
const DEMO_LATENCY_MS = 150;

async function runPager(step, { baseUrl }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(new URL('/?mode=login', baseUrl).href);
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await dialog.getByLabel('Email').fill('admin@demo.com.br');
    await dialog.getByLabel('Senha').fill('Demo@2026');
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    // 10 rows a page gives 13 pages: each click below opens a page not loaded before (no cache help).
    await page.getByLabel('Itens por página:').selectOption('10');
    await page.getByRole('table').getByRole('row').nth(10).waitFor();
    await page.waitForTimeout(300);
    const samples = [];
    for (const target of ['2', '3', '4', '5', '6']) {
      const ms = await page.evaluate(
        (label) =>
          new Promise((resolve, reject) => {
            const table = document.querySelector('table tbody');
            const before = table?.textContent ?? '';
            const button = [...document.querySelectorAll('nav button')].find(
              (b) => b.textContent?.trim() === label,
            );
            if (!table || !button) return reject(new Error(`no page button ${label}`));
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (table.textContent !== before && !table.closest('[aria-busy="true"]')) {
                observer.disconnect();
                requestAnimationFrame(() => resolve(performance.now() - start));
              }
            });
            observer.observe(document.body, {
              subtree: true,
              childList: true,
              characterData: true,
              attributes: true,
            });
            button.click();
            setTimeout(() => reject(new Error('rows did not change in 10 s')), 10_000);
          }),
        target,
      );
      samples.push(ms);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)];
    const appTime = median - DEMO_LATENCY_MS;
    return {
      summary: { 'pager→rows': `${Math.round(median)} ms`, 'app time': `${Math.round(appTime)} ms` },
      lines: [
        `  pager click to new rows: median ${Math.round(median)} ms (samples ${samples.map(Math.round).join(', ')} ms)`,
        `  less the demo backend's ${DEMO_LATENCY_MS} ms artificial latency: ${Math.round(appTime)} ms (target < 150 ms)`,
      ],
      label: `${step.path} (desktop, demo data)`,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------------

function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address();
        server.close(() => resolve(bound));
      });
    });
  return tryPort(preferred).then((port) => port ?? tryPort(0));
}

async function waitForServer(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vite preview did not answer on ${url} within ${timeoutMs / 1000} s`);
}

function startPreview(port) {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // `node vite.js` rather than `npx vite`: then the pid we kill is the server itself, not a wrapper.
  const child = spawn(
    process.execPath,
    [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return child;
}

function stopPreview(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Serves dist/ and runs the steps against it; true if a step failed. */
async function runSteps(steps, build, results) {
  const port = await freePort(4173);
  const baseUrl = `http://127.0.0.1:${port}`;
  const preview = startPreview(port);
  const stop = () => stopPreview(preview);
  const onSignal = (signal) => {
    stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let failed = false;
  try {
    await waitForServer(baseUrl, preview);
    console.log(`Serving the ${build} build (dist/) at ${baseUrl}; Chromium: ${chromePath}`);
    for (const step of steps) {
      const started = Date.now();
      console.log(`\n== ${step.name}`);
      try {
        const result = await RUNNERS[step.kind](step, { baseUrl });
        console.log(`   ${result.label}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
        console.log(result.lines.join('\n'));
        results.push({ name: step.name, build, ...result.summary });
      } catch (error) {
        failed = true;
        console.error(`  FAILED: ${error instanceof Error ? error.message : error}`);
        results.push({ name: step.name, build, error: 'failed' });
      }
    }
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await stop();
  }
  return failed;
}

async function main() {
  const only = process.argv.slice(2);
  const steps = only.length ? STEPS.filter((step) => only.includes(step.name)) : STEPS;
  if (steps.length === 0)
    throw new Error(`no step named ${only.join(', ')}; steps: ${STEPS.map((s) => s.name).join(', ')}`);
  if (!existsSync(chromePath))
    throw new Error(`no browser at ${chromePath} (apt-get install -y chromium, or set CHROME_PATH)`);

  const results = [];
  let failed = false;
  let budget;
  for (const [build, env] of Object.entries(BUILDS)) {
    const buildSteps = steps.filter((step) => step.build === build);
    if (buildSteps.length === 0) continue;
    console.log(`\n== ${build} build (npm run build)`);
    const built = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...env },
    });
    if (built.status !== 0) throw new Error(`the ${build} build failed`);
    // The budget is measured on the first build: the production one, what visitors load, unless not built.
    if (!budget) {
      budget = { build, ...measure(distDir) };
      report(budget);
    }
    failed = (await runSteps(buildSteps, build, results)) || failed;
  }

  console.log('\nSummary');
  console.table(Object.fromEntries(results.map(({ name, ...rest }) => [name, rest])));
  console.log(
    `JS budget (${budget.build} build): ${(budget.total.gzip / 1024).toFixed(1)} KB of ${budget.budgetKb} KB gzip -> ${budget.overBudget ? 'OVER BUDGET' : 'ok'}`,
  );
  return budget.overBudget || failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
