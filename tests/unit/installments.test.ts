// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installmentOptions, installmentPlan, parseInstallments, toCents } from '@/lib/installments';

describe('installmentPlan', () => {
  it('splits R$ 898 in 6x as 5 x 149,66 + 149,70 (Asaas)', () => {
    expect(installmentPlan(898, 6)).toEqual({ count: 6, value: 149.66, last: 149.7, total: 898 });
  });

  it('handles exact splits and 1x', () => {
    expect(installmentPlan(699, 1)).toEqual({ count: 1, value: 699, last: 699, total: 699 });
    expect(installmentPlan(699, 3)).toEqual({ count: 3, value: 233, last: 233, total: 699 });
    expect(installmentPlan(999, 6)).toEqual({ count: 6, value: 166.5, last: 166.5, total: 999 });
    expect(installmentPlan(1198, 6)).toEqual({ count: 6, value: 199.66, last: 199.7, total: 1198 });
  });

  it('works in centavos (no float drift)', () => {
    expect(installmentPlan(0.1 + 0.2, 1).total).toBe(0.3);
    expect(installmentPlan(0.3, 3)).toEqual({ count: 3, value: 0.1, last: 0.1, total: 0.3 });
  });

  it('rejects a count that is not a positive integer and a bad total', () => {
    expect(() => installmentPlan(699, 0)).toThrow(RangeError);
    expect(() => installmentPlan(699, 1.5)).toThrow(RangeError);
    expect(() => installmentPlan(Number.NaN, 2)).toThrow(RangeError);
    expect(() => installmentPlan(-1, 2)).toThrow(RangeError);
  });

  it('adds up to the total, never overcharges, and the last takes less than count centavos more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        (totalCents, count) => {
          const plan = installmentPlan(totalCents / 100, count);
          const value = toCents(plan.value);
          const last = toCents(plan.last);
          // reais values carry at most 2 decimals
          expect(value / 100).toBe(plan.value);
          expect(last / 100).toBe(plan.last);
          expect((count - 1) * value + last).toBe(totalCents);
          expect(value * count).toBeLessThanOrEqual(totalCents);
          expect(last - value).toBeGreaterThanOrEqual(0);
          expect(last - value).toBeLessThan(count);
          expect(value).toBe(Math.floor(totalCents / count));
          expect(plan.count).toBe(count);
          expect(toCents(plan.total)).toBe(totalCents);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('installmentOptions', () => {
  it('lists 1x to 6x with the per-installment value in the label, and a different last one after it', () => {
    const options = installmentOptions(898);
    expect(options).toHaveLength(6);
    expect(options[0]).toEqual({ value: '1x', label: '1x R$ 898,00', count: 1, amount: 898 });
    expect(options[5]).toEqual({
      value: '6x',
      label: '6x R$ 149,66 (última R$ 149,70)',
      count: 6,
      amount: 149.66,
    });
    expect(options.map((o) => o.label)).toEqual([
      '1x R$ 898,00',
      '2x R$ 449,00',
      '3x R$ 299,33 (última R$ 299,34)',
      '4x R$ 224,50',
      '5x R$ 179,60',
      '6x R$ 149,66 (última R$ 149,70)',
    ]);
  });

  it('starts with 1x R$ 699,00 for the individual service', () => {
    expect(installmentOptions(699)[0]).toEqual({ value: '1x', label: '1x R$ 699,00', count: 1, amount: 699 });
  });

  it('honours max', () => {
    expect(installmentOptions(699, 3).map((o) => o.value)).toEqual(['1x', '2x', '3x']);
    expect(installmentOptions(699, 0)).toEqual([]);
  });

  it('round-trips through parseInstallments', () => {
    for (const option of installmentOptions(1198)) {
      expect(parseInstallments(option.value)).toBe(option.count);
    }
  });
});

describe('parseInstallments', () => {
  it('reads 1x..6x', () => {
    expect(parseInstallments('1x')).toBe(1);
    expect(parseInstallments('3x')).toBe(3);
    expect(parseInstallments('6x')).toBe(6);
  });

  it('returns null for anything else', () => {
    for (const bad of ['', 'x', '0x', '7x', '3', '3X', 'x3', '-1x', '1.5x', '03x', '3 x', 'abc']) {
      expect(parseInstallments(bad)).toBeNull();
    }
  });

  it('honours a larger max', () => {
    expect(parseInstallments('12x', 12)).toBe(12);
    expect(parseInstallments('12x')).toBeNull();
  });
});
