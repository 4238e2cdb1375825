import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Wraps a react-hook-form field so what is typed is rewritten (a mask, the allowed characters) before the
 * form sees it; `after` runs with the rewritten value (e.g. a live check once a CPF is complete).
 */
export function maskedField<Name extends string>(
  field: UseFormRegisterReturn<Name>,
  transform: (value: string) => string,
  after?: (value: string) => unknown,
): UseFormRegisterReturn<Name> {
  return {
    ...field,
    onChange: async (event: { target: HTMLInputElement }) => {
      event.target.value = transform(event.target.value);
      await field.onChange(event);
      await after?.(event.target.value);
    },
  };
}
