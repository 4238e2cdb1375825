import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ReasonModal } from '@/components/ui/reason-modal';
import { FLEX_DEADLINE_DAYS } from '@/config/constants';
import { paths } from '@/config/routes';
import { myBookingQueries } from '@/lib/api/bookings';
import { bookingDayApi, bookingDayQueries, calendario, janelas, pbMs } from '@/lib/api/booking-day';
import type { BookingRecord, PaymentRecord } from '@/lib/types';

const termsLink = (
  <Link to={`${paths.terms}#flex`} className="font-semibold text-brand-800 underline">
    termos de uso
  </Link>
);

function errorMessage(error: unknown) {
  if (error instanceof ClientResponseError && error.status === 400 && error.message) return error.message;
  return 'Não foi possível enviar o pedido agora. Tente novamente em alguns minutos.';
}

/**
 * A new date with the order's Flex (issue #28): up to FLEX_DEADLINE_DAYS before the appointment, once, with a
 * reason and a confirmation; the kit's rule (lib/calendario.js recusaFlex) says here what the server will say.
 * Without Flex, what the terms allow. After the request, where the case stands.
 */
export function FlexRequest({ booking, payment }: { booking: BookingRecord; payment: PaymentRecord }) {
  const appointments = useQuery(bookingDayQueries.appointments(booking.id));
  const [open, setOpen] = useState(false);
  const [now] = useState(() => Date.now());
  const status = booking.status_agendamento;
  if (booking.flex_usado_em) {
    return (
      <section aria-labelledby="flex-titulo" className="rounded-lg border border-gray-200 p-3">
        <h3 id="flex-titulo" className="font-semibold text-ink-900">
          Flex (remarcação)
        </h3>
        <p>
          Você pediu uma nova data com o Flex em {janelas.diaLocal(pbMs(booking.flex_usado_em))}.
          {status === 'ANALISE_OK'
            ? ' O agendamento anterior foi cancelado e o seu processo voltou para a fila de agendamento: avisamos por e-mail quando a nova data for marcada.'
            : ''}
        </p>
      </section>
    );
  }
  if (status !== 'AGENDADO') return null;
  const first = (appointments.data ?? []).find((a) => !a.cancelamento);
  const hoje = janelas.diaLocal(now).split('/').reverse().join('-');
  // The day has passed (the first appointment's, or the date staff wrote on the booking): nothing left to move.
  const dia = String(first?.data ?? booking.data_agendamento ?? '').slice(0, 10);
  if (dia !== '' && dia < hoje) return null;
  if (!payment.flex) {
    return (
      <section aria-labelledby="flex-titulo" className="rounded-lg border border-gray-200 p-3">
        <h3 id="flex-titulo" className="font-semibold text-ink-900">
          Não pode ir na data marcada?
        </h3>
        <p data-testid="sem-flex">
          O seu pedido não inclui o Flex. Pelos {termsLink}, sem o Flex a remarcação não está incluída no
          preço; fale com a nossa equipe. Se o próprio consulado cancelar o atendimento, buscamos uma nova
          data sem custo.
        </p>
      </section>
    );
  }
  if (!first) return null;
  const limite = calendario.limiteFlex(first.data, FLEX_DEADLINE_DAYS);
  return (
    <section aria-labelledby="flex-titulo" className="rounded-lg border border-gray-200 p-3">
      <h3 id="flex-titulo" className="font-semibold text-ink-900">
        Não pode ir na data marcada?
      </h3>
      {hoje > limite ? (
        <p>
          O prazo do Flex para este atendimento terminou em {calendario.diaBR(limite)}: pelos {termsLink}, a
          nova data pode ser pedida até {FLEX_DEADLINE_DAYS} dias antes do atendimento.
        </p>
      ) : (
        <>
          <p>
            O seu pedido inclui o Flex: buscamos uma nova data para você, uma vez. Peça até{' '}
            {calendario.diaBR(limite)} ({FLEX_DEADLINE_DAYS} dias antes do atendimento, pelos {termsLink}).
          </p>
          <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
            Pedir nova data (Flex)
          </Button>
        </>
      )}
      {open ? (
        <ConfirmFlex
          booking={booking}
          when={`${calendario.diaBR(first.data)} às ${first.hora}`}
          hoje={hoje}
          firstDay={first.data}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </section>
  );
}

function ConfirmFlex({
  booking,
  when,
  hoje,
  firstDay,
  onClose,
}: {
  booking: BookingRecord;
  when: string;
  hoje: string;
  firstDay: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [fieldError, setFieldError] = useState('');
  const send = useMutation({
    mutationFn: () => bookingDayApi.flex(booking.id, motivo),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myBookingQueries.all() }),
        queryClient.invalidateQueries({ queryKey: bookingDayQueries.all() }),
      ]),
  });
  const submit = () => {
    // The server's own rule, so the reason's message is the one it would give.
    const recusa = calendario.recusaFlex({
      status: 'AGENDADO',
      flex: true,
      usadoEm: '',
      dia: firstDay,
      hoje,
      prazoDias: FLEX_DEADLINE_DAYS,
      motivo,
    });
    setFieldError(recusa);
    // The promise keeps a double click from sending twice; a failure is shown from send.error.
    if (!recusa) return send.mutateAsync().then(onClose, () => undefined);
  };
  return (
    <ReasonModal
      title="Pedir nova data (Flex)"
      label="Por que você precisa de uma nova data?"
      reason={motivo}
      onReasonChange={setMotivo}
      fieldError={fieldError}
      formError={send.isError ? errorMessage(send.error) : ''}
      pending={send.isPending}
      submitText="Confirmar nova data"
      pendingText="Enviando..."
      onSubmit={submit}
      onClose={onClose}
    >
      <p>
        O agendamento de <strong>{when}</strong> será cancelado e o seu processo volta para a fila de
        agendamento, com o seu histórico. O Flex só pode ser usado uma vez neste pedido.
      </p>
    </ReasonModal>
  );
}
