// @vitest-environment node
import { isValidMobilePhone } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlyDigits } from '@/lib/cpf';
import { isValidPhone, maskPhone } from '@/lib/phone';

const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((a) => a.join(''));

describe('maskPhone', () => {
  it('masks progressively without trailing separators', () => {
    const full = '11987654321';
    const expected = [
      '',
      '(1',
      '(11',
      '(11) 9',
      '(11) 98',
      '(11) 987',
      '(11) 9876',
      '(11) 98765',
      '(11) 98765-4',
      '(11) 98765-43',
      '(11) 98765-432',
      '(11) 98765-4321',
    ];
    expected.forEach((masked, n) => expect(maskPhone(full.slice(0, n))).toBe(masked));
  });

  it('keeps digits only, at most 11', () => {
    expect(maskPhone('(11) 98765-43219999')).toBe('(11) 98765-4321');
    expect(maskPhone('abc')).toBe('');
  });

  it('drops the +55 or the trunk 0 of a number pasted with them, never shifting the DDD', () => {
    // '(55) 91987-6543' passed as a valid mobile and was stored: someone else's number, for every DDD 9x.
    expect(maskPhone('+55 91 98765-4321')).toBe('(91) 98765-4321');
    expect(maskPhone('+55 (11) 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('5521987654321')).toBe('(21) 98765-4321');
    expect(maskPhone('(011) 98765-4321')).toBe('(11) 98765-4321');
    expect(maskPhone('+55 011 98765-4321')).toBe('(11) 98765-4321');
    // DDD 55 (Santa Maria, RS) is a number of its own. An extra digit after it cannot be told from a +55 being
    // typed: the digits show bare, and the number is refused until it is one.
    expect(maskPhone('(55) 99876-5432')).toBe('(55) 99876-5432');
    expect(maskPhone('(55) 99876-54321')).toBe('559987654321');
    expect(isValidPhone(maskPhone('(55) 99876-54321'))).toBe(false);
    expect(isValidPhone(maskPhone('+55 91 98765-4321'))).toBe(true);
  });

  it('drops them too when the number is typed key by key, as the field masks it after each key', () => {
    const typed = (keys: string) => [...keys].reduce((field, key) => maskPhone(field + key), '');
    expect(typed('+55 91 98765-4321')).toBe('(91) 98765-4321');
    expect(typed('091987654321')).toBe('(91) 98765-4321');
    expect(typed('11987654321')).toBe('(11) 98765-4321');
    // Where it stood at the 11th digit, '(55) 91987-6543', is not where it ends.
    expect(typed('55919876543')).toBe('(55) 91987-6543');
    expect(typed('5591987654321')).toBe('(91) 98765-4321');
  });

  it('is idempotent and keeps the digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const masked = maskPhone(s);
        expect(maskPhone(masked)).toBe(masked);
        // The first 11 digits; or the valid number after a +55 / trunk 0 (at most 3 digits) that came before it;
        // or, beginning like a prefix, up to 14 digits shown bare and refused until the prefix resolves.
        const d = onlyDigits(s).slice(0, 14);
        const m = onlyDigits(masked);
        const bare = m.length > 11 && m === d && /^(55|0)/.test(m) && !isValidPhone(masked);
        expect(
          m === d.slice(0, 11) || (d.endsWith(m) && d.length - m.length <= 3 && isValidPhone(m)) || bare,
        ).toBe(true);
        expect(masked.length).toBeLessThanOrEqual(15);
      }),
    );
  });
});

describe('isValidPhone', () => {
  it('accepts 11-digit mobiles, masked or not', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('(99) 91234-5678')).toBe(true);
  });

  it('rejects wrong length, DDD and ninth digit', () => {
    expect(isValidPhone('(11) 8765-4321')).toBe(false); // 10 digits (landline length)
    expect(isValidPhone('119876543210')).toBe(false);
    expect(isValidPhone('(01) 98765-4321')).toBe(false);
    expect(isValidPhone('(10) 98765-4321')).toBe(false);
    expect(isValidPhone('(20) 98765-4321')).toBe(false);
    expect(isValidPhone('(11) 88765-4321')).toBe(false);
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone('(11) 98765-432a')).toBe(false);
  });

  it('accepts every ninth-digit mobile brazilian-utils accepts', () => {
    fc.assert(
      fc.property(digits(11, 11), (d) => {
        const ours = isValidPhone(d);
        const oracle = isValidMobilePhone(d);
        // the oracle also knows which DDDs exist and accepts the legacy 6/7/8 mobiles
        if (oracle && d.charAt(2) === '9') expect(ours).toBe(true);
        if (ours && oracle) expect(d.charAt(2)).toBe('9');
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with brazilian-utils for real DDDs followed by 9', () => {
    const realDdds = [11, 21, 31, 41, 47, 51, 61, 71, 81, 85, 91, 98, 99];
    fc.assert(
      fc.property(fc.constantFrom(...realDdds), digits(8, 8), (ddd, rest) => {
        const phone = `${ddd}9${rest}`;
        expect(isValidMobilePhone(phone)).toBe(true);
        expect(isValidPhone(phone)).toBe(true);
        expect(isValidPhone(maskPhone(phone))).toBe(true);
      }),
    );
  });
});
