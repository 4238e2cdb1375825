import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export const inputClass = (invalid?: boolean) =>
  cn(
    'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-ink-900 placeholder:text-ink-600/80 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600/30',
    invalid ? 'border-accent-700' : 'border-gray-400',
  );

/** The ids FieldShell gives a field's error and hint, for the control's aria-describedby. */
export const fieldErrorId = (id: string) => `${id}-error`;
export const fieldHintId = (id: string) => `${id}-hint`;
/** A control's aria-describedby: the ids of its error and hint, when shown. */
const describedByOf = (id: string, error?: string, hint?: ReactNode) =>
  [error ? fieldErrorId(id) : null, hint ? fieldHintId(id) : null].filter(Boolean).join(' ') || undefined;

interface FieldShellProps {
  /** The control's id: the label points at it; hint and error get fieldHintId(id) and fieldErrorId(id). */
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error of every form field; the control ties them with aria-describedby. */
export function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={fieldHintId(id)} className="text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-accent-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(inputId, error, hint)}
        className={inputClass(Boolean(error))}
        {...rest}
      />
    </FieldShell>
  );
});

export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-accent-700/40 bg-red-50 px-4 py-3 text-sm font-medium text-accent-700"
    >
      {children}
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
}

/** A labelled select, its error announced and tied to it like Field's. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, id, className, children, ...rest },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldShell id={selectId} label={label} error={error} className={className}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(selectId, error)}
        className={inputClass(Boolean(error))}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
});

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled multi-line field, tied to its hint and error like Field. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const areaId = id ?? autoId;
  return (
    <FieldShell id={areaId} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(areaId, error, hint)}
        className={cn(inputClass(Boolean(error)), 'min-h-28')}
        {...rest}
      />
    </FieldShell>
  );
});

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  labelClassName?: string;
}

/** A checkbox with its own <label> beside it (the whole label is the click target). */
export function CheckboxField({ label, checked, onChange, className, labelClassName }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
    </div>
  );
}
