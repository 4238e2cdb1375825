// @ts-check
// Serves a built dist/ the way the README asks a real host to: gzip (level 9) for text, `path` -> `path.html`,
// any other path without an extension -> index.html, hashed /assets/ cacheable for a year, HTML not cached,
// and the headers of dist/_headers (the Content-Security-Policy, scripts/build/csp.mjs) as Netlify or Cloudflare Pages
// apply them; like them, it does not publish `_headers` (nor nginx-csp.conf).
// Used by the budget, the bench and the CSP check, so they measure the bytes a visitor's browser downloads, under
// the headers it gets.
//   node scripts/backend/serve.mjs [distDir] [port]     (a port of 0, the default, lets the system pick a free one)
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { HOST_FILES, headersFor, parseHeaders } from '../build/csp.mjs';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|manifest\+json)|image\/svg\+xml)/;

const isFile = (/** @type {string} */ file) => existsSync(file) && statSync(file).isFile();
/** Host configuration written into dist/, not part of the site. */
const NOT_PUBLISHED = new Set(HOST_FILES.map((name) => `/${name}`));

/**
 * The file a request path is served from (README "Deploying the static files"), or undefined for a 404.
 * @param {string} distDir
 * @param {string} urlPath
 */
export function resolveFile(distDir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = path.join(distDir, path.normalize(decoded));
  if (!file.startsWith(distDir)) return undefined; // `..` out of dist
  if (NOT_PUBLISHED.has(path.posix.normalize(decoded))) return undefined;
  if (isFile(file)) return file;
  if (isFile(`${file}.html`)) return `${file}.html`;
  if (isFile(path.join(file, 'index.html'))) return path.join(file, 'index.html');
  // A missing asset is a 404; a missing page is the app's to render (the index.html fallback).
  return path.extname(decoded) ? undefined : path.join(distDir, 'index.html');
}

/**
 * Starts the server. `rewriteHtml(html, url)` may change an HTML answer (the bench serves a page without its
 * scripts this way).
 * @param {string} distDir
 * @param {object} [options]
 * @param {number} [options.port] 0, the default: a free one
 * @param {string} [options.host]
 * @param {(html: string, url: URL) => string} [options.rewriteHtml]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function serve(distDir, { port = 0, host = '127.0.0.1', rewriteHtml } = {}) {
  const root = path.resolve(distDir);
  /** @type {Map<string, Buffer>} */
  const cache = new Map(); // file -> gzipped bytes; dist does not change while it is served
  const headersFile = path.join(root, '_headers');
  const rules = isFile(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const file = resolveFile(root, url.pathname);
    const fromRules = headersFor(rules, url.pathname);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(file ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8', ...fromRules });
      res.end(file ? 'method not allowed' : 'not found');
      return;
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    /** @type {Buffer} */
    let body = readFileSync(file);
    let key = file;
    if (rewriteHtml && type.startsWith('text/html')) {
      const rewritten = rewriteHtml(body.toString('utf8'), url);
      key = `${file}\0${rewritten}`;
      body = Buffer.from(rewritten);
    }
    /** @type {Record<string, string | number>} */
    const headers = {
      'content-type': type,
      'cache-control': url.pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
      ...fromRules,
    };
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const gzipped = cache.get(key) ?? gzipSync(body, { level: 9 });
      cache.set(key, gzipped);
      body = gzipped;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${typeof address === 'object' && address ? address.port : port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const distDir = process.argv[2] ?? fileURLToPath(new URL('../../dist', import.meta.url));
  const { url } = await serve(distDir, { port: Number(process.argv[3] ?? 0) });
  console.log(`Serving ${distDir} gzipped at ${url}`);
}
