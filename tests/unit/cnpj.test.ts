// @vitest-environment node
import { generateCnpj, isValidCnpj as oracleIsValidCnpj } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCnpj, isValidCnpj } from '@/lib/cnpj';

const oracle = (value: string) => oracleIsValidCnpj(value, { version: 2 });
const char = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''));

describe('isValidCnpj', () => {
  it('accepts known numeric and alphanumeric CNPJs, masked or not', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('Q0.SLF.MBD/7VX4-39')).toBe(true);
    expect(isValidCnpj('q0slfmbd7vx439')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths, letters in the check digits and all-equal digits', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('Q0SLFMBD7VX4AB')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });

  it('agrees with @brazilian-utils on generated CNPJs (numeric and alphanumeric)', () => {
    fc.assert(
      fc.property(fc.constantFrom(1 as const, 2 as const), (version) => {
        const cnpj = generateCnpj(version);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
      }),
    );
  });

  it('agrees with @brazilian-utils on arbitrary 14-character strings', () => {
    fc.assert(
      fc.property(fc.array(char, { minLength: 14, maxLength: 14 }), (chars) => {
        const value = chars.join('');
        expect(isValidCnpj(value)).toBe(oracle(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatCnpj', () => {
  it('masks 14 characters and leaves anything else as given', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('q0slfmbd7vx439')).toBe('Q0.SLF.MBD/7VX4-39');
    expect(formatCnpj(' 123 ')).toBe('123');
  });
});
