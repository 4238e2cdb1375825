// @ts-check
// JavaScript budget of the public pages: what a visitor's browser downloads before any interaction.
//   npm run budget                     builds for production (no demo code) into dist/, then measures it
//   node scripts/bench/budget.mjs <distDir>  measures a build that is already there
// Serves the build gzipped as a real host would (scripts/backend/serve.mjs), opens every public page in Chromium on a
// phone viewport with an empty cache, waits for the network to go idle and a second more, and sums the gzipped
// bytes of every JavaScript response: so a chunk imported on idle, without any interaction, counts. The public
// pages are the ones the prerender wrote (their `data-prerendered` root), plus any other path (the index.html
// fallback). Exit code 1 if a page is over the budget.
// The static import graph of index.html is printed first, as a breakdown by chunk (with the lazy chunks).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from '../build/build.mjs';
import { chromePath, chromiumArgs } from '../test/chromium.mjs';
import { PHONE, waitForQuiet } from './page-load.mjs';
import { serve } from '../backend/serve.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {{ file: string, raw: number, gzip: number }} Row a file's sizes in bytes (its path relative to dist) */
/**
 * @typedef {object} StaticGraph what `measure()` finds
 * @property {string} distDir
 * @property {Row[]} initial
 * @property {Row[]} lazy
 * @property {Row[]} css
 * @property {{ raw: number, gzip: number }} total
 */
/**
 * A JavaScript response: `gzip` = bytes of the body as sent (gzipped by the server; a response that was not
 * compressed is gzipped here, level 9).
 * @typedef {{ file: string, gzip: number, encoded: boolean }} JsRequest
 */
/** @typedef {{ path: string, label: string, requests: JsRequest[], gzip: number, overBudget: boolean }} PageResult */

export const BUDGET_KB = 80;
const KB = 1024;

/** `import{a as b}from"./x.js"`, `import*as c from"./x.js"`, `import"./x.js"`, `export{d}from"./x.js"`,
 *  `export*from"./x.js"`. Never `import("./x.js")` (dynamic) nor `import.meta`: after `import` comes `(` or `.`. */
const STATIC_IMPORT =
  /(?:^|[^\w$.])(?:import\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?|export\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*)(["'])([^"'\n]+)\1/g;

const tagPattern = (/** @type {string} */ tag) => new RegExp(`<${tag}\\b[^>]*>`, 'gi');
/** @type {(tagText: string, name: string) => string | undefined} */
const attr = (tagText, name) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tagText);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
};
/** @type {(tagText: string, name: string) => boolean} */
const hasBooleanAttr = (tagText, name) => new RegExp(`\\s${name}(?:[\\s>=/]|$)`, 'i').test(tagText);

/**
 * Maps a URL from index.html (`/assets/x.js`, `./assets/x.js`, `/base/assets/x.js`) to a file in dist.
 * @param {string} distDir
 * @param {string} url
 */
function resolveFromHtml(distDir, url) {
  if (/^(?:[a-z]+:)?\/\//i.test(url)) return undefined; // another origin: not ours to measure
  const clean = url.split(/[?#]/)[0] ?? '';
  const direct = path.join(distDir, clean.replace(/^\.?\//, ''));
  if (existsSync(direct)) return direct;
  // A non-root `base`: drop leading segments until the rest exists in dist.
  const parts = clean.split('/').filter(Boolean);
  for (let i = 1; i < parts.length; i++) {
    const candidate = path.join(distDir, ...parts.slice(i));
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The entry JS of index.html, in document order.
 * @param {string} distDir
 */
export function entryScripts(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  /** @type {string[]} */
  const urls = [];
  for (const [tag] of html.matchAll(tagPattern('script'))) {
    // The prerendered pages start the app from an inline boot script after the first paint (prerender.mjs).
    const bootEntry = attr(tag, 'data-entry');
    if (bootEntry) {
      urls.push(bootEntry, ...(attr(tag, 'data-preload') ?? '').split(/\s+/).filter(Boolean));
      continue;
    }
    const src = attr(tag, 'src');
    if (src && (attr(tag, 'type') ?? '').toLowerCase() === 'module') urls.push(src);
    else if (src && !hasBooleanAttr(tag, 'nomodule')) urls.push(src); // a classic script also loads up front
  }
  for (const [tag] of html.matchAll(tagPattern('link'))) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    if (href && rel.includes('modulepreload')) urls.push(href);
  }
  /** @type {string[]} */
  const files = [];
  for (const url of urls) {
    const file = resolveFromHtml(distDir, url);
    if (!file) throw new Error(`index.html references ${url}, which is not in ${distDir}`);
    if (!files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * The stylesheets index.html links (reported for information; not part of the JS budget).
 * @param {string} distDir
 */
function entryStyles(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  /** @type {string[]} */
  const files = [];
  for (const [tag] of html.matchAll(tagPattern('link'))) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    const file = href && rel.includes('stylesheet') ? resolveFromHtml(distDir, href) : undefined;
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * Relative specifiers a built chunk imports statically, resolved to files that exist.
 * @param {string} file
 */
export function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  /** @type {string[]} */
  const found = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const specifier = match[2] ?? '';
    if (!specifier.startsWith('./') && !specifier.startsWith('../') && !specifier.startsWith('/')) continue;
    const target = specifier.startsWith('/')
      ? undefined // absolute URL specifiers do not appear in Vite chunks; ignore rather than guess
      : path.resolve(path.dirname(file), specifier.split(/[?#]/)[0] ?? '');
    if (target && existsSync(target) && !found.includes(target)) found.push(target);
  }
  return found;
}

/**
 * @param {string} distDir
 * @param {string} file
 * @returns {Row}
 */
function sizeOf(distDir, file) {
  const bytes = readFileSync(file);
  return {
    file: path.relative(distDir, file).split(path.sep).join('/'),
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
  };
}

/** @param {string} dir */
function listJs(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** @type {<K extends string>(rows: Record<K, number>[], key: K) => number} */
const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);

/**
 * The static import graph of index.html in `distDir`: a breakdown, not the budget (a chunk imported on idle or
 * by an effect is not in it; measurePages counts what the browser really fetches).
 * @returns {StaticGraph}
 */
export function measure(distDir = 'dist') {
  const dir = path.resolve(distDir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${path.join(dir, 'index.html')} is missing: run \`npm run build:demo\` first`);
  }
  // Breadth-first from the entries, following static imports only.
  const queue = entryScripts(dir);
  const seen = new Set(queue);
  for (const file of queue) {
    for (const next of staticImports(file)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const initial = queue.map((file) => sizeOf(dir, file));
  const lazy = listJs(path.join(dir, 'assets'))
    .filter((file) => !seen.has(file))
    .map((file) => sizeOf(dir, file))
    .sort((a, b) => b.gzip - a.gzip);
  const css = entryStyles(dir).map((file) => sizeOf(dir, file));
  const total = { raw: sum(initial, 'raw'), gzip: sum(initial, 'gzip') };
  return { distDir: dir, initial, lazy, css, total };
}

const shortPath = (/** @type {string} */ dir) => {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') ? relative : dir;
};
const kb = (/** @type {number} */ bytes) => (bytes / KB).toFixed(1);

/**
 * @param {Row[]} rows
 * @param {string} [totalLabel]
 */
function table(rows, totalLabel) {
  const width = Math.max(24, ...rows.map((row) => row.file.length), totalLabel ? totalLabel.length : 0);
  /** @type {(file: string, raw: string, gzip: string) => string} */
  const line = (file, raw, gzip) => `  ${file.padEnd(width)}  ${raw.padStart(9)}  ${gzip.padStart(9)}`;
  const out = [line('file', 'raw KB', 'gzip KB'), line('-'.repeat(width), '-'.repeat(9), '-'.repeat(9))];
  for (const row of rows) out.push(line(row.file, kb(row.raw), kb(row.gzip)));
  if (totalLabel) out.push(line(totalLabel, kb(sum(rows, 'raw')), kb(sum(rows, 'gzip'))));
  return out.join('\n');
}

/**
 * Prints the breakdown of `measure()`; returns it as text too.
 * @param {StaticGraph} result
 * @param {(text: string) => void} [log]
 */
export function report(result, log = console.log) {
  const lines = [
    `Static import graph of index.html (${shortPath(result.distDir)}; KB = 1024 bytes, gzip -9):`,
    table(result.initial, 'total'),
  ];
  if (result.css.length)
    lines.push('', 'CSS linked by index.html (not counted in the JS budget):', table(result.css));
  lines.push('', `Chunks outside that graph (dynamic imports): ${result.lazy.length}`);
  if (result.lazy.length) lines.push(table(result.lazy, 'total'));
  const text = lines.join('\n');
  log(text);
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// What the browser downloads.

/** Stands for every path that is not a prerendered page: the host serves index.html and the app renders it. */
export const OTHER_PATH = '/pagina-que-nao-existe';

/**
 * The public pages of a build: every HTML file the prerender wrote (its root carries `data-prerendered="/path"`,
 * scripts/build/prerender.mjs), home first, then any other path. A page added to the prerender is measured with no
 * change here.
 * @param {string} distDir
 * @returns {{ path: string, label: string }[]}
 */
export function publicPages(distDir) {
  const dir = path.resolve(distDir);
  const found = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .flatMap((entry) => {
      const html = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      return /\sdata-prerendered="([^"]+)"/.exec(html)?.[1] ?? [];
    });
  if (!found.includes('/'))
    throw new Error(`no prerendered home page in ${dir}: run \`npm run build\` first`);
  const paths = ['/', ...[...new Set(found)].filter((p) => p !== '/').sort()];
  return [...paths.map((p) => ({ path: p, label: p })), { path: OTHER_PATH, label: 'any other path' }];
}

const isJs = (/** @type {import('playwright-core').Response} */ response) =>
  /\bjavascript\b|\becmascript\b/i.test(response.headers()['content-type'] ?? '');

/**
 * Loads one page with an empty cache and lists the JavaScript responses it received.
 * @param {Browser} browser
 * @param {string} url
 * @param {{ settleMs?: number }} options
 * @returns {Promise<JsRequest[]>}
 */
async function loadPage(browser, url, options) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    /** @type {Promise<JsRequest | undefined>[]} */
    const pending = [];
    page.on('requestfinished', (request) => {
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response || !isJs(response)) return undefined;
          const encoded = /\bgzip\b/i.test(response.headers()['content-encoding'] ?? '');
          const gzip = encoded
            ? (await request.sizes()).responseBodySize
            : gzipSync(await response.body(), { level: 9 }).length;
          return { file: new URL(request.url()).pathname.replace(/^\//, ''), gzip, encoded };
        })(),
      );
    });
    const quiet = waitForQuiet(page, options);
    await page.goto(url, { waitUntil: 'load' });
    await quiet;
    return (await Promise.all(pending)).filter((request) => request !== undefined);
  } finally {
    await context.close();
  }
}

/**
 * Serves `distDir` gzipped and loads every page in Chromium.
 * @param {object} [options]
 * @param {{ path: string, label: string }[]} [options.pages] default: publicPages(distDir)
 * @param {number} [options.budgetKb]
 * @param {number} [options.port] 0 lets the system pick a free one (BUDGET_PORT overrides)
 * @param {number} [options.settleMs] how long the network must stay quiet after idle (1000)
 * @returns {Promise<{ budgetKb: number, overBudget: boolean, pages: PageResult[] }>}
 */
export async function measurePages(distDir = 'dist', options = {}) {
  const dir = path.resolve(distDir);
  const { pages = publicPages(dir), budgetKb = BUDGET_KB, settleMs } = options;
  const port = options.port ?? Number(process.env.BUDGET_PORT ?? 0);
  const { chromium } = await import('playwright-core');
  const server = await serve(dir, { port });
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  try {
    /** @type {PageResult[]} */
    const results = [];
    for (const page of pages) {
      const requests = await loadPage(browser, new URL(page.path, server.url).href, { settleMs });
      const gzip = sum(requests, 'gzip');
      results.push({ ...page, requests, gzip, overBudget: gzip > budgetKb * KB });
    }
    return { budgetKb, overBudget: results.some((r) => r.overBudget), pages: results };
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Prints the result of `measurePages()`, with each page's files; returns it as text too.
 * @param {Awaited<ReturnType<typeof measurePages>>} result
 * @param {StaticGraph} [staticGraph] marks the files outside it
 * @param {(text: string) => void} [log]
 */
export function reportPages(result, staticGraph, log = console.log) {
  const inGraph = new Set(staticGraph?.initial.map((row) => row.file));
  const width = Math.max(16, ...result.pages.map((p) => p.label.length));
  const lines = [
    '',
    'JavaScript a visitor downloads before any interaction (production build served gzipped, phone, empty cache,',
    `network idle + 1 s; KB = 1024 bytes of gzipped body), budget ${result.budgetKb} KB a page:`,
    `  ${'page'.padEnd(width)}  requests   gzip KB`,
    `  ${'-'.repeat(width)}  --------  --------`,
  ];
  for (const page of result.pages) {
    lines.push(
      `  ${page.label.padEnd(width)}  ${String(page.requests.length).padStart(8)}  ${kb(page.gzip).padStart(8)}` +
        (page.overBudget ? '  OVER BUDGET' : ''),
    );
  }
  // Pages that fetched the same files are listed together.
  /** @type {Map<string, PageResult[]>} */
  const groups = new Map();
  for (const page of result.pages) {
    const key = page.requests.map((r) => `${r.file} ${r.gzip}`).join('\n');
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  for (const same of groups.values()) {
    const [page] = same;
    if (!page) continue;
    lines.push('', `  ${same.map((p) => p.label).join(', ')}:`);
    for (const request of page.requests) {
      const notes = [
        staticGraph && !inGraph.has(request.file) ? 'not in the static graph' : '',
        request.encoded ? '' : 'served uncompressed',
      ].filter(Boolean);
      lines.push(
        `    ${kb(request.gzip).padStart(6)}  ${request.file}${notes.length ? `  (${notes.join(', ')})` : ''}`,
      );
    }
  }
  const worst = Math.max(...result.pages.map((p) => p.gzip));
  lines.push(
    '',
    `Budget: heaviest page ${kb(worst)} KB of ${result.budgetKb} KB gzip -> ${result.overBudget ? 'OVER BUDGET' : 'ok'}`,
  );
  const text = lines.join('\n');
  log(text);
  return text;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  try {
    let distDir = process.argv[2];
    if (!distDir) {
      console.log('Building for production (npm run build, no demo code) ...');
      build('production');
      distDir = path.join(root, 'dist');
    }
    const staticGraph = measure(distDir);
    report(staticGraph);
    const result = await measurePages(distDir);
    reportPages(result, staticGraph);
    process.exit(result.overBudget ? 1 : 0);
  } catch (error) {
    console.error(`budget: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
