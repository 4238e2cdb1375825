import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ReasonModal } from '@/components/ui/reason-modal';
import {
  bookingDayApi,
  bookingDayQueries,
  calendario,
  janelas,
  pbMs,
  recordErrorMessage,
  type CompromissoRecord,
  type ConsuladoRecord,
} from '@/lib/api/booking-day';
import type { BookingRecord } from '@/lib/types';
import { bookingQueries } from './api/bookings';
import { Panel } from './booking-panels';

/** Where an appointment's portal confirmation stands, for staff (the consulate's rule, the window, the answer). */
function confirmation(a: CompromissoRecord, consulate: ConsuladoRecord | undefined, hoje: string) {
  if (a.cancelamento === 'flex') return 'Cancelado pelo Flex do cliente';
  if (a.cancelamento === 'consulado') return 'Cancelado pelo consulado';
  if (!consulate || consulate.confirmacao === 'desconhecido')
    return 'Confirmação no portal: regra desconhecida';
  if (consulate.confirmacao === 'nao') return 'O consulado pede para não confirmar';
  if (a.confirmado_em) return `Confirmado pelo cliente em ${janelas.diaLocal(pbMs(a.confirmado_em))}`;
  const janela = calendario.janelaConfirmacao(a.data, hoje);
  return `Não confirmado (prazo de ${calendario.diaBR(janela.de)} a ${calendario.diaBR(janela.ate)})`;
}

/**
 * Staff: each appointment of the booking with its portal confirmation (who has not confirmed) or its
 * cancellation; and "Consulado cancelou", which takes the case back to the ready list free of charge.
 */
export function AppointmentsPanel({ booking }: { booking: BookingRecord }) {
  const appointments = useQuery(bookingDayQueries.appointments(booking.id));
  const consulates = useQuery({ ...bookingDayQueries.consulates(), enabled: !!appointments.data?.length });
  const [now] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  if (!appointments.data?.length) return null;
  const hoje = janelas.diaLocal(now).split('/').reverse().join('-');
  const consulateOf = (a: CompromissoRecord) =>
    consulates.data?.find((c) => c.id === a.consulado) ??
    consulates.data?.find((c) => c.codigo === booking.consulado);
  return (
    <Panel title="Atendimentos no consulado">
      <ul className="space-y-2 text-sm" aria-label="Atendimentos e confirmações">
        {appointments.data.map((a) => (
          <li key={a.id} data-testid="atendimento-equipe">
            <p className="font-semibold text-ink-900">
              {calendario.diaBR(a.data)} às {a.hora}
            </p>
            <p>{confirmation(a, consulateOf(a), hoje)}</p>
          </li>
        ))}
      </ul>
      {booking.flex_usado_em ? (
        <p className="mt-2 text-sm">
          Flex usado em {janelas.diaLocal(pbMs(booking.flex_usado_em))}: {booking.flex_motivo}
        </p>
      ) : null}
      {booking.status_agendamento === 'AGENDADO' ? (
        <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
          Consulado cancelou
        </Button>
      ) : null}
      {open ? <ConsulateCancelled bookingId={booking.id} onClose={() => setOpen(false)} /> : null}
    </Panel>
  );
}

function ConsulateCancelled({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const send = useMutation({
    mutationFn: () => bookingDayApi.consulateCancelled(bookingId, motivo),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingQueries.all() }),
        queryClient.invalidateQueries({ queryKey: bookingDayQueries.all() }),
      ]);
      onClose();
    },
  });
  const error = send.isError ? recordErrorMessage(send.error) : '';
  return (
    <ReasonModal
      title="O consulado cancelou o atendimento"
      label="O que o consulado informou (opcional)"
      reason={motivo}
      onReasonChange={setMotivo}
      formError={error}
      pending={send.isPending}
      submitText="Registrar cancelamento"
      pendingText="Registrando..."
      onSubmit={() => send.mutateAsync().catch(() => undefined)}
      onClose={onClose}
    >
      <p>
        Os atendimentos ativos deste pedido ficam cancelados pelo consulado e o processo volta para
        &quot;Análise OK&quot;, para um novo agendamento sem custo. O Flex do cliente não é usado.
      </p>
    </ReasonModal>
  );
}
