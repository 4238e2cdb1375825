// The budget script itself (scripts/bench/budget.mjs), on a tiny built site: it counts what Chromium really fetches,
// including a chunk imported on idle after the page has loaded, which the static import graph cannot see.
//   node --test tests/scripts/
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { measure, measurePages, publicPages } from '../../scripts/bench/budget.mjs';

const BUDGET_KB = 10;
const page = (route, entry) =>
  `<!doctype html><html lang="pt-BR"><head><title>t</title></head><body>` +
  `<div id="root" data-prerendered="${route}"><h1>${route}</h1></div>` +
  `<script type="module" src="/assets/${entry}"></script></body></html>`;

/** A build in a temporary directory: `files` maps paths in it to their text. */
function site(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'budget-test-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

// About 16 KB gzipped whatever the level: random bytes do not compress.
const bigChunk = `export const data = "${randomBytes(16 * 1024).toString('base64')}";\n`;
// The app's own pattern: hydrate, then once the page has loaded and gone quiet, import a chunk on idle, with no
// interaction. 800 ms after load is past a plain 'network idle' (500 ms quiet).
const idleEntry = `document.querySelector('h1').dataset.ready = '1';
addEventListener('load', () => setTimeout(() => requestIdleCallback(() => import('./idle.js')), 800));
`;

describe('budget', () => {
  const dirs = [];
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const make = (files) => {
    const dir = site(files);
    dirs.push(dir);
    return dir;
  };

  let withIdle;
  let without;
  before(() => {
    withIdle = make({
      'index.html': page('/', 'entry.js'),
      'services/x.html': page('/services/x', 'small.js'),
      'assets/entry.js': idleEntry,
      'assets/small.js': `document.querySelector('h1').dataset.ready = '1';\n`,
      'assets/idle.js': bigChunk,
    });
    without = make({
      'index.html': page('/', 'entry.js'),
      'assets/entry.js': `document.querySelector('h1').dataset.ready = '1';\n`,
      'assets/idle.js': bigChunk,
    });
  });

  test('the public pages are the prerendered ones, home first, plus any other path', () => {
    assert.deepEqual(
      publicPages(withIdle).map((p) => p.path),
      ['/', '/services/x', '/pagina-que-nao-existe'],
    );
  });

  test('a chunk imported on idle pushes the home page over the budget', async () => {
    // The static graph sees only the entry: under budget.
    assert.ok(measure(withIdle).total.gzip < 1024);
    const result = await measurePages(withIdle, { budgetKb: BUDGET_KB });
    const home = result.pages.find((p) => p.path === '/');
    assert.deepEqual(home.requests.map((r) => r.file).sort(), ['assets/entry.js', 'assets/idle.js']);
    assert.ok(
      home.requests.every((r) => r.encoded),
      'served gzipped',
    );
    assert.ok(home.gzip > BUDGET_KB * 1024, `home counted ${home.gzip} bytes`);
    assert.equal(home.overBudget, true);
    assert.equal(result.overBudget, true);
    // A page without the idle import stays under; the fallback path gets index.html, so it pays like home.
    assert.equal(result.pages.find((p) => p.path === '/services/x').overBudget, false);
    assert.equal(result.pages.find((p) => p.label === 'any other path').overBudget, true);
  });

  test('without that import the same site is within the budget', async () => {
    const result = await measurePages(without, { budgetKb: BUDGET_KB });
    assert.equal(result.overBudget, false);
    assert.deepEqual(
      result.pages[0].requests.map((r) => r.file),
      ['assets/entry.js'],
    );
  });
});
