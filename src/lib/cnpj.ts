/**
 * CNPJ (Brazilian company tax id), numeric or alphanumeric: from July 2026 the Receita Federal issues
 * CNPJs whose first 12 characters may be letters (IN RFB 2.229/2024); the 2 check digits stay numeric and
 * are computed the same way, each character counting as its ASCII code minus 48.
 */

/** Upper case, without the mask's dots, slash, hyphen and spaces. */
function unmask(value: string): string {
  return value.toUpperCase().replace(/[.\-/\s]/g, '');
}

function checkDigit(chars: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i += 1) {
    // Weights 2..9 from the right, starting again after 9.
    sum += (chars.charCodeAt(i) - 48) * (2 + ((length - 1 - i) % 8));
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** True for a CNPJ with valid check digits, masked ('11.222.333/0001-81') or not; all-equal digits are not. */
export function isValidCnpj(value: string): boolean {
  const chars = unmask(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars) || /^(\d)\1{13}$/.test(chars)) return false;
  return checkDigit(chars, 12) === Number(chars[12]) && checkDigit(chars, 13) === Number(chars[13]);
}

/** '11.222.333/0001-81' (upper case); the value as given when it is not 14 characters long. */
export function formatCnpj(value: string): string {
  const c = unmask(value);
  if (c.length !== 14) return value.trim();
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}
