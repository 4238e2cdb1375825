/** CPF (Brazilian individual tax id): validation and input mask. */

const LETTER = /\p{L}/u;

/** Removes every character that is not an ASCII digit 0-9. */
export function onlyDigits(s: string): string {
  return s.replace(/[^0-9]/g, '');
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i += 1) {
    sum += Number(digits.charAt(i)) * (length + 1 - i);
  }
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * True for a CPF with valid check digits, masked ('123.456.789-09') or not ('12345678909').
 * Separators are ignored, but any letter makes it invalid; so do all-equal digits.
 */
export function isValidCpf(value: string): boolean {
  if (LETTER.test(value)) return false;
  const digits = onlyDigits(value);
  if (digits.length !== 11) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return (
    checkDigit(digits, 9) === Number(digits.charAt(9)) && checkDigit(digits, 10) === Number(digits.charAt(10))
  );
}

/** Progressive mask '000.000.000-00' as the user types (digits only, at most 11). */
export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
