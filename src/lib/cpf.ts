/** CPF (Brazilian individual tax id): validation and input mask. */
import comum from '../../pocketbase/pb_hooks/lib/comum.js';

/** Removes every character that is not an ASCII digit 0-9. */
export function onlyDigits(s: string): string {
  return s.replace(/[^0-9]/g, '');
}

/**
 * True for a CPF with valid check digits, masked ('123.456.789-09') or not ('12345678909'): the mask's
 * separators at most (a letter or another symbol makes it invalid; so do all-equal digits). The server's own
 * code: pocketbase/pb_hooks/lib/comum.js cpfValido.
 */
export const isValidCpf = (value: string): boolean => comum.cpfValido(value);

/** Progressive mask '000.000.000-00' as the user types (digits only, at most 11). */
export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
