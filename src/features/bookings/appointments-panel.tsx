import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextAreaField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import {
  bookingDayApi,
  bookingDayQueries,
  calendario,
  janelas,
  pbMs,
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
  const error =
    send.error instanceof ClientResponseError && send.error.status === 400
      ? send.error.message
      : send.isError
        ? 'Não foi possível registrar agora. Tente novamente em alguns minutos.'
        : '';
  return (
    <Modal title="O consulado cancelou o atendimento" onClose={send.isPending ? undefined : onClose}>
      <form
        className="space-y-4 text-ink-700"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <FormAlert>{error}</FormAlert>
        <p>
          Os atendimentos ativos deste pedido ficam cancelados pelo consulado e o processo volta para
          &quot;Análise OK&quot;, para um novo agendamento sem custo. O Flex do cliente não é usado.
        </p>
        <TextAreaField
          label="O que o consulado informou (opcional)"
          value={motivo}
          maxLength={500}
          rows={3}
          onChange={(event) => setMotivo(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={send.isPending}>
            Voltar
          </Button>
          <Button type="submit" loading={send.isPending} loadingText="Registrando...">
            Registrar cancelamento
          </Button>
        </div>
      </form>
    </Modal>
  );
}
