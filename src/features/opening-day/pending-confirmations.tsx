import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/config/routes';
import { bookingDayQueries, calendario, loadFailed } from '@/lib/api/booking-day';
import { LoadError } from './load-error';

/**
 * Staff: the appointments at consulates that ask for the portal confirmation, within 10 days, that the customer
 * has not said are confirmed ("Já confirmei"); the window's last day first (GET /api/confirmacoes/pendentes).
 */
export function PendingConfirmations() {
  const pending = useQuery(bookingDayQueries.pendingConfirmations());
  const list = pending.data ?? [];
  return (
    <section aria-labelledby="confirmacoes-pendentes" className="mt-8">
      <h2 id="confirmacoes-pendentes" className="text-xl font-bold">
        Confirmações pendentes{pending.data ? ` (${list.length})` : ''}
      </h2>
      {loadFailed(pending) ? (
        <LoadError what="as confirmações pendentes" query={pending} />
      ) : pending.isPending ? (
        <p className="mt-2 text-ink-700">Carregando...</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-ink-700">Nenhum atendimento aguardando a confirmação no portal.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {list.map((p) => (
            <li key={p.compromisso} className="rounded-2xl border border-gray-200 p-3">
              <Link to={paths.bookingDetails(p.agendamento)} className="font-bold text-brand-800 underline">
                {p.cliente}
              </Link>
              <p className="text-sm text-ink-700">
                {p.requerentes} · atendimento {calendario.diaBR(p.data)} às {p.hora} ·{' '}
                {p.estado === 'encerrada'
                  ? `prazo terminou em ${calendario.diaBR(p.ate)}`
                  : `confirmar até ${calendario.diaBR(p.ate)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
