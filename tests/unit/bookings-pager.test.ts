// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pagerItems, type PagerItem } from '@/features/bookings/pager';

/** A page list as the user reads it: numbers, and '…' for each gap. */
const shown = (items: PagerItem[]) => items.map((item) => (typeof item === 'number' ? item : '…'));

describe('pagerItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [2, 3, [1, 2, 3]],
    [1, 4, [1, 2, '…', 4]],
    [1, 10, [1, 2, '…', 10]],
    [2, 10, [1, 2, 3, '…', 10]],
    [3, 10, [1, 2, 3, 4, '…', 10]],
    [4, 10, [1, '…', 3, 4, 5, '…', 10]],
    [5, 10, [1, '…', 4, 5, 6, '…', 10]],
    [8, 10, [1, '…', 7, 8, 9, 10]],
    [9, 10, [1, '…', 8, 9, 10]],
    [10, 10, [1, '…', 9, 10]],
    [3, 5, [1, 2, 3, 4, 5]],
    [50, 120, [1, '…', 49, 50, 51, '…', 120]],
  ])('page %i of %i → %j', (current, total, expected) => {
    expect(shown(pagerItems(current, total))).toEqual(expected);
  });

  it('has nothing to show without pages', () => {
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, Number.NaN)).toEqual([]);
  });

  it('clamps a current page outside the range', () => {
    expect(shown(pagerItems(99, 5))).toEqual([1, '…', 4, 5]);
    expect(shown(pagerItems(0, 5))).toEqual([1, 2, '…', 5]);
    expect(shown(pagerItems(-3, 5))).toEqual([1, 2, '…', 5]);
  });

  it('the two gaps have distinct keys', () => {
    expect(pagerItems(5, 10).filter((item) => typeof item !== 'number')).toEqual(['gap-start', 'gap-end']);
  });

  // Every size up to 60 pages, every current page: first, last, current and neighbours; a gap exactly where pages are skipped.
  it('shows first, last, current ± 1 and a gap for every skipped run, over many sizes', () => {
    for (let total = 1; total <= 60; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pagerItems(current, total);
        const numbers = items.filter((item): item is number => typeof item === 'number');
        const expected = [...new Set([1, current - 1, current, current + 1, total])]
          .filter((n) => n >= 1 && n <= total)
          .sort((a, b) => a - b);
        expect(numbers, `page ${current} of ${total}`).toEqual(expected);

        for (let i = 0; i < items.length; i++) {
          const item = items[i];
          if (typeof item === 'number') {
            const next = items[i + 1];
            // Two numbers side by side are consecutive pages; otherwise a gap separates them.
            if (typeof next === 'number') expect(next).toBe(item + 1);
          } else {
            const before = items[i - 1];
            const after = items[i + 1];
            expect(typeof before).toBe('number');
            expect(typeof after).toBe('number');
            expect((after as number) - (before as number)).toBeGreaterThan(1);
          }
        }
        expect(items.length).toBeLessThanOrEqual(7);
      }
    }
  });
});
