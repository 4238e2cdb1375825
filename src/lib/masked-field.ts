import type { UseFormRegisterReturn } from 'react-hook-form';

/** Letters and digits: what a mask keeps; the rest (spaces, dots, slashes) it adds or drops. */
const SIGNIFICANT = /[\p{L}\p{N}]/u;

/** Where the caret goes in `masked` so that as many significant characters stand before it as before. */
export function caretAfter(masked: string, significantBefore: number): number {
  if (significantBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (SIGNIFICANT.test(masked[i] ?? '') && ++seen === significantBefore) return i + 1;
  }
  return masked.length;
}

const countSignificant = (text: string) => Array.from(text).filter((c) => SIGNIFICANT.test(c)).length;

/**
 * Wraps a react-hook-form field so what is typed is rewritten (a mask, the allowed characters) before the
 * form sees it; `after` runs with the rewritten value (e.g. a live check once a CPF is complete). The caret
 * stays after the character it followed, so editing a digit in the middle of a masked number works.
 */
export function maskedField<Name extends string>(
  field: UseFormRegisterReturn<Name>,
  transform: (value: string) => string,
  after?: (value: string) => unknown,
): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: async (event: { target: HTMLInputElement }) => {
      const input = event.target;
      const raw = input.value;
      const caret = input.selectionStart;
      const masked = transform(raw);
      input.value = masked;
      // Only while typing inside the field (not at its end), and where the browser keeps a selection.
      if (caret !== null && caret < raw.length && document.activeElement === input) {
        const position = caretAfter(masked, countSignificant(raw.slice(0, caret)));
        try {
          input.setSelectionRange(position, position);
        } catch {
          /* input types without a selection (email, number) */
        }
      }
      await field.onChange(event);
      await after?.(masked);
    },
  };
}
