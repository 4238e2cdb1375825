// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pbMs } from '@/mocks/util';

describe('the double’s pbMs: a stored date’s instant, as the seed reads its own dates', () => {
  it('reads PocketBase’s format, ISO 8601 and a bare day (UTC midnight); NaN for anything else', () => {
    expect(pbMs('2026-01-02 15:04:05.123Z')).toBe(Date.UTC(2026, 0, 2, 15, 4, 5, 123));
    expect(pbMs('2026-01-02T15:04:05.123Z')).toBe(Date.UTC(2026, 0, 2, 15, 4, 5, 123));
    expect(pbMs('2026-01-02')).toBe(Date.UTC(2026, 0, 2));
    expect(pbMs('')).toBeNaN();
    expect(pbMs('amanhã')).toBeNaN();
  });
});
