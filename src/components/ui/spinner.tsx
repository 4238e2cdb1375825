import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent',
          className,
        )}
      />
      {label ? <span>{label}</span> : null}
    </span>
  );
}

export function PageLoading({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-ink-700">
      <Spinner label={label} />
    </div>
  );
}
