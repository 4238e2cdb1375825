import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ConsulateWait } from '@/components/wait/consulate-wait';
import { paths } from '@/config/routes';
import { waitQueries } from '@/lib/api/wait';

/**
 * Tracking's honest wait (issue #28, item 5): how long cases of the customer's consulate took, and, once theirs
 * is ready, how many ready cases are ahead of it in our queue (the server counts them for the owner only).
 */
export function WaitSection({ bookingId }: { bookingId: string }) {
  const wait = useQuery(waitQueries.mine(bookingId));
  const consulado = wait.data?.consulado;
  if (!consulado) return null;
  return (
    <section aria-labelledby="espera-titulo" className="rounded-xl border border-gray-200 p-4">
      <h3 id="espera-titulo" className="font-semibold text-ink-900">
        Quanto tempo costuma levar
      </h3>
      {wait.data?.frase ? <p className="mt-1 font-semibold text-brand-900">{wait.data.frase}</p> : null}
      <div className="mt-3">
        <ConsulateWait consulado={consulado} heading="h4" id="espera-cliente" />
      </div>
      <p className="mt-3 text-sm">
        <Link to={paths.wait} className="font-semibold text-brand-800 underline underline-offset-2">
          Ver todos os consulados
        </Link>
      </p>
    </section>
  );
}
