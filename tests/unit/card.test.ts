// @vitest-environment node
import valid from 'card-validator';
import luhn10 from 'card-validator/dist/luhn-10';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  expiryParts,
  isExpiryInFuture,
  isValidCardNumber,
  isValidCvv,
  luhnValid,
  maskCardNumber,
  maskCvv,
  maskExpiry,
  parseExpiry,
} from '@/lib/card';
import { onlyDigits } from '@/lib/cpf';

const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((a) => a.join(''));
/** 15 digits of a Visa (4…) or Mastercard (51-55…) number, check digit missing. */
const visaOrMasterBody = fc.oneof(
  digits(14, 14).map((d) => `4${d}`),
  fc.tuple(fc.constantFrom('51', '52', '53', '54', '55'), digits(13, 13)).map(([p, d]) => p + d),
);

describe('luhnValid', () => {
  it('knows the usual test cards', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('5184019740373151')).toBe(true);
    expect(luhnValid('4916561358240741')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
  });

  it('agrees with card-validator luhn10 on random digit strings', () => {
    fc.assert(
      fc.property(digits(1, 25), (d) => {
        expect(luhnValid(d)).toBe(luhn10(d));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with card-validator on all ten check digits of a Visa/Mastercard body', () => {
    fc.assert(
      fc.property(visaOrMasterBody, (body) => {
        let validCount = 0;
        for (let check = 0; check <= 9; check += 1) {
          const number = `${body}${check}`;
          const oracle = valid.number(number).isValid;
          expect(isValidCardNumber(number)).toBe(oracle);
          expect(isValidCardNumber(maskCardNumber(number))).toBe(oracle);
          expect(luhnValid(number)).toBe(oracle);
          if (oracle) validCount += 1;
        }
        expect(validCount).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('isValidCardNumber', () => {
  it('takes each brand Asaas takes at its real lengths, with the Luhn check', () => {
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(isValidCardNumber('4111111111111111')).toBe(true);
    expect(isValidCardNumber('4222222222222')).toBe(true); // Visa, 13 digits
    expect(isValidCardNumber('5555555555554444')).toBe(true); // Mastercard
    expect(isValidCardNumber('2223000048400011')).toBe(true); // Mastercard 2-series
    expect(isValidCardNumber('378282246310005')).toBe(true); // Amex, 15 digits
    expect(isValidCardNumber('6362970000457013')).toBe(true); // Elo, 16 digits
    expect(isValidCardNumber('6062825624254001')).toBe(true); // Hipercard, 16 digits
    expect(isValidCardNumber('6062826786276634003')).toBe(true); // Hipercard, 19 digits
    expect(isValidCardNumber('411111111111111')).toBe(false); // Visa, 15
    expect(isValidCardNumber('37828224631000')).toBe(false); // Amex, 14
    expect(isValidCardNumber('3782822463100051')).toBe(false); // Amex, 16
    expect(isValidCardNumber('55555555555544445')).toBe(false); // Mastercard, 17
    expect(isValidCardNumber('6011111111111117')).toBe(false); // Discover: not taken in Brazil
    expect(isValidCardNumber('4111 1111 1111 111a')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
  });

  it('names the brand from the first digits, Elo and Hipercard before Visa and Mastercard', () => {
    expect(cardBrand('4111')?.label).toBe('Visa');
    expect(cardBrand('4011 78')?.label).toBe('Elo');
    expect(cardBrand('5067 01')?.label).toBe('Elo');
    expect(cardBrand('5555')?.label).toBe('Mastercard');
    expect(cardBrand('6062 82')?.label).toBe('Hipercard');
    expect(cardBrand('3782')).toMatchObject({ label: 'American Express', cvv: 4 });
    expect(cardBrand('6011')).toBeNull();
  });

  it('wants the brand’s CVV size', () => {
    expect(isValidCvv('1234', '378282246310005')).toBe(true);
    expect(isValidCvv('123', '378282246310005')).toBe(false);
    expect(isValidCvv('123', '4111111111111111')).toBe(true);
    expect(isValidCvv('1234', '4111111111111111')).toBe(false);
  });
});

describe('maskCardNumber', () => {
  it('groups in fours progressively, up to the brand’s longest number; Amex as 4-6-5', () => {
    expect(maskCardNumber('')).toBe('');
    expect(maskCardNumber('4111')).toBe('4111');
    expect(maskCardNumber('41111')).toBe('4111 1');
    expect(maskCardNumber('41111111')).toBe('4111 1111');
    expect(maskCardNumber('411111111111111199999')).toBe('4111 1111 1111 1111 999');
    expect(maskCardNumber('55555555555544449')).toBe('5555 5555 5555 4444');
    expect(maskCardNumber('3782822463100059')).toBe('3782 822463 10005');
    expect(maskCardNumber('4111-1111 abc 1111')).toBe('4111 1111 1111');
  });

  it('is idempotent and keeps the digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const masked = maskCardNumber(s);
        expect(maskCardNumber(masked)).toBe(masked);
        expect(onlyDigits(s).startsWith(onlyDigits(masked))).toBe(true);
        expect(onlyDigits(masked).length).toBeLessThanOrEqual(19);
        expect(masked).toMatch(/^(\d{4} )*\d{0,4}$|^3[47]/);
        expect(masked.endsWith(' ')).toBe(false);
      }),
    );
  });
});

describe('maskExpiry / parseExpiry / expiryParts', () => {
  it('masks MM/YY progressively', () => {
    expect(maskExpiry('')).toBe('');
    expect(maskExpiry('1')).toBe('1');
    expect(maskExpiry('12')).toBe('12');
    expect(maskExpiry('122')).toBe('12/2');
    expect(maskExpiry('1229')).toBe('12/29');
    expect(maskExpiry('12/2999')).toBe('12/29');
    expect(maskExpiry('ab0/5x29')).toBe('05/29');
    // An autofilled MM/YYYY
    expect(maskExpiry('12/2030')).toBe('12/30');
    expect(maskExpiry('07 / 2031')).toBe('07/31');
    // Pasted with words around it
    expect(maskExpiry('Validade: 12/2030')).toBe('12/30');
    expect(maskExpiry(' 07/2031 (cartão)')).toBe('07/31');
  });

  it('parses MM/YY with year 2000 + YY', () => {
    expect(parseExpiry('05/29')).toEqual({ month: 5, year: 2029 });
    expect(parseExpiry('01/00')).toEqual({ month: 1, year: 2000 });
    expect(parseExpiry('12/99')).toEqual({ month: 12, year: 2099 });
  });

  it('rejects month 0, month 13 and other shapes', () => {
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('13/29')).toBeNull();
    for (const bad of ['', '5/29', '05/2029', '0529', '05-29', 'ab/cd', '05/2', '05/']) {
      expect(parseExpiry(bad)).toBeNull();
    }
  });

  it('parses every MM/YY with a month 1-12 and nothing else', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (mm, yy) => {
        const text = `${String(mm).padStart(2, '0')}/${String(yy).padStart(2, '0')}`;
        const parsed = parseExpiry(text);
        if (mm >= 1 && mm <= 12) {
          expect(parsed).toEqual({ month: mm, year: 2000 + yy });
          expect(expiryParts(text)).toEqual({
            expiryMonth: String(mm).padStart(2, '0'),
            expiryYear: String(2000 + yy),
          });
        } else {
          expect(parsed).toBeNull();
          expect(expiryParts(text)).toBeNull();
        }
      }),
    );
  });

  it('builds the Asaas parts', () => {
    expect(expiryParts('05/29')).toEqual({ expiryMonth: '05', expiryYear: '2029' });
    expect(expiryParts('13/29')).toBeNull();
  });
});

describe('isExpiryInFuture', () => {
  // local time, mid-month, so the month is the same in every time zone
  const may2026 = new Date(2026, 4, 15, 12, 0, 0);
  const december2026 = new Date(2026, 11, 31, 23, 59, 59);
  const firstOfJanuary2027 = new Date(2027, 0, 1, 0, 0, 0);

  it('refuses the current month: the expiry must be after it (seed §5)', () => {
    expect(isExpiryInFuture('05/26', may2026)).toBe(false);
    expect(isExpiryInFuture('12/26', december2026)).toBe(false);
  });

  it('rejects last month and earlier', () => {
    expect(isExpiryInFuture('04/26', may2026)).toBe(false);
    expect(isExpiryInFuture('12/25', may2026)).toBe(false);
    expect(isExpiryInFuture('11/26', december2026)).toBe(false);
  });

  it('accepts later months and years', () => {
    expect(isExpiryInFuture('06/26', may2026)).toBe(true);
    expect(isExpiryInFuture('01/27', may2026)).toBe(true);
    expect(isExpiryInFuture('01/27', december2026)).toBe(true);
  });

  it('rolls over from December to January', () => {
    expect(isExpiryInFuture('12/26', firstOfJanuary2027)).toBe(false);
    expect(isExpiryInFuture('01/27', firstOfJanuary2027)).toBe(false);
    expect(isExpiryInFuture('02/27', firstOfJanuary2027)).toBe(true);
  });

  it('rejects invalid months and shapes whatever the date', () => {
    expect(isExpiryInFuture('00/30', may2026)).toBe(false);
    expect(isExpiryInFuture('13/30', may2026)).toBe(false);
    expect(isExpiryInFuture('', may2026)).toBe(false);
    expect(isExpiryInFuture('05/26', new Date(Number.NaN))).toBe(false);
  });

  it('uses the real clock by default', () => {
    expect(isExpiryInFuture('12/99')).toBe(true);
    expect(isExpiryInFuture('01/00')).toBe(false);
  });

  it('matches a month-index comparison for any expiry and date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }),
        (month, yy, now) => {
          const text = `${String(month).padStart(2, '0')}/${String(yy).padStart(2, '0')}`;
          const expiryIndex = (2000 + yy) * 12 + (month - 1);
          const nowIndex = now.getFullYear() * 12 + now.getMonth();
          // seed §5: valid only after the current month
          expect(isExpiryInFuture(text, now)).toBe(expiryIndex > nowIndex);
        },
      ),
    );
  });

  it('around the current month: valid from the next month on, for any date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2002, 0, 1), max: new Date(2098, 0, 1), noInvalidDate: true }), // now ± 13 months stays in 2000-2099
        fc.integer({ min: -13, max: 13 }),
        (now, offset) => {
          const index = now.getFullYear() * 12 + now.getMonth() + offset;
          const text = `${String((index % 12) + 1).padStart(2, '0')}/${String(Math.floor(index / 12) % 100).padStart(2, '0')}`;
          expect(isExpiryInFuture(text, now)).toBe(offset > 0);
        },
      ),
    );
  });
});

describe('CVV', () => {
  it('accepts 3 or 4 digits only', () => {
    expect(isValidCvv('123')).toBe(true);
    expect(isValidCvv('1234')).toBe(true);
    expect(isValidCvv('12')).toBe(false);
    expect(isValidCvv('12345')).toBe(false);
    expect(isValidCvv('12a')).toBe(false);
    expect(isValidCvv('')).toBe(false);
  });

  it('masks to at most 4 digits', () => {
    expect(maskCvv('1a2b3c4d5')).toBe('1234');
    expect(maskCvv('12')).toBe('12');
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const masked = maskCvv(s);
        expect(masked).toMatch(/^\d{0,4}$/);
        expect(isValidCvv(masked)).toBe(masked.length >= 3);
      }),
    );
  });
});
