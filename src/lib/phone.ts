/** Brazilian mobile phone (celular): input mask and validation. */
import { onlyDigits } from './cpf';

/** The input attributes of every phone field (registration, 'Minha conta'); the mask is 15 characters long. */
export const phoneInputProps = {
  type: 'tel',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  placeholder: '(00) 00000-0000',
  maxLength: 15,
} as const;

/** Progressive mask '(00) 00000-0000' as the user types (digits only, at most 11). */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length === 0) return '';
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
