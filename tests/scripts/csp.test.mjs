// The Content-Security-Policy files the build writes (scripts/build/csp.mjs), the static server applying them
// (scripts/backend/serve.mjs) and the check of a built site in Chromium (scripts/test/csp-check.mjs, `npm run test:csp`),
// shown passing a tiny site with the build's policy and failing it without the header or with a loose one.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { auditPolicy, checkCsp } from '../../scripts/test/csp-check.mjs';
import {
  hashSource,
  headersFor,
  inlineScripts,
  parseHeaders,
  policy,
  writeCsp,
} from '../../scripts/build/csp.mjs';
import { serve } from '../../scripts/backend/serve.mjs';

const BOOT =
  "(function(d){var s=d.createElement('script');s.src='/assets/app.js';d.head.appendChild(s)})(document)";
const PAGE =
  '<!doctype html><html lang="pt-BR"><head><title>t</title>' +
  '<script type="application/ld+json">{"@type":"Organization"}</script></head>' +
  `<body><div id="root"><h1>home</h1></div><script data-entry="/assets/app.js">${BOOT}</script></body></html>`;

const dirs = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function site(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'csp-test-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
const tinySite = () =>
  site({ 'index.html': PAGE, 'assets/app.js': "document.querySelector('h1').dataset.ran = '1';\n" });

describe('the policy files', () => {
  test('hash the inline scripts the browser runs, not JSON-LD nor scripts with a src', () => {
    const html =
      '<script type="application/ld+json">{"a":1}</script><script src="/x.js"></script>' +
      '<script>one()</script><script type="module">two()</script><script type="text/javascript">three()</script>';
    assert.deepEqual(inlineScripts(html), ['one()', 'two()', 'three()']);
    assert.match(hashSource('one()'), /^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  test('a production policy names the API origin; a demo one allows its same-origin service worker', () => {
    const production = policy({ apiUrl: 'https://api.example.test/base/', scriptHashes: ["'sha256-x='"] });
    assert.match(production, /connect-src 'self' https:\/\/api\.example\.test;/);
    // The case file's images are the API's files.
    assert.match(production, /img-src 'self' data: https:\/\/api\.example\.test;/);
    // The case file's PDFs: a fetched file shown from a blob: URL, and no other frame.
    assert.match(production, /; frame-src blob:;/);
    assert.deepEqual(auditPolicy(production), []);
    assert.match(production, /script-src 'self' 'sha256-x=';/);
    assert.doesNotMatch(production, /worker-src|unsafe/);
    const demo = policy({ apiUrl: '', scriptHashes: [] });
    assert.match(demo, /connect-src 'self'; worker-src 'self';/);
    // The release's layout: the API is the site's own origin, and there is no worker to allow.
    const sameOrigin = policy({ apiUrl: '', demo: false, scriptHashes: [] });
    assert.match(sameOrigin, /connect-src 'self'; base-uri/);
    assert.doesNotMatch(sameOrigin, /worker-src/);
  });

  test('writeCsp writes _headers, the nginx snippet and headers.json with the same policy', () => {
    const dir = tinySite();
    const csp = writeCsp(dir, { apiUrl: 'https://api.example.test' });
    assert.ok(csp.includes(hashSource(BOOT)));
    assert.deepEqual(JSON.parse(readFileSync(path.join(dir, 'headers.json'), 'utf8')), {
      'Content-Security-Policy': csp,
    });
    assert.deepEqual(parseHeaders(readFileSync(path.join(dir, '_headers'), 'utf8')), [
      { pattern: '/*', headers: [['content-security-policy', csp]] },
    ]);
    assert.equal(
      readFileSync(path.join(dir, 'nginx-csp.conf'), 'utf8').split('\n').at(-2),
      `add_header Content-Security-Policy "${csp}" always;`,
    );
    assert.deepEqual(auditPolicy(csp), []);
  });

  test('_headers rules match as Netlify reads them', () => {
    const rules = parseHeaders('/*\n  X-A: 1\n/assets/*\n  X-B: 2\n/services/:id\n  X-A: 3\n');
    assert.deepEqual(headersFor(rules, '/'), { 'x-a': '1' });
    assert.deepEqual(headersFor(rules, '/assets/app.js'), { 'x-a': '1', 'x-b': '2' });
    assert.deepEqual(headersFor(rules, '/services/individual'), { 'x-a': '1, 3' });
  });

  test('the audit refuses a loose policy', () => {
    const good = policy({ apiUrl: 'https://api.example.test', scriptHashes: [] });
    assert.deepEqual(auditPolicy(null), ['no Content-Security-Policy header']);
    for (const loose of [
      good.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
      good.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"),
      good.replace("script-src 'self'", "script-src 'self' https:"),
      good.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
      good.replace("connect-src 'self'", "connect-src 'self' *"),
      good.replace("default-src 'none'", 'default-src *'),
      good.replace("frame-ancestors 'none'; ", ''),
      good.replace("img-src 'self' data:", "img-src 'self' data: https://elsewhere.example.test"),
      good.replace('frame-src blob:', 'frame-src blob: data:'),
      good.replace('frame-src blob:', 'frame-src blob: https://api.example.test'),
      good.replace('frame-src blob:', 'frame-src *'),
      good.replace("object-src 'none'", 'object-src blob:'),
    ]) {
      assert.notDeepEqual(auditPolicy(loose), [], loose);
    }
  });
});

describe('serve applies _headers', () => {
  test('to every answer, and does not publish the host files', async () => {
    const dir = tinySite();
    const csp = writeCsp(dir, { apiUrl: '' });
    const server = await serve(dir);
    try {
      for (const urlPath of ['/', '/tracking', '/assets/app.js', '/assets/missing.js']) {
        assert.equal((await fetch(new URL(urlPath, server.url))).headers.get('content-security-policy'), csp);
      }
      assert.equal((await fetch(new URL('/_headers', server.url))).status, 404);
      assert.equal((await fetch(new URL('/nginx-csp.conf', server.url))).status, 404);
    } finally {
      await server.close();
    }
  });
});

describe('the check in Chromium', () => {
  const options = { pages: ['/', '/outra-pagina'], login: false, app: false };

  test('passes a site served with the policy the build writes: its hashed boot script runs', async () => {
    const dir = tinySite();
    writeCsp(dir, { apiUrl: 'https://api.example.test' });
    const { problems } = await checkCsp(dir, options);
    assert.deepEqual(problems, []);
  });

  test('fails without the header: the injected script, handler and fetch get through', async () => {
    const { problems } = await checkCsp(tinySite(), options);
    assert.ok(problems.includes('no Content-Security-Policy header'), problems.join('\n'));
    assert.ok(problems.includes('/: injected: external script ran'), problems.join('\n'));
    assert.ok(problems.includes('/: injected: inline script ran'), problems.join('\n'));
    assert.ok(problems.includes('/: injected: event handler ran'), problems.join('\n'));
    assert.ok(problems.includes('/: injected: fetch to another origin answered'), problems.join('\n'));
  });

  test("fails a policy without the boot script's hash (a violation on every page) or with 'unsafe-inline'", async () => {
    const dir = tinySite();
    const csp = policy({ apiUrl: '', scriptHashes: [] });
    writeFileSync(path.join(dir, '_headers'), `/*\n  Content-Security-Policy: ${csp}\n`);
    const missing = await checkCsp(dir, options);
    assert.ok(
      missing.problems.some((p) => p.startsWith('/outra-pagina: violation: script-src-elem blocked inline')),
      missing.problems.join('\n'),
    );
    const loose = csp.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
    writeFileSync(path.join(dir, '_headers'), `/*\n  Content-Security-Policy: ${loose}\n`);
    const { problems } = await checkCsp(dir, options);
    assert.ok(
      problems.some((p) => p.startsWith("script-src allows 'unsafe-inline'")),
      problems.join('\n'),
    );
  });
});
