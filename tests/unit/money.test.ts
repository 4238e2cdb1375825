// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL } from '@/lib/money';

describe('formatBRL', () => {
  it('formats the prices of the service', () => {
    expect(formatBRL(699)).toBe('R$ 699,00');
    expect(formatBRL(999)).toBe('R$ 999,00');
    expect(formatBRL(199)).toBe('R$ 199,00');
    expect(formatBRL(1198)).toBe('R$ 1.198,00');
    expect(formatBRL(149.66)).toBe('R$ 149,66');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(0.5)).toBe('R$ 0,50');
    expect(formatBRL(1234567.891)).toBe('R$ 1.234.567,89');
  });

  it('uses a plain ASCII space after R$', () => {
    const text = formatBRL(699);
    expect(text.charCodeAt(2)).toBe(32);
    expect(text).not.toMatch(/[\u00A0\u202F]/);
  });

  it('does not show -R$ 0,00 for a tiny negative', () => {
    expect(formatBRL(-0.001)).toBe('R$ 0,00');
    expect(formatBRL(-0)).toBe('R$ 0,00');
  });

  it('gives an empty string for non-finite input', () => {
    expect(formatBRL(Number.NaN)).toBe('');
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('matches the pt-BR shape for any amount in centavos', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (cents) => {
        const reais = Math.floor(cents / 100);
        const centavos = String(cents % 100).padStart(2, '0');
        const thousands = String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
        expect(formatBRL(cents / 100)).toBe(`R$ ${thousands},${centavos}`);
      }),
    );
  });
});
