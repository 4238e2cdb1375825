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

/** Progressive mask '0000 0000 0000 0000' (digits only, at most 16). */
export function maskCardNumber(value: string): string {
  const d = onlyDigits(value).slice(0, 16);
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Exactly 16 digits (spaces and hyphens between them allowed) passing the Luhn check. */
export function isValidCardNumber(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d{16}$/.test(compact) && luhnValid(compact);
}

/** Progressive mask 'MM/YY' (digits only, at most 4). */
export function maskExpiry(value: string): string {
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

/** 3 or 4 digits. */
export function isValidCvv(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
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
