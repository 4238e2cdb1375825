/** Brazilian mobile phone (celular): input mask and validation. */
import { onlyDigits } from './cpf';

/**
 * The input attributes of every phone field (registration, 'Minha conta'). No maxLength: the browser would cut a
 * number pasted as '+55 (91) 98765-4321' before the mask keeps its 11 digits (the mask is 15 characters long).
 */
export const phoneInputProps = {
  type: 'tel',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  placeholder: '(00) 00000-0000',
} as const;

/** What may come before the 11 digits of a pasted number: the country code, the trunk 0, or both. */
const PREFIXES = ['55', '0', '550'] as const;

/** The longest number with a prefix: 550 and 11 digits. */
const MAX_WITH_PREFIX = 14;

/**
 * The 11 digits of a number typed or pasted, without a +55 or trunk 0 before a valid mobile. Past 11 digits that
 * begin like a prefix, the digits are kept whole (up to 14) until the prefix resolves: typed key by key,
 * '+55 91 98765-4321' is '(55) 91987-6543' at its 11th digit, which must not be where it stops.
 */
function nationalDigits(value: string): string {
  const d = onlyDigits(value).slice(0, MAX_WITH_PREFIX);
  const prefix = PREFIXES.find(
    (p) => d.length === 11 + p.length && d.startsWith(p) && isValidPhone(d.slice(p.length)),
  );
  if (prefix) return d.slice(prefix.length);
  if (d.length > 11 && PREFIXES.some((p) => d.startsWith(p))) return d.slice(0, MAX_WITH_PREFIX);
  return d.slice(0, 11);
}

/**
 * Progressive mask '(00) 00000-0000' as the user types (digits only, at most 11; a +55 or trunk 0 goes). A number
 * still carrying its prefix shows as bare digits, which isValidPhone refuses until it resolves.
 */
export function maskPhone(value: string): string {
  const d = nationalDigits(value);
  if (d.length === 0) return '';
  if (d.length > 11) return d;
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

/**
 * True for an 11-digit mobile number, masked or not: DDD 11-99 (no Brazilian DDD ends in 0)
 * followed by a 9 (the mobile ninth digit). Letters make it invalid.
 */
export function isValidPhone(value: string): boolean {
  if (/\p{L}/u.test(value)) return false;
  return /^[1-9][1-9]9\d{8}$/.test(onlyDigits(value));
}
