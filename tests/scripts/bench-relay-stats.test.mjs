// The opening-minute bench's arithmetic and verdict (scripts/bench/bench-relay-stats.mjs), without a server.
//   node --test tests/scripts/
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byStatusText, quantile, summarize, verdict } from '../../scripts/bench/bench-relay-stats.mjs';

test('quantiles take the nearest rank; none gives NaN', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(quantile(hundred, 0.5), 50);
  assert.equal(quantile(hundred, 0.95), 95);
  assert.equal(quantile([7], 0.95), 7);
  assert.ok(Number.isNaN(quantile([], 0.5)));
  assert.deepEqual(summarize([30, 10, 20]), { n: 3, p50: 20, p95: 30, max: 30 });
});

test('the verdict passes only when every goal holds', () => {
  const good = { latencies: [100, 200, 900], lost: 0, misdelivered: 0, errors: {} };
  assert.equal(verdict(good).pass, true);
  const failing = (change) =>
    verdict({ ...good, ...change })
      .rows.filter((r) => !r.ok)
      .map((r) => r.what);
  assert.deepEqual(failing({ latencies: [100, 1000] }), ['code relay p95 (staff asks → staff has the code)']);
  assert.deepEqual(failing({ latencies: [] }), ['code relay p95 (staff asks → staff has the code)']);
  assert.deepEqual(failing({ lost: 1 }), ['codes lost']);
  assert.deepEqual(failing({ misdelivered: 2 }), ['values shown to the wrong person']);
  const errors = verdict({ ...good, errors: { 500: 1, 429: 3 } });
  assert.equal(errors.pass, false);
  assert.equal(errors.rows[3].value, '4: 429 × 3, 500 × 1');
  assert.equal(byStatusText({}), 'none');
});
