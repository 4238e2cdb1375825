// The static server the budget and the bench measure through (scripts/backend/serve.mjs): the README's host rules,
// gzip, and the bench's page without scripts (scripts/bench/vitals.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serve } from '../../scripts/backend/serve.mjs';
import { NO_SCRIPTS, rewriteForVitals, withoutScripts } from '../../scripts/bench/vitals.mjs';

const PAGE =
  '<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js">' +
  '<script type="application/ld+json">{"@type":"Organization"}</script></head>' +
  '<body><div id="root">page</div><script data-entry="/assets/a.js">(function(){boot()})()</script>' +
  '<script type="module" src="/assets/a.js"></script></body></html>';

describe('serve', () => {
  let dir;
  let server;
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'serve-test-'));
    const files = {
      'index.html': '<p>home</p>',
      'services/individual.html': '<p>individual</p>',
      'termos.html': PAGE,
      'assets/app-1234.js': 'console.log("app");'.repeat(50),
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    server = await serve(dir, { rewriteHtml: rewriteForVitals });
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (urlPath, headers = {}) => fetch(new URL(urlPath, server.url), { headers });

  test('a path without an extension is served from path.html, any other page from index.html', async () => {
    assert.equal(await (await get('/services/individual')).text(), '<p>individual</p>');
    assert.equal(await (await get('/')).text(), '<p>home</p>');
    assert.equal(await (await get('/tracking')).text(), '<p>home</p>');
    assert.equal(await (await get('/booking-details/abc123')).text(), '<p>home</p>');
  });

  test('a missing file with an extension is a 404, and no path leaves the folder', async () => {
    assert.equal((await get('/assets/missing-0000.js')).status, 404);
    assert.equal(await (await get('/..%2f..%2fetc%2fpasswd')).text(), '<p>home</p>');
    assert.equal((await get('/..%2f..%2fetc%2fhostname.txt')).status, 404);
  });

  test('gzips text for a browser that accepts it, with the hashed assets cacheable for a year', async () => {
    const response = await get('/assets/app-1234.js', { 'accept-encoding': 'gzip, br' });
    assert.equal(response.headers.get('content-encoding'), 'gzip');
    assert.match(response.headers.get('content-type'), /javascript/);
    assert.match(response.headers.get('cache-control'), /immutable/);
    const raw = await fetch(new URL('/assets/app-1234.js', server.url), {
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(raw.headers.get('content-encoding'), null);
    assert.equal(await raw.text(), 'console.log("app");'.repeat(50));
    assert.equal((await get('/termos')).headers.get('cache-control'), 'no-cache');
  });

  test(`?${NO_SCRIPTS} serves the page without anything that runs; JSON-LD stays`, async () => {
    const bare = await (await get(`/termos?${NO_SCRIPTS}`)).text();
    assert.equal(bare, withoutScripts(PAGE));
    assert.doesNotMatch(bare, /modulepreload|data-entry|type="module"|boot\(\)/);
    assert.match(bare, /application\/ld\+json/);
    assert.match(bare, /<div id="root">page<\/div>/);
    assert.equal(await (await get('/termos')).text(), PAGE);
  });
});
