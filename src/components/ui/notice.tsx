import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { RETURN_FOCUS_ATTRIBUTE } from './modal';

/** A status box that asks the reader to wait or take care (a payment held, an outcome not yet known). */
export function Notice({
  title,
  className,
  returnFocus = false,
  children,
}: {
  title: string;
  className?: string;
  /** It stands in for a control a modal was opened from (a form gone with the outcome): focus comes back here. */
  returnFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      tabIndex={returnFocus ? -1 : undefined}
      {...(returnFocus ? { [RETURN_FOCUS_ATTRIBUTE]: '' } : {})}
      className={cn(
        'space-y-2 rounded-2xl border border-amber-400 bg-amber-50 p-6 text-ink-900 focus:outline-none',
        className,
      )}
    >
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}
