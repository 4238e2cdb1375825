/** Person name helpers (register full name, card holder name). */

/** Variation selectors and zero-width joiners: glue inside emoji, never part of a name. */
const EMOJI_GLUE = /[\p{Variation_Selector}\u200D]/gu;
/** A letter with its combining accents, or a space, apostrophe (' ’) or hyphen. */
const NAME_PIECE = /\p{L}\p{M}*|[ '’-]/gu;

function prepare(value: string): string {
  return value.normalize('NFC').replace(EMOJI_GLUE, '').replace(/\s/g, ' ');
}

/**
 * Keeps every Unicode letter (accented ones included: João, Conceição), spaces, apostrophes
 * (' and ’) and hyphens (D'Ávila, Ana-Maria); strips digits, symbols and emoji. Other whitespace
 * becomes a space; spaces are not collapsed so that typing stays natural.
 */
export function sanitizeName(value: string): string {
  return (prepare(value).match(NAME_PIECE) ?? []).join('');
}

/** sanitizeName, then spaces collapsed and trimmed: the value to save. */
export function normalizeName(value: string): string {
  return sanitizeName(value).replace(/ {2,}/g, ' ').trim();
}

/** Number of Unicode letters (an accented letter counts once). */
export function countLetters(value: string): number {
  return (value.normalize('NFC').match(/\p{L}/gu) ?? []).length;
}

/** Card holder name: at least one letter, and only letters (accented too) and spaces. */
export function isLettersAndSpaces(value: string): boolean {
  const v = value.normalize('NFC');
  return /\p{L}/u.test(v) && /^(?:\p{L}\p{M}*| )+$/u.test(v);
}
