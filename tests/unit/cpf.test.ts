// @vitest-environment node
import { formatCpf, generateCpf, isValidCpf as oracleIsValidCpf } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCpf, maskCpf, onlyDigits } from '@/lib/cpf';

const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((a) => a.join(''));

describe('onlyDigits', () => {
  it('keeps ASCII digits only', () => {
    expect(onlyDigits('123.456.789-09')).toBe('12345678909');
    expect(onlyDigits('a1b2 c3')).toBe('123');
    expect(onlyDigits('')).toBe('');
  });
});

describe('isValidCpf', () => {
  it('accepts a known CPF masked and unmasked', () => {
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('12345678909')).toBe(true);
    expect(isValidCpf('280.012.389-38')).toBe(true);
    expect(isValidCpf(' 280.012.389-38 ')).toBe(true);
  });

  it('rejects wrong check digits, wrong lengths and empty input', () => {
    expect(isValidCpf('123.456.789-00')).toBe(false);
    expect(isValidCpf('12345678919')).toBe(false);
    expect(isValidCpf('1234567890')).toBe(false);
    expect(isValidCpf('123456789090')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('rejects all-equal digits', () => {
    expect(isValidCpf('111.111.111-11')).toBe(false);
    for (let d = 0; d <= 9; d += 1) {
      expect(isValidCpf(String(d).repeat(11))).toBe(false);
    }
  });

  it('rejects input containing letters', () => {
    expect(isValidCpf('123.456.789-09a')).toBe(false);
    expect(isValidCpf('abc12345678909')).toBe(false);
    expect(isValidCpf('1234567890É9')).toBe(false);
  });

  it('does not throw or hang on a 10,000-character input', () => {
    const long = '1'.repeat(10_000);
    const started = performance.now();
    expect(isValidCpf(long)).toBe(false);
    // The server's rule, now the browser's too: at most 20 characters, whatever they are.
    expect(isValidCpf('.'.repeat(9_989) + '12345678909')).toBe(false);
    expect(isValidCpf('123.456.789-09')).toBe(true);
    expect(isValidCpf('a'.repeat(10_000))).toBe(false);
    expect(maskCpf(long)).toBe('111.111.111-11');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('agrees with brazilian-utils on CPFs it generates, masked and unmasked', () => {
    for (let i = 0; i < 500; i += 1) {
      const cpf = generateCpf();
      expect(isValidCpf(cpf)).toBe(true);
      expect(isValidCpf(formatCpf(cpf))).toBe(true);
    }
  });

  it('agrees with brazilian-utils on every check-digit pair of a random base', () => {
    fc.assert(
      fc.property(digits(9, 9), (base) => {
        let validCount = 0;
        for (let dv = 0; dv < 100; dv += 1) {
          const cpf = base + String(dv).padStart(2, '0');
          const expected = oracleIsValidCpf(cpf);
          expect(isValidCpf(cpf)).toBe(expected);
          expect(isValidCpf(formatCpf(cpf))).toBe(expected);
          if (expected) validCount += 1;
        }
        // exactly one pair is valid, unless the base makes an all-equal CPF
        expect(validCount).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });

  it('agrees with brazilian-utils on random 11-digit strings', () => {
    fc.assert(
      fc.property(digits(11, 11), (cpf) => {
        expect(isValidCpf(cpf)).toBe(oracleIsValidCpf(cpf));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts whatever brazilian-utils accepts, for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        if (oracleIsValidCpf(s)) expect(isValidCpf(s)).toBe(true);
      }),
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        expect(typeof isValidCpf(s)).toBe('boolean');
      }),
    );
  });
});

describe('maskCpf', () => {
  it('masks progressively', () => {
    const expected = [
      '',
      '1',
      '12',
      '123',
      '123.4',
      '123.45',
      '123.456',
      '123.456.7',
      '123.456.78',
      '123.456.789',
      '123.456.789-0',
      '123.456.789-09',
    ];
    const full = '12345678909';
    expected.forEach((masked, n) => expect(maskCpf(full.slice(0, n))).toBe(masked));
  });

  it('ignores non-digits and caps at 11 digits', () => {
    expect(maskCpf('abc123.456.789-0912345')).toBe('123.456.789-09');
    expect(maskCpf('123.456.789-09')).toBe('123.456.789-09');
  });

  it('is idempotent, keeps the digits, and matches brazilian-utils when complete', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const masked = maskCpf(s);
        expect(maskCpf(masked)).toBe(masked);
        expect(onlyDigits(masked)).toBe(onlyDigits(s).slice(0, 11));
        expect(masked.length).toBeLessThanOrEqual(14);
        expect(masked).toMatch(/^[\d.-]*$/);
      }),
    );
    fc.assert(
      fc.property(digits(11, 11), (d) => {
        expect(maskCpf(d)).toBe(formatCpf(d));
      }),
    );
  });
});
