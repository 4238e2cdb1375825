import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ConsulateWait } from '@/components/wait/consulate-wait';
import { paths } from '@/config/routes';
import { waitQueries } from '@/lib/api/wait';
import { formatDateTime } from '@/lib/dates';

/**
 * Staff's view of the published wait for one consulate (issue #28, item 5): the same figures as the public
 * page, computed now, and the ready cases waiting longest, each linked to its booking.
 */
export function StaffWaitSection({ codigo }: { codigo: string }) {
  const wait = useQuery(waitQueries.staff());
  const consulado = wait.data?.resumo.consulados.find((c) => c.codigo === codigo);
  const fila = wait.data?.filas.find((f) => f.codigo === codigo);
  return (
    <section aria-labelledby="espera-equipe" className="mt-8">
      <h2 id="espera-equipe" className="text-lg font-bold">
        Tempo de espera
      </h2>
      {wait.isPending ? <p className="mt-2 text-ink-700">Carregando...</p> : null}
      {wait.isError ? <p role="alert">Não foi possível carregar o tempo de espera.</p> : null}
      {consulado ? (
        <div className="mt-3">
          <ConsulateWait consulado={consulado} heading="h3" id="espera-equipe" />
        </div>
      ) : null}
      {fila ? (
        <>
          <h3 className="mt-4 font-semibold">
            Prontos esperando há mais tempo ({fila.maisAntigos.length} de {fila.prontos})
          </h3>
          {fila.maisAntigos.length === 0 ? (
            <p className="mt-1 text-ink-700">Nenhum caso pronto neste consulado.</p>
          ) : (
            <ol className="mt-2 space-y-1">
              {fila.maisAntigos.map((p) => (
                <li key={p.id}>
                  <Link
                    to={paths.bookingDetails(p.id)}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {p.nome || p.id}
                  </Link>{' '}
                  — pronto desde {formatDateTime(p.prontoEm)} ({p.dias === 1 ? '1 dia' : `${p.dias} dias`})
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}
