import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { bookingDayQueries, fileUrl, janelas, pbMs, RESULTADOS } from '@/lib/api/booking-day';
import { caseFileQueries } from '@/lib/api/case-file';
import type { BookingRecord } from '@/lib/types';

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * Step 4's booking day: how many attempts staff made and the last one's day, time and result; then each
 * applicant's appointment with its confirmation to download (a protected file, fetched with a file token).
 */
export function BookingDay({ booking }: { booking: BookingRecord }) {
  const attempts = useQuery(bookingDayQueries.attempts(booking.id));
  const appointments = useQuery(bookingDayQueries.appointments(booking.id));
  const applicants = useQuery({
    ...caseFileQueries.applicants(booking.id),
    enabled: !!appointments.data?.length,
  });
  const token = useQuery({
    ...caseFileQueries.fileToken(),
    enabled: !!appointments.data?.some((a) => a.comprovante),
  });
  const list = attempts.data ?? [];
  const last = list[0];
  const lastMs = pbMs(last?.created);
  const names = (ids: string[]) =>
    ids
      .map((id) => applicants.data?.find((a) => a.id === id))
      .map((a) => (a ? `${a.nome} ${a.sobrenome}`.trim() : ''))
      .filter(Boolean)
      .join(', ');
  return (
    <>
      {booking.status_agendamento === 'ANALISE_OK' ? (
        <p>
          No dia da liberação das vagas, a nossa equipe precisa de você por alguns minutos.{' '}
          <Link to="/prontidao" className="font-semibold text-brand-800 underline">
            Abrir a página de prontidão
          </Link>
        </p>
      ) : null}
      {last ? (
        <p data-testid="tentativas">
          {list.length === 1
            ? 'Fizemos 1 tentativa de agendamento.'
            : `Fizemos ${list.length} tentativas de agendamento.`}{' '}
          A última foi {janelas.DIAS[new Date(lastMs - 3 * 3_600_000).getUTCDay()]},{' '}
          {janelas.diaLocal(lastMs)} às {janelas.horaLocal(lastMs)}:{' '}
          <strong className="text-ink-900">{RESULTADOS[last.resultado].toLowerCase()}</strong>
          {last.nota ? ` (${last.nota})` : ''}.
        </p>
      ) : null}
      {appointments.data?.length ? (
        <ul className="space-y-3" aria-label="Agendamentos de cada requerente">
          {appointments.data.map((a) => (
            <li key={a.id} className="rounded-lg border border-gray-200 p-3">
              <p className="font-semibold text-ink-900">{names(a.requerentes) || 'Requerente'}</p>
              <p>
                {dmy(a.data)} às {a.hora}
                {a.local ? ` · ${a.local}` : ''}
              </p>
              {a.codigo_portal ? <p>Código do Prenot@mi: {a.codigo_portal}</p> : null}
              {a.comprovante && token.data ? (
                <a
                  className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                  href={fileUrl(a, 'compromissos', a.comprovante, token.data)}
                  download
                >
                  Baixar confirmação{names(a.requerentes) ? ` de ${names(a.requerentes)}` : ''}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
