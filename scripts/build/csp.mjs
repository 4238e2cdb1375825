// @ts-check
// The site's Content-Security-Policy, written at build time (scripts/build/prerender.mjs) for the static hosts:
//   dist/_headers         Netlify / Cloudflare Pages
//   dist/nginx-csp.conf   an nginx `add_header` line to include in the site's `location /`
//   dist/headers.json     PocketBase serving the site from pb_public (pb_hooks/lib/site.js)
// It allows exactly what the app loads: its own files, the inline scripts the build wrote (by SHA-256 hash:
// the boot script of prerender.mjs and the ones React's prerender writes to reveal Suspense boundaries), images
// from itself and data: (the Pix QR code), frames of blob: URLs only (a case file's PDF, fetched), and API calls
// to itself and the PocketBase host (VITE_API_URL).
// Nothing else: no inline script or style but the hashed ones, no eval, no other origin, no plugins, no
// framing, no <base>, forms post only to the site. scripts/backend/serve.mjs applies `_headers` the way a host would;
// scripts/test/csp-check.mjs checks the result in Chromium.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Script types the browser runs (HTML's "JavaScript MIME type essence match", plus module); others are data. */
const EXECUTABLE_TYPE =
  /^(?:|module|(?:application|text)\/(?:java|ecma|x-java|x-ecma)script|text\/(?:javascript1\.[0-5]|jscript|livescript))$/i;

/**
 * The text of every inline script in `html` that the browser would run (JSON-LD and other data excluded).
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  const found = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1];
    if (/\ssrc\s*=/i.test(` ${attrs}`)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(` ${attrs}`);
    const value = (type ? (type[1] ?? type[2] ?? type[3] ?? '') : '').trim();
    if (EXECUTABLE_TYPE.test(value)) found.push(match[2] ?? '');
  }
  return found;
}

/** CSP source expression for a script's text: 'sha256-<base64>' of its exact UTF-8 bytes. */
export const hashSource = (/** @type {string} */ text) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The hashes of every inline executable script of every .html file under `distDir`, sorted, each once.
 * @param {string} distDir
 */
export function inlineScriptHashes(distDir) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const entry of readdirSync(distDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const html = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const script of inlineScripts(html)) hashes.add(hashSource(script));
  }
  return [...hashes].sort();
}

/**
 * The policy. `apiUrl`: the PocketBase host (VITE_API_URL), empty when the API is the site's own origin: a
 * same-origin build (`demo` false) or a demo build, whose backend is a same-origin service worker
 * (/mockServiceWorker.js, hence worker-src 'self').
 * @param {object} options
 * @param {string} [options.apiUrl]
 * @param {boolean} [options.demo]
 * @param {string[]} options.scriptHashes the inline scripts' CSP sources (hashSource)
 */
export function policy({ apiUrl, demo = !apiUrl, scriptHashes }) {
  const api = apiUrl ? new URL(apiUrl).origin : '';
  const directives = [
    ["default-src 'none'"],
    ["script-src 'self'", ...scriptHashes],
    // Tailwind's and the libraries' CSS are files; React sets inline styles through the CSSOM, which CSP allows.
    ["style-src 'self'"],
    // The case file's images (staff's review) are the API's protected files, fetched with a file token.
    ["img-src 'self' data:", ...(api ? [api] : [])],
    // The system font stack: no web fonts.
    ["connect-src 'self'", ...(api ? [api] : [])],
    ...(demo ? [["worker-src 'self'"]] : []),
    ["base-uri 'self'"],
    ["form-action 'self'"],
    ["frame-ancestors 'none'"],
    // The case file's PDFs (staff's review): fetched with a file token, shown from a blob: URL (PdfPreview).
    ['frame-src blob:'],
    ["object-src 'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** `_headers` (Netlify, Cloudflare Pages): the policy on every path. */
export const headersFile = (/** @type {string} */ csp) =>
  `# Written by scripts/build/prerender.mjs (scripts/build/csp.mjs): the inline scripts' hashes change with every build.\n` +
  `/*\n  Content-Security-Policy: ${csp}\n`;

/** nginx: `include` it where the site is served (`always`: error pages carry it too). */
export const nginxFile = (/** @type {string} */ csp) =>
  `# Written by scripts/build/prerender.mjs (scripts/build/csp.mjs): the inline scripts' hashes change with every build.\n` +
  `# include this file in the server or location block that serves dist/ (README, "Deploying the static files").\n` +
  `add_header Content-Security-Policy "${csp}" always;\n`;

/** The headers PocketBase's kit gives every HTML page it serves from pb_public (pb_hooks/lib/site.js). */
export const HEADERS_JSON = 'headers.json';

/** The files the build writes for the server, which are not part of the site: never published. */
export const HOST_FILES = ['_headers', 'nginx-csp.conf', HEADERS_JSON];

/**
 * Computes the policy for the built `distDir` and writes the three files there. Returns the policy.
 * @param {string} distDir
 * @param {{ apiUrl?: string, demo?: boolean }} options
 */
export function writeCsp(distDir, { apiUrl, demo }) {
  const csp = policy({ apiUrl, demo, scriptHashes: inlineScriptHashes(distDir) });
  writeFileSync(path.join(distDir, '_headers'), headersFile(csp));
  writeFileSync(path.join(distDir, 'nginx-csp.conf'), nginxFile(csp));
  writeFileSync(
    path.join(distDir, HEADERS_JSON),
    `${JSON.stringify({ 'Content-Security-Policy': csp }, null, 2)}\n`,
  );
  return csp;
}

/** @typedef {{ pattern: string, headers: [name: string, value: string][] }} HeaderRule a path pattern's headers */

/**
 * Reads a `_headers` file: [{ pattern, headers: [[name, value]] }] in file order. Patterns are paths where `*`
 * matches anything (a splat) and `:name` one segment, as Netlify and Cloudflare Pages read them.
 * @param {string} text
 */
export function parseHeaders(text) {
  /** @type {HeaderRule[]} */
  const rules = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon < 0) throw new Error(`_headers: a header outside a path, or no colon: ${line}`);
    rule.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/**
 * Whether a `_headers` path pattern matches a request path.
 * @param {string} pattern
 * @param {string} urlPath
 */
export function matchesPattern(pattern, urlPath) {
  const source = pattern
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`).test(urlPath);
}

/**
 * The headers `rules` give a request path; a header named by several matching rules gets their values joined.
 * @param {HeaderRule[]} rules
 * @param {string} urlPath
 */
export function headersFor(rules, urlPath) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, urlPath)) continue;
    for (const [name, value] of rule.headers) out[name] = out[name] ? `${out[name]}, ${value}` : value;
  }
  return out;
}
