// @ts-check
// The opening-minute bench's arithmetic and verdict (scripts/bench/bench-relay.mjs), kept pure so that
// tests/scripts/bench-relay-stats.test.mjs can check them without a server.

/**
 * The q-quantile (0..1) of ascending `sorted` values (nearest rank); NaN for none.
 * @param {readonly number[]} sorted
 * @param {number} q
 */
export function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/**
 * p50, p95 and max of `values` (any order), and how many.
 * @param {readonly number[]} values
 */
export function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted.at(-1) ?? NaN,
  };
}

/** The goals for the opening minute (issue 30, item 2). */
export const GOALS = { p95Ms: 1000, lost: 0, misdelivered: 0, errors: 0 };

/**
 * `{ 404: 2, 500: 1 }` as '404 × 2, 500 × 1' ('none' when empty).
 * @param {Record<string, number>} byStatus
 */
export function byStatusText(byStatus) {
  const entries = Object.entries(byStatus).sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? entries.map(([status, n]) => `${status} × ${n}`).join(', ') : 'none';
}

/**
 * Each goal with its measure and whether it holds: relay p95 under 1 s (and at least one code relayed), no code
 * lost, none shown to the wrong person, no HTTP error.
 * @param {{ latencies: number[], lost: number, misdelivered: number, errors: Record<string, number> }} measures
 *   `errors`: how many answers of each non-2xx status
 */
export function verdict({ latencies, lost, misdelivered, errors }) {
  const s = summarize(latencies);
  const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
  const rows = [
    {
      what: 'code relay p95 (staff asks → staff has the code)',
      value: `${fmtMs(s.p95)} (p50 ${fmtMs(s.p50)}, max ${fmtMs(s.max)}, ${s.n} codes)`,
      goal: `< ${GOALS.p95Ms} ms`,
      ok: s.n > 0 && s.p95 < GOALS.p95Ms,
    },
    { what: 'codes lost', value: String(lost), goal: '0', ok: lost === GOALS.lost },
    {
      what: 'values shown to the wrong person',
      value: String(misdelivered),
      goal: '0',
      ok: misdelivered === GOALS.misdelivered,
    },
    {
      what: 'HTTP errors (non-2xx)',
      value: errorCount ? `${errorCount}: ${byStatusText(errors)}` : '0',
      goal: '0',
      ok: errorCount === GOALS.errors,
    },
  ];
  return { rows, pass: rows.every((r) => r.ok), summary: s };
}

/** @param {number} v milliseconds */
export function fmtMs(v) {
  return Number.isFinite(v) ? `${Math.round(v)} ms` : '—';
}

/**
 * A plain-text table: `rows` are arrays of cells, the first one the header.
 * @param {[unknown[], ...unknown[][]]} rows
 */
export function textTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (/** @type {unknown[]} */ r) =>
    `| ${r.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [
    line(rows[0]),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n');
}
