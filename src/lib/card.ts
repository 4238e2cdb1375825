/** Credit card form helpers: number, expiry (MM/YY) and CVV. */
import { onlyDigits } from './cpf';

export interface Expiry {
  /** 1-12 */
  month: number;
  /** four-digit year: 2000 + YY */
  year: number;
}

export interface ExpiryParts {
  /** two digits, e.g. '05' */
  expiryMonth: string;
  /** four digits, e.g. '2029' */
  expiryYear: string;
}

/** Luhn (mod 10) check of a string made only of digits; false for anything else or empty. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let n = digits.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'elo' | 'amex' | 'hipercard';

interface BrandRule {
  brand: CardBrand;
  label: string;
  /** the number's first digits (BIN) */
  pattern: RegExp;
  lengths: readonly number[];
  cvv: number;
}

// Elo's and Hipercard's BINs overlap Visa's and Mastercard's, so they are tried first.
const ELO_BINS =
  /^(40117[89]|431274|438935|451416|457393|45763[12]|504175|5066(99)|5067\d\d|509\d{3}|627780|636297|636368|65003[1-3]|6500(3[5-9]|4\d|5[01])|650(4(0[5-9]|[1-3]\d)|48[5-9]|49\d|5[0-2]\d|53[0-8])|6505(4[1-9]|[5-8]\d|9[0-8])|6507(0\d|1[0-8]|2[0-7])|6509(0[1-9]|[1-6]\d|7[0-8])|6516(5[2-9]|[67]\d)|6550([01]\d|2[1-9]|[34]\d|5[0-8]))/;

/** The card brands Asaas takes in Brazil, with their real lengths and CVV sizes. */
const BRANDS: readonly BrandRule[] = [
  { brand: 'elo', label: 'Elo', pattern: ELO_BINS, lengths: [16, 17, 18, 19], cvv: 3 },
  {
    brand: 'hipercard',
    label: 'Hipercard',
    pattern: /^(606282|3841[046]0)/,
    lengths: [13, 16, 17, 18, 19],
    cvv: 3,
  },
  { brand: 'amex', label: 'American Express', pattern: /^3[47]/, lengths: [15], cvv: 4 },
  { brand: 'visa', label: 'Visa', pattern: /^4/, lengths: [13, 16, 19], cvv: 3 },
  {
    brand: 'mastercard',
    label: 'Mastercard',
    pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
    lengths: [16],
    cvv: 3,
  },
];

const MAX_DIGITS = 19;

/** The brand the number's first digits show, or null while unknown. */
export function cardBrand(value: string): { brand: CardBrand; label: string; cvv: number } | null {
  const digits = onlyDigits(value);
  const rule = BRANDS.find((b) => b.pattern.test(digits));
  return rule ? { brand: rule.brand, label: rule.label, cvv: rule.cvv } : null;
}

function maxDigits(digits: string): number {
  const rule = BRANDS.find((b) => b.pattern.test(digits));
  return rule ? Math.max(...rule.lengths) : MAX_DIGITS;
}

/** Progressive mask: Amex '0000 000000 00000', the others in fours; digits only, at most the brand's length. */
export function maskCardNumber(value: string): string {
  const all = onlyDigits(value);
  const d = all.slice(0, maxDigits(all));
  if (/^3[47]/.test(d)) return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A number of a brand Asaas takes, with one of that brand's lengths, passing the Luhn check. */
export function isValidCardNumber(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(compact)) return false;
  const rule = BRANDS.find((b) => b.pattern.test(compact));
  return rule !== undefined && rule.lengths.includes(compact.length) && luhnValid(compact);
}

/**
 * Progressive mask 'MM/YY' (digits only, at most 4); an 'MM/YYYY' (20YY) anywhere in the text, a phone's autofill
 * or a paste such as 'Validade 12/2030', becomes 'MM/YY'.
 */
export function maskExpiry(value: string): string {
  const autofilled = /(?<!\d)(\d{2})\s*\/\s*20(\d{2})(?!\d)/.exec(value);
  if (autofilled) return `${autofilled[1]}/${autofilled[2]}`;
  const d = onlyDigits(value).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

/** Parses 'MM/YY' into { month, year: 2000 + YY }; null when not MM/YY or month not 1-12. */
export function parseExpiry(value: string): Expiry | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** True when the MM/YY expiry has not passed at `now` (local calendar). */
export function isExpiryInFuture(value: string, now: Date = new Date()): boolean {
  const expiry = parseExpiry(value);
  if (!expiry || Number.isNaN(now.getTime())) return false;
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  // Seed §5: the expiry must be after the current month and year, so a card in its last month is refused.
  return expiry.year > currentYear || (expiry.year === currentYear && expiry.month > currentMonth);
}

/** 3 or 4 digits; with the card number, exactly the brand's size (4 for Amex, 3 for the others). */
export function isValidCvv(value: string, cardNumber?: string): boolean {
  const cvv = value.trim();
  if (!/^\d{3,4}$/.test(cvv)) return false;
  const brand = cardNumber === undefined ? null : cardBrand(cardNumber);
  return brand === null || cvv.length === brand.cvv;
}

/** CVV input mask: digits only, at most 4. */
export function maskCvv(value: string): string {
  return onlyDigits(value).slice(0, 4);
}

/** 'MM/YY' → { expiryMonth: 'MM', expiryYear: '20YY' } for the Asaas payload; null when invalid. */
export function expiryParts(value: string): ExpiryParts | null {
  const expiry = parseExpiry(value);
  if (!expiry) return null;
  return {
    expiryMonth: String(expiry.month).padStart(2, '0'),
    expiryYear: String(expiry.year),
  };
}
