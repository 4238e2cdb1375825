// JavaScript budget of the home page: `node scripts/budget.mjs [distDir]` after `npm run build:demo`.
// Counts the JS a visitor downloads before any interaction: every <script type="module" src> and
// <link rel="modulepreload" href> in dist/index.html, plus everything those chunks import statically
// (dynamic `import()` chunks load later and are listed apart as lazy chunks). Sizes are gzip level 9.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_KB = 120;
const KB = 1024;

/** `import{a as b}from"./x.js"`, `import*as c from"./x.js"`, `import"./x.js"`, `export{d}from"./x.js"`,
 *  `export*from"./x.js"`. Never `import("./x.js")` (dynamic) nor `import.meta`: after `import` comes `(` or `.`. */
const STATIC_IMPORT =
  /(?:^|[^\w$.])(?:import\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*(?:from\s*)?|export\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*)(["'])([^"'\n]+)\1/g;

const tagPattern = (tag) => new RegExp(`<${tag}\\b[^>]*>`, 'gi');
const attr = (tagText, name) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tagText);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
};
const hasBooleanAttr = (tagText, name) => new RegExp(`\\s${name}(?:[\\s>=/]|$)`, 'i').test(tagText);

/** Maps a URL from index.html (`/assets/x.js`, `./assets/x.js`, `/base/assets/x.js`) to a file in dist. */
function resolveFromHtml(distDir, url) {
  if (/^(?:[a-z]+:)?\/\//i.test(url)) return undefined; // another origin: not ours to measure
  const clean = url.split(/[?#]/)[0];
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

/** The entry JS of index.html, in document order. */
export function entryScripts(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
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
  const files = [];
  for (const url of urls) {
    const file = resolveFromHtml(distDir, url);
    if (!file) throw new Error(`index.html references ${url}, which is not in ${distDir}`);
    if (!files.includes(file)) files.push(file);
  }
  return files;
}

/** The stylesheets index.html links (reported for information; not part of the JS budget). */
function entryStyles(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [];
  for (const [tag] of html.matchAll(tagPattern('link'))) {
    const rel = (attr(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attr(tag, 'href');
    const file = href && rel.includes('stylesheet') ? resolveFromHtml(distDir, href) : undefined;
    if (file && !files.includes(file)) files.push(file);
  }
  return files;
}

/** Relative specifiers a built chunk imports statically, resolved to files that exist. */
export function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  const found = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const specifier = match[2];
    if (!specifier.startsWith('./') && !specifier.startsWith('../') && !specifier.startsWith('/')) continue;
    const target = specifier.startsWith('/')
      ? undefined // absolute URL specifiers do not appear in Vite chunks; ignore rather than guess
      : path.resolve(path.dirname(file), specifier.split(/[?#]/)[0]);
    if (target && existsSync(target) && !found.includes(target)) found.push(target);
  }
  return found;
}

function sizeOf(distDir, file) {
  const bytes = readFileSync(file);
  return {
    file: path.relative(distDir, file).split(path.sep).join('/'),
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
  };
}

function listJs(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);

/**
 * Measures the built app in `distDir`.
 * @returns {{ distDir: string, initial: Row[], lazy: Row[], css: Row[], total: { raw: number, gzip: number },
 *   budgetKb: number, overBudget: boolean }} sizes in bytes; Row = { file, raw, gzip }
 */
export function measure(distDir = 'dist', budgetKb = BUDGET_KB) {
  const dir = path.resolve(distDir);
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${path.join(dir, 'index.html')} is missing: run \`npm run build:demo\` first`);
  }
  // Breadth-first from the entries, following static imports only.
  const queue = entryScripts(dir);
  const seen = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    for (const next of staticImports(queue[i])) {
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
  return { distDir: dir, initial, lazy, css, total, budgetKb, overBudget: total.gzip > budgetKb * KB };
}

const shortPath = (dir) => {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') ? relative : dir;
};
const kb = (bytes) => (bytes / KB).toFixed(1);

function table(rows, totalLabel) {
  const width = Math.max(24, ...rows.map((row) => row.file.length), totalLabel ? totalLabel.length : 0);
  const line = (file, raw, gzip) => `  ${file.padEnd(width)}  ${raw.padStart(9)}  ${gzip.padStart(9)}`;
  const out = [line('file', 'raw KB', 'gzip KB'), line('-'.repeat(width), '-'.repeat(9), '-'.repeat(9))];
  for (const row of rows) out.push(line(row.file, kb(row.raw), kb(row.gzip)));
  if (totalLabel) out.push(line(totalLabel, kb(sum(rows, 'raw')), kb(sum(rows, 'gzip'))));
  return out.join('\n');
}

/** Prints the report of `measure()`; returns it as text too. */
export function report(result, log = console.log) {
  const lines = [
    `JS loaded by the home page before any interaction (${shortPath(result.distDir)}; KB = 1024 bytes, gzip -9):`,
    table(result.initial, 'total'),
    '',
    `Budget: ${kb(result.total.gzip)} KB of ${result.budgetKb} KB gzip -> ${result.overBudget ? 'OVER BUDGET' : 'ok'}`,
  ];
  if (result.css.length)
    lines.push('', 'CSS linked by index.html (not counted in the JS budget):', table(result.css));
  lines.push('', `Lazy chunks (loaded on demand, not counted): ${result.lazy.length}`);
  if (result.lazy.length) lines.push(table(result.lazy, 'total lazy'));
  const text = lines.join('\n');
  log(text);
  return text;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const distDir = process.argv[2] ?? path.join(root, 'dist');
  try {
    const result = measure(distDir);
    report(result);
    process.exit(result.overBudget ? 1 : 0);
  } catch (error) {
    console.error(`budget: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
