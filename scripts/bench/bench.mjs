// @ts-check
// Measures the built app: the JS budget, Lighthouse (phone) scores on the public pages, LCP and INP with
// throttling applied in the browser, and the staff pager.
//   npm run bench                           all steps; builds what each step needs
//   node scripts/bench/bench.mjs vitals           only the named steps (lighthouse, vitals, staff-pager, server, relay)
//   BENCH_RUNS=7 npm run bench              more runs for the medians of the vitals (default 5)
//   BENCH_LOAD_CUSTOMERS=200 BENCH_LOAD_S=10  the server step's load: customers reading their own records at once
//   BENCH_BOOKINGS=1000000 node scripts/bench/bench.mjs server   the server step at a million bookings (default 100,000;
//                                           BENCH_CUSTOMERS defaults to half of it); opt-in, long, never in npm test
//   BENCH_EXPORT=0 / BENCH_EXPORT_RUNS=1     the server step without the CSV exports / with each read once (default 2)
//   BENCH_RELAY_CUSTOMERS=100 BENCH_RELAY_STAFF=3 BENCH_RELAY_S=10 node scripts/bench/bench.mjs relay   a small opening
//                                           minute (default 1,000 customers, 10 staff, 60 s; scripts/bench/bench-relay.mjs)
//   BENCH_PORT=4280 npm run bench           the static server's port (Lighthouse's Chromium gets the next one);
//                                           by default the system picks free ones
// The public pages are measured as visitors get them: a production build (no demo code; signed out they call no
// API), served gzipped by scripts/backend/serve.mjs with the README's host rules. The staff pager needs the demo build's
// seeded data. The bench runs `npm run build` for each build it needs and leaves dist/ holding the demo build
// (what `npm run dev` users and the demo browser tests expect). Runs Debian's Chromium (CHROME_PATH overrides
// /usr/bin/chromium), prints scores and metrics, and saves each Lighthouse JSON report under .lighthouse/.
// Lighthouse's own LCP is simulated from one trace and swings between runs; the vitals step is the one to read
// for LCP and INP (scripts/bench/vitals.mjs).
// Exit code: 1 if the JS budget is exceeded or a step could not run; scores and vitals off target are
// reported, not fatal (a busy machine moves them).
/* global document, MutationObserver, requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { measure, measurePages, OTHER_PATH, publicPages, report, reportPages } from './budget.mjs';
import { build } from '../build/build.mjs';
import { spawnSync } from 'node:child_process';
import { benchServer, loadComparison, printServerTable } from './bench-server.mjs';
import { chromePath, chromiumArgs } from '../test/chromium.mjs';
import { THROTTLING_LABEL } from './page-load.mjs';
import { serve } from '../backend/serve.mjs';
import { measureVitals, reportVitals, rewriteForVitals, summarize, TAPS, TARGETS } from './vitals.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const distDir = path.join(root, 'dist');
const outDir = path.join(root, '.lighthouse');
const chromeFlags = ['--headless=new', ...chromiumArgs];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const benchPort = Number(process.env.BENCH_PORT ?? 0);
const runs = Number(process.env.BENCH_RUNS ?? 5);

/**
 * @typedef {object} Step
 * @property {string} name
 * @property {'lighthouse' | 'vitals' | 'pager'} kind
 * @property {'production' | 'demo'} build
 * @property {string} [path]
 */
/** @typedef {{ name: string } & Record<string, unknown>} ResultRow a row of the closing summary */
/**
 * What a step prints (`lines`) and adds to the summary: its `rows`, or one row of its `summary`.
 * @typedef {{ label: string, lines: string[], rows?: ResultRow[], summary?: Record<string, unknown> }} StepResult
 */
/** @typedef {(step: Step, options: { baseUrl: string }) => Promise<StepResult>} Runner */

/**
 * What to measure, in order; `kind` picks the runner below.
 * @type {Step[]}
 */
const STEPS = [
  { name: 'lighthouse', kind: 'lighthouse', build: 'production' },
  { name: 'vitals', kind: 'vitals', build: 'production' },
  { name: 'staff-pager', kind: 'pager', path: '/dashboard', build: 'demo' },
];

/** @type {Record<Step['kind'], Runner>} */
const RUNNERS = { lighthouse: runLighthouseOnPages, vitals: runVitals, pager: runPager };

/** The pages search engines are given (the prerender's sitemap): Lighthouse's SEO score expects them indexable. */
function indexablePaths() {
  const sitemap = readFileSync(path.join(distDir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
}

// ---------------------------------------------------------------------------------------------------------

/** @type {Runner} */
async function runLighthouseOnPages(_step, { baseUrl }) {
  /** @type {string[]} */
  const lines = [];
  /** @type {ResultRow[]} */
  const rows = [];
  for (const pagePath of indexablePaths()) {
    const name = pagePath === '/' ? 'home' : pagePath.replace(/^\//, '').replace(/\//g, '-');
    const result = await runLighthouse({ name, path: pagePath }, { baseUrl });
    lines.push(`  ${result.label}`, ...result.lines.map((line) => `  ${line}`));
    rows.push({ name: `lighthouse ${pagePath}`, ...result.summary });
  }
  return { rows, lines, label: 'Lighthouse, phone profile (simulated slow 4G)' };
}

/**
 * @param {{ name: string, path: string, preset?: 'mobile' | 'desktop' }} step
 * @param {{ baseUrl: string }} options
 */
async function runLighthouse(step, { baseUrl }) {
  const url = new URL(step.path, baseUrl).href;
  const preset = step.preset ?? 'mobile';
  // A fresh browser and profile per page, so one page's cache does not speed up the next.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags,
    logLevel: 'silent',
    ...(benchPort ? { port: benchPort + 1 } : {}),
  });
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
      CATEGORIES.map((id) => {
        const score = lhr.categories[id]?.score;
        return [id, score == null ? null : Math.round(score * 100)];
      }),
    );
    const metric = (/** @type {string} */ id) => lhr.audits[id]?.displayValue ?? 'n/a';
    const lines = [
      '  ' + CATEGORIES.map((id) => `${id} ${scores[id] ?? 'n/a'}`).join('   '),
      `  LCP ${metric('largest-contentful-paint')}   FCP ${metric('first-contentful-paint')}   ` +
        `TBT ${metric('total-blocking-time')}   CLS ${metric('cumulative-layout-shift')}`,
    ];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const score = scores[id];
      if (score == null || score >= 100) continue;
      lines.push(`  ${id} — failing audits:`);
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
        const details = audit.details;
        const items = details && 'items' in details ? details.items.length : 0;
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
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * LCP (against the page without scripts) and INP of every prerendered public page, throttled in the browser.
 * @type {Runner}
 */
async function runVitals(_step, { baseUrl }) {
  const pages = publicPages(distDir).filter((page) => page.path !== OTHER_PATH);
  console.log(`  ${THROTTLING_LABEL}; median of ${runs} runs`);
  const results = await measureVitals({ baseUrl, pages, runs, log: console.log });
  vitals = results;
  const rows = results.map((result) => {
    const { lcp, bare, ratio, inp } = summarize(result);
    return {
      name: `vitals ${result.path}`,
      LCP: `${(lcp / 1000).toFixed(2)} s`,
      'no-script LCP': `${(bare / 1000).toFixed(2)} s`,
      ratio: ratio.toFixed(2),
      ...Object.fromEntries(Object.entries(inp).map(([tap, ms]) => [`INP ${tap}`, `${Math.round(ms)} ms`])),
    };
  });
  return { rows, lines: reportVitals(results), label: 'LCP and INP, throttling applied in the browser' };
}

/**
 * Staff list: time from a click on a page number to the new rows on screen, in the demo build (120 seeded
 * bookings, the demo backend's 150 ms artificial latency included), desktop Chromium, median of 5 clicks on
 * pages not loaded before.
 */
const DEMO_LATENCY_MS = 150;

/** @type {Runner} */
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
          /** @type {Promise<number>} */ (
            new Promise((resolve, reject) => {
              const table = document.querySelector('table tbody');
              const before = table?.textContent ?? '';
              const buttons = /** @type {HTMLButtonElement[]} */ ([
                ...document.querySelectorAll('nav button'),
              ]);
              const button = buttons.find((b) => b.textContent?.trim() === label);
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
            })
          ),
        target,
      );
      samples.push(ms);
    }
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)] ?? NaN;
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

/**
 * Serves dist/ and runs the steps against it; true if a step failed.
 * @param {Step[]} steps
 * @param {Step['build']} build
 * @param {ResultRow[]} results the summary's rows, added to
 */
async function runSteps(steps, build, results) {
  const server = await serve(distDir, { port: benchPort, rewriteHtml: rewriteForVitals });
  const onSignal = (/** @type {NodeJS.Signals} */ signal) => {
    server.close().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let failed = false;
  try {
    console.log(`Serving the ${build} build (dist/) gzipped at ${server.url}; Chromium: ${chromePath}`);
    for (const step of steps) {
      const started = Date.now();
      console.log(`\n== ${step.name}`);
      try {
        const result = await RUNNERS[step.kind](step, { baseUrl: server.url });
        console.log(`   ${result.label}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
        console.log(result.lines.join('\n'));
        for (const { name, ...row } of result.rows ?? [{ name: step.name, ...result.summary }]) {
          results.push({ name, build, ...row });
        }
      } catch (error) {
        failed = true;
        console.error(`  FAILED: ${error instanceof Error ? error.message : error}`);
        results.push({ name: step.name, build, error: 'failed' });
      }
    }
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await server.close();
  }
  return failed;
}

/**
 * The closing table: per public page, its JS before any interaction, LCP against the scriptless page, INP.
 * @param {Awaited<ReturnType<typeof measurePages>>} [budget]
 */
function perPageTable(budget) {
  /** @type {Record<string, Record<string, string>>} */
  const table = {};
  for (const page of budget?.pages ?? []) table[page.label] = { 'JS KB': (page.gzip / 1024).toFixed(1) };
  for (const result of vitals ?? []) {
    const { lcp, bare, ratio, inp, ok } = summarize(result);
    table[result.label] = {
      ...table[result.label],
      LCP: `${(lcp / 1000).toFixed(2)} s`,
      'no-script LCP': `${(bare / 1000).toFixed(2)} s`,
      ratio: ratio.toFixed(2),
      ...Object.fromEntries(
        TAPS.map(({ name }) => {
          const ms = inp[name];
          return [`INP ${name}`, ms === undefined ? '' : `${Math.round(ms)} ms`];
        }),
      ),
      targets: ok ? 'met' : 'MISSED',
    };
  }
  return table;
}

/** @type {import('./vitals.mjs').PageVitals[] | undefined} */
let vitals;

// Other work on the 2 cores moves every figure: the load average is printed beside them.
const loadText = (/** @type {number[]} */ load) => load.map((n) => n.toFixed(2)).join(' / ');
const machineLoad = (/** @type {string} */ text) =>
  `machine: ${cpus().length} cores, load average (1 / 5 / 15 min) ${text}`;

async function main() {
  const only = process.argv.slice(2);
  const steps = only.length ? STEPS.filter((step) => only.includes(step.name)) : STEPS;
  if (steps.length === 0 && !only.includes('server') && !only.includes('relay'))
    throw new Error(`no step named ${only.join(', ')}; steps: ${STEPS.map((s) => s.name).join(', ')}`);
  if (!existsSync(chromePath))
    throw new Error(`no browser at ${chromePath} (apt-get install -y chromium, or set CHROME_PATH)`);

  /** @type {ResultRow[]} */
  const results = [];
  let failed = false;
  let budget;
  // Production first, demo last, so dist/ ends as the demo build.
  for (const kind of /** @type {const} */ (['production', 'demo'])) {
    const buildSteps = steps.filter((step) => step.build === kind);
    if (buildSteps.length === 0) continue;
    console.log(`\n== ${kind} build (npm run build)`);
    build(kind);
    if (kind === 'production') {
      const staticGraph = measure(distDir);
      report(staticGraph);
      budget = await measurePages(distDir, { port: benchPort });
      reportPages(budget, staticGraph);
    }
    failed = (await runSteps(buildSteps, kind, results)) || failed;
  }

  console.log('\nSummary');
  console.table(Object.fromEntries(results.map(({ name, ...rest }) => [name, rest])));
  if (budget) {
    console.log(
      `\nPublic pages (production build): JS before any interaction (budget ${budget.budgetKb} KB gzip)` +
        (vitals
          ? `; LCP and INP, ${THROTTLING_LABEL}, median of ${runs} runs (targets: ratio <= ${TARGETS.lcpRatio}, INP < ${TARGETS.inpMs} ms)`
          : ''),
    );
    console.table(perPageTable(budget));
    console.log(machineLoad(`${loadText(loadavg())} at the end of these steps`));
    const heaviest = Math.max(...budget.pages.map((page) => page.gzip));
    console.log(
      `JS budget (heaviest page): ${(heaviest / 1024).toFixed(1)} KB of ${budget.budgetKb} KB gzip -> ${budget.overBudget ? 'OVER BUDGET' : 'ok'}`,
    );
  }
  if (!only.length || only.includes('server')) {
    // BENCH_BOOKINGS=1000000 for the million-booking run (issue 30): opt-in, never part of `npm test`.
    const bookings = Number(process.env.BENCH_BOOKINGS ?? 100_000);
    const customers = Number(process.env.BENCH_CUSTOMERS ?? Math.max(1, Math.round(bookings / 2)));
    console.log(
      `\n== the real server at scale: PocketBase with the kit, ${customers.toLocaleString('en')} customers, ` +
        `${bookings.toLocaleString('en')} bookings`,
    );
    const loadBefore = loadavg();
    const rows = await benchServer({
      customers,
      bookings,
      loadCustomers: Number(process.env.BENCH_LOAD_CUSTOMERS ?? 200),
      loadSeconds: Number(process.env.BENCH_LOAD_S ?? 10),
    });
    console.log(printServerTable(rows));
    console.log(loadComparison(rows));
    console.log(machineLoad(`${loadText(loadBefore)} before the server step, ${loadText(loadavg())} after`));
  }
  let relayFailed = false;
  if (!only.length || only.includes('relay')) {
    // The opening minute (issue 30, item 2): its own real server, 1,000 customers on standby, 10 staff asking for
    // codes for 60 s (scripts/bench/bench-relay.mjs; its BENCH_RELAY_* knobs pass through).
    console.log('\n== the opening minute on the real server (the booking-day relay)');
    const loadBefore = loadavg();
    relayFailed = spawnSync('node', ['scripts/bench/bench-relay.mjs'], { stdio: 'inherit' }).status !== 0;
    console.log(machineLoad(`${loadText(loadBefore)} before the relay step, ${loadText(loadavg())} after`));
  }
  return budget?.overBudget || failed || relayFailed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    if (error instanceof Error && error.cause) console.error('cause:', error.cause);
    if (error instanceof Error && error.stack) console.error(error.stack);
    process.exit(1);
  },
);
