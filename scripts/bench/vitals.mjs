// @ts-check
// LCP and INP of the public pages with throttling applied in the browser (scripts/bench/page-load.mjs: Lighthouse's
// phone, slow 4G, 4x CPU), each the median of several runs. Every load with the app's scripts is paired with a
// load of the same page without any script just before it, so both see the same machine; the LCP ratio
// (with / without) says what the scripts cost the first paint of content. INP: one tap a load, after the page
// has settled (hydrated, network idle): on 'Contratar', on the header's account menu ('Login' signed out),
// on an FAQ question; each page gets the taps it has.
/* global window, requestIdleCallback -- used inside page.evaluate, which runs in the browser */
import { chromePath, chromiumArgs } from '../test/chromium.mjs';
import { PHONE, throttle, waitForQuiet } from './page-load.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {{ name: string, locate: (page: Page) => import('playwright-core').Locator }} Tap */
/**
 * A page's measures, in milliseconds: its LCPs with and without scripts, and each tap's INPs.
 * @typedef {{ path: string, label: string, lcp: number[], lcpNoScripts: number[], inp: Record<string, number[]> }} PageVitals
 */
/**
 * The page's globals while a tap is measured (Event Timing's `interactionId` is not in TypeScript's DOM types).
 * @typedef {typeof window & { __interactions: number[] }} VitalsWindow
 */

/** The query that makes scripts/backend/serve.mjs answer a page without its scripts (`withoutScripts`). */
export const NO_SCRIPTS = 'scripts=none';

/**
 * The page's HTML minus everything that would run: scripts (JSON-LD data stays) and module preloads.
 * @param {string} html
 */
export function withoutScripts(html) {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>\s*/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/gi, '');
}

/** For serve()'s rewriteHtml: the scriptless page when the URL asks for it. */
/** @type {(html: string, url: URL) => string} */
export const rewriteForVitals = (html, url) =>
  url.search.includes(NO_SCRIPTS) ? withoutScripts(html) : html;

export const TARGETS = { lcpRatio: 1.0, inpMs: 50 };

/**
 * The taps, by what a visitor sees; a page without the element has no such tap.
 * @type {Tap[]}
 */
export const TAPS = [
  { name: 'Contratar', locate: (page) => page.getByRole('button', { name: 'Contratar' }) },
  {
    name: 'menu',
    locate: (page) => page.getByRole('navigation', { name: 'Conta' }).getByRole('button').first(),
  },
  { name: 'FAQ', locate: (page) => page.locator('#conteudo details > summary').first() },
];

/** NaN for none. */
const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => sorted[i] ?? NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/**
 * Loads `url` throttled in a fresh context (empty cache) and waits until it has settled; returns its LCP.
 * @param {Browser} browser
 * @param {string} url
 */
async function load(browser, url) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await throttle(page);
  const quiet = waitForQuiet(page);
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await quiet;
  // The main thread is idle too (hydration has finished) before anything is read or tapped.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
  const lcp = await page.evaluate(
    () =>
      /** @type {Promise<number>} */ (
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? NaN);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(NaN), 1000);
        })
      ),
  );
  return { context, page, lcp };
}

/**
 * The interaction's latency as INP counts it: the longest event of the tap (pointerdown to click), from the
 * input to the next paint. Event Timing reports it after that paint; observed before the tap.
 * @param {Page} page
 * @param {Tap} tap
 */
async function tapLatency(page, tap) {
  const target = tap.locate(page);
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const w = /** @type {VitalsWindow} */ (window);
    w.__interactions = [];
    /** @type {PerformanceObserverInit & { durationThreshold: number }} */
    const options = { type: 'event', durationThreshold: 16 };
    new PerformanceObserver((list) => {
      for (const entry of /** @type {(PerformanceEntry & { interactionId?: number })[]} */ (
        list.getEntries()
      )) {
        if (entry.interactionId) w.__interactions.push(entry.duration);
      }
    }).observe(options);
  });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
  await target.tap();
  // Entries arrive after the next paint; a throttled CPU may take a while to get there.
  await page.waitForFunction(
    () => /** @type {VitalsWindow} */ (window).__interactions.length > 0,
    undefined,
    {
      timeout: 10_000,
    },
  );
  await page.waitForTimeout(500);
  return page.evaluate(() => Math.max(.../** @type {VitalsWindow} */ (window).__interactions));
}

/**
 * Which of TAPS a page has (looked at once, on a settled load with scripts).
 * @param {Browser} browser
 * @param {string} url
 */
async function tapsOf(browser, url) {
  const { context, page } = await load(browser, url);
  try {
    /** @type {Tap[]} */
    const found = [];
    for (const tap of TAPS) if ((await tap.locate(page).count()) > 0) found.push(tap);
    return found;
  } finally {
    await context.close();
  }
}

/**
 * Measures each page `runs` times per tap (at least once with no tap for a page that has none).
 * @param {{ baseUrl: string, pages: { path: string, label: string }[], runs?: number, log?: (line: string) => void }} options
 * @returns {Promise<PageVitals[]>}
 */
export async function measureVitals({ baseUrl, pages, runs = 5, log = () => undefined }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  try {
    /** @type {PageVitals[]} */
    const results = [];
    for (const { path, label } of pages) {
      const url = new URL(path, baseUrl);
      const bare = new URL(url);
      bare.search = NO_SCRIPTS;
      const taps = await tapsOf(browser, url.href);
      /** @type {PageVitals} */
      const result = { path, label, lcp: [], lcpNoScripts: [], inp: {} };
      for (const tap of taps) result.inp[tap.name] = [];
      // Round-robin over the taps, so each tap's runs spread over the whole measurement.
      const plan = Array.from({ length: runs }, () => (taps.length ? taps : [undefined])).flat();
      for (const tap of plan) {
        const without = await load(browser, bare.href);
        result.lcpNoScripts.push(without.lcp);
        await without.context.close();
        const withScripts = await load(browser, url.href);
        try {
          result.lcp.push(withScripts.lcp);
          if (tap) result.inp[tap.name]?.push(await tapLatency(withScripts.page, tap));
        } finally {
          await withScripts.context.close();
        }
      }
      log(`  ${label}: ${plan.length} loads with scripts, ${plan.length} without`);
      results.push(result);
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * One summary row a page: medians, the LCP ratio and whether the targets are met.
 * @param {PageVitals} result
 */
export function summarize(result) {
  const lcp = median(result.lcp);
  const bare = median(result.lcpNoScripts);
  const inp = Object.fromEntries(Object.entries(result.inp).map(([tap, values]) => [tap, median(values)]));
  return {
    lcp,
    bare,
    ratio: lcp / bare,
    inp,
    ok: lcp / bare <= TARGETS.lcpRatio && Object.values(inp).every((ms) => ms < TARGETS.inpMs),
  };
}

/**
 * Report lines for `measureVitals()`.
 * @param {PageVitals[]} results
 */
export function reportVitals(results) {
  const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [];
  for (const result of results) {
    const { lcp, bare, ratio, inp } = summarize(result);
    lines.push(
      `  ${result.label}`,
      `    LCP ${s(lcp)} with scripts, ${s(bare)} without: ratio ${ratio.toFixed(2)} (target <= ${TARGETS.lcpRatio})` +
        `  [with: ${result.lcp.map((v) => Math.round(v)).join(', ')} ms; without: ${result.lcpNoScripts
          .map((v) => Math.round(v))
          .join(', ')} ms]`,
    );
    for (const [tap, ms] of Object.entries(inp)) {
      lines.push(
        `    INP tap on ${tap}: ${Math.round(ms)} ms (target < ${TARGETS.inpMs})` +
          `  [${(result.inp[tap] ?? []).map((v) => Math.round(v)).join(', ')} ms]`,
      );
    }
  }
  return lines;
}
