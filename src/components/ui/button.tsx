import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'light';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60 aria-busy:bg-brand-700/60',
  secondary: 'border border-brand-700 text-brand-800 bg-white hover:bg-brand-50',
  ghost: 'text-brand-800 hover:bg-brand-50',
  danger: 'bg-accent-700 text-white hover:bg-accent-600',
  light: 'bg-white text-brand-800 hover:bg-brand-50',
};

export const buttonClass = (variant: Variant = 'primary', className?: string) =>
  cn(
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed aria-busy:cursor-wait',
    variants[variant],
    className,
  );

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: Variant;
  loading?: boolean;
  loadingText?: string;
}

/**
 * While `loading`, the button takes no press (a click, Enter in its form) but stays focusable: disabling it would
 * drop the keyboard user's focus to the page's start (WCAG 2.4.3), so it is only marked aria-disabled.
 */
export function Button({
  variant = 'primary',
  loading,
  loadingText,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled}
      aria-disabled={(loading && !disabled) || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // Also stops the form's submission, which a press of a submit button (or Enter in a field) starts.
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {loading ? (
        <Spinner label={loadingText ?? (typeof children === 'string' ? children : undefined)} />
      ) : (
        children
      )}
    </button>
  );
}
