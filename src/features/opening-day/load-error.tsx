import { Button } from '@/components/ui/button';

/** A list of the opening day that did not load: said as such (never as an empty list), with a retry. */
export function LoadError({
  what,
  query,
  className = 'mt-2',
}: {
  /** 'os casos prontos': completes 'Não foi possível carregar …'. */
  what: string;
  /** The React Query result that failed: its retry, and whether one is running. */
  query: { isFetching: boolean; refetch: () => unknown };
  className?: string;
}) {
  return (
    <div role="alert" className={`${className} rounded-xl border-2 border-accent-700 px-4 py-3`}>
      <p className="font-semibold text-accent-700">Não foi possível carregar {what}.</p>
      <p className="text-sm text-ink-700">Verifique a conexão e tente novamente.</p>
      <Button
        variant="secondary"
        className="mt-2"
        loading={query.isFetching}
        loadingText="Carregando..."
        onClick={() => void query.refetch()}
      >
        Tentar novamente
      </Button>
    </div>
  );
}
