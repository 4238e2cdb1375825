// @vitest-environment node
// One seeded PRNG for the demo's seed and the bench's rows (demo-seed/seeded-random.mjs): the same seed draws the
// same numbers on every run, so the bench's rows and the demo's data never change under a refactor.
import { expect, it } from 'vitest';
import { seededRandom } from '../../demo-seed/seeded-random.mjs';

it('draws the same sequence for the same seed (mulberry32)', () => {
  const r = seededRandom(20261123);
  expect([r(), r(), r()]).toEqual([0.9007212214637548, 0.843700616620481, 0.4729218122083694]);
  const again = seededRandom(20261123);
  expect(again()).toBe(0.9007212214637548);
});
