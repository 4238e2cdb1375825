// @ts-check
// The seeded PRNG (mulberry32) of the demo's seed (demo-seed/seed.ts) and the bench's rows
// (scripts/bench/bench-server.mjs): plain JavaScript, so Node runs it as the bench needs and Vite bundles it.

/**
 * Numbers in [0, 1) that are the same sequence for the same seed on every run.
 * @param {number} seed
 * @returns {() => number}
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
