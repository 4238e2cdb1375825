import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router-dom';
import {
  bookingDayApi,
  bookingDayQueries,
  calendario,
  fileUrl,
  janelas,
  pbMs,
  recordErrorMessage,
  RESULTADOS,
  type CompromissoRecord,
  type ConsuladoRecord,
} from '@/lib/api/booking-day';
import { caseFileQueries } from '@/lib/api/case-file';
import { garantia, useGuarantee } from '@/lib/api/guarantee';
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
  const [now] = useState(() => Date.now());
  const guarantee = useGuarantee();
  const ready = booking.status_agendamento === 'ANALISE_OK';
  const consulates = useQuery({
    ...bookingDayQueries.consulates(),
    enabled: !!appointments.data?.length || (ready && guarantee.ativa),
  });
  // The appointment's consulate (its record), else the booking's (its code).
  const consulateOf = (a: CompromissoRecord) =>
    consulates.data?.find((c) => c.id === a.consulado) ??
    consulates.data?.find((c) => c.codigo === booking.consulado);
  const list = attempts.data ?? [];
  const last = list[0];
  const lastMs = pbMs(last?.created);
  const names = (ids: string[]) =>
    ids
      .map((id) => applicants.data?.find((a) => a.id === id))
      .map((a) => (a ? `${a.nome} ${a.sobrenome}`.trim() : ''))
      .filter(Boolean)
      .join(', ');
  // One calendar event per applicant of each active appointment (the kit's lib/calendario.js, as the server's
  // .ics and e-mails); a cancelled one (Flex, the consulate) is listed as such.
  const events = (appointments.data ?? [])
    .filter((a) => !a.cancelamento)
    .flatMap((a) =>
      a.requerentes.map((id) => ({
        uid: `${a.id}-${id}`,
        nome: names([id]) || 'Requerente',
        data: a.data,
        hora: a.hora,
        local: a.local,
        codigo: a.codigo_portal,
      })),
    );
  // The guarantee's count (the kit's garantia_comum.js, as the server's cron decides it): only while it is on,
  // for a case ready to book at a consulate whose windows are known.
  const ownConsulate = consulates.data?.find((c) => c.codigo === booking.consulado);
  const guaranteeLine =
    ready && guarantee.ativa && ownConsulate?.janelas_estado === 'conhecidas'
      ? garantia.andamento(
          guarantee.janelas,
          garantia.avaliar(
            guarantee.janelas,
            list.map((t) => ({
              janelaMs: pbMs(t.janela),
              garantia: t.garantia ?? '',
              criadoMs: pbMs(t.created),
            })),
            janelas.janelaAnterior(ownConsulate.janelas ?? [], ownConsulate.fuso, now),
            garantia.voltaDe(appointments.data ?? []),
          ).restantes,
        )
      : '';
  return (
    <>
      {ready ? (
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
          A última foi {janelas.diaDaSemana(lastMs)}, {janelas.diaLocal(lastMs)} às{' '}
          {janelas.horaLocal(lastMs)}:{' '}
          <strong className="text-ink-900">{RESULTADOS[last.resultado].toLowerCase()}</strong>
          {last.nota ? ` (${last.nota})` : ''}.
        </p>
      ) : null}
      {guaranteeLine ? <p data-testid="garantia">{guaranteeLine}</p> : null}
      {appointments.data?.length ? (
        <ul className="space-y-3" aria-label="Agendamentos de cada requerente">
          {appointments.data.map((a) => (
            <li key={a.id} className="rounded-lg border border-gray-200 p-3">
              <p className="font-semibold text-ink-900">{names(a.requerentes) || 'Requerente'}</p>
              <p className={a.cancelamento ? 'line-through' : undefined}>
                {dmy(a.data)} às {a.hora}
                {a.local ? ` · ${a.local}` : ''}
              </p>
              {a.cancelamento ? (
                <p className="font-semibold text-ink-900">
                  {a.cancelamento === 'flex'
                    ? 'Cancelado a seu pedido (Flex).'
                    : 'Cancelado pelo consulado: buscamos uma nova data sem custo.'}
                </p>
              ) : null}
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
              {a.cancelamento ? null : (
                <ConfirmationTask
                  appointment={a}
                  consulate={consulateOf(a)}
                  now={now}
                  active={booking.status_agendamento === 'AGENDADO'}
                />
              )}
              <ul className="mt-1 flex flex-wrap gap-x-4">
                {events
                  .filter((ev) => ev.uid.startsWith(`${a.id}-`))
                  .map((ev) => (
                    <li key={ev.uid}>
                      <a
                        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
                        href={calendario.linkGoogle(ev)}
                        target="_blank"
                        rel="noreferrer"
                      >
                        Adicionar ao Google Agenda{a.requerentes.length > 1 ? ` (${ev.nome})` : ''}
                      </a>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
      {events.length ? (
        <a
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
          href={`data:text/calendar;charset=utf-8;method=PUBLISH,${encodeURIComponent(calendario.ics(events, now))}`}
          download="atendimento-consulado.ics"
        >
          Baixar o arquivo de calendário (.ics)
        </a>
      ) : null}
    </>
  );
}

/**
 * Whether the applicant must confirm the appointment in the Prenot@mi portal, as the consulate's data says:
 * the window (D-10 to D-3), how, and "Já confirmei" (recorded by the server, in the window) where it asks for
 * it; the opposite where it says not to; unknown otherwise.
 */
function ConfirmationTask({
  appointment,
  consulate,
  now,
  active,
}: {
  appointment: CompromissoRecord;
  consulate: ConsuladoRecord | undefined;
  now: number;
  active: boolean;
}) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => bookingDayApi.confirmed(appointment.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingDayQueries.all() }),
  });
  if (!consulate) return null;
  const quando = consulate.confirmacao_quando ? ` ${consulate.confirmacao_quando}` : '';
  if (consulate.confirmacao === 'nao') {
    return (
      <p data-testid="confirmacao">
        O consulado de {consulate.nome} pede que você <strong>não</strong> confirme este agendamento no
        portal: ele mesmo confere o processo.{quando}
      </p>
    );
  }
  if (consulate.confirmacao === 'sim') {
    const hoje = janelas.diaLocal(now).split('/').reverse().join('-');
    const janela = calendario.janelaConfirmacao(appointment.data, hoje);
    const done = !!appointment.confirmado_em;
    return (
      <div
        data-testid="confirmacao"
        className={done ? 'mt-2 rounded-md bg-brand-50 p-2' : 'mt-2 rounded-md bg-amber-50 p-2'}
      >
        <p className="font-semibold text-ink-900">
          Confirme no Prenot@mi entre {calendario.diaBR(janela.de)} e {calendario.diaBR(janela.ate)}
          {janela.estado === 'aberta' ? ' (o prazo está aberto)' : ''}
          {janela.estado === 'encerrada' ? ' (o prazo terminou)' : ''}
        </p>
        <p>
          O consulado de {consulate.nome} cancela o agendamento que não for confirmado nesse prazo. Entre no
          Prenot@mi com a conta do requerente, abra &quot;I miei appuntamenti&quot; e confirme o agendamento.
          {quando}
        </p>
        {done ? (
          <p role="status" className="mt-1 font-semibold text-brand-900">
            Você registrou a confirmação em {janelas.diaLocal(pbMs(appointment.confirmado_em))}.
          </p>
        ) : active && janela.estado === 'aberta' ? (
          <>
            <Button
              className="mt-2"
              onClick={() => confirm.mutate()}
              loading={confirm.isPending}
              loadingText="Registrando..."
            >
              Já confirmei
            </Button>
            {confirm.isError ? (
              <p role="alert" className="mt-1 font-semibold text-accent-700">
                {recordErrorMessage(confirm.error)}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    );
  }
  return (
    <p data-testid="confirmacao">
      Não sabemos se o consulado de {consulate.nome} pede que o agendamento seja confirmado no portal: as
      fontes que consultamos não dizem. Se o Prenot@mi pedir uma confirmação, faça-a.
    </p>
  );
}
