import { Button } from '@/components/ui/button';

/** A list of the opening day that did not load: said as such (never as an empty list), with a retry. */
export function LoadError({
  what,
  retrying,
  onRetry,
  className = 'mt-2',
}: {
  /** 'os casos prontos': completes 'Não foi possível carregar …'. */
  what: string;
  retrying: boolean;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={`${className} rounded-xl border-2 border-accent-700 px-4 py-3`}>
      <p className="font-semibold text-accent-700">Não foi possível carregar {what}.</p>
      <p className="text-sm text-ink-700">Verifique a conexão e tente novamente.</p>
      <Button
        variant="secondary"
        className="mt-2"
        loading={retrying}
        loadingText="Carregando..."
        onClick={onRetry}
      >
        Tentar novamente
      </Button>
    </div>
  );
}
