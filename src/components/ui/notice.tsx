import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A status box that asks the reader to wait or take care (a payment held, an outcome not yet known). */
export function Notice({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      className={cn('space-y-2 rounded-2xl border border-amber-400 bg-amber-50 p-6 text-ink-900', className)}
    >
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}
