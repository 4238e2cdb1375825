import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Notice } from '@/components/ui/notice';
import { services } from '@/config/content';
import { paths } from '@/config/routes';
import { myBookingQueries } from '@/lib/api/bookings';
import { paymentQueries } from '@/lib/api/payments';
import { withdraw, type WithdrawalOutcome as Outcome } from '@/lib/api/withdrawal';
import { formatCalendarDay } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import type { BookingRecord, PaymentRecord } from '@/lib/types';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';

/** Days after the payment during which the customer may withdraw (CDC art. 49); the server checks it too. */
export const WITHDRAWAL_DAYS = 7;
const BOOKED = ['AGENDADO', 'FINALIZADO'];

/**
 * The last day (São Paulo, 'YYYY-MM-DD') to withdraw: the 7th day after the day of the payment, which is not
 * counted, to its end; as pocketbase/pb_hooks/lib/estornos.js decides. '' when the date does not parse.
 */
export function withdrawalLastDay(payment: PaymentRecord): string {
  const paid = Date.parse((payment.pago_em || payment.created).replace(' ', 'T'));
  if (!Number.isFinite(paid)) return '';
  return prazo.ultimoDiaDesistencia(paid, WITHDRAWAL_DAYS);
}

function errorMessage(error: unknown): string {
  if (error instanceof ClientResponseError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return 'Não foi possível registrar a desistência agora. Tente novamente em alguns minutos.';
}

function ConfirmWithdrawal({
  payment,
  booked,
  onClose,
  onDone,
}: {
  payment: PaymentRecord;
  booked: boolean;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState('');
  const send = useMutation({
    mutationFn: withdraw,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentQueries.all() }),
        queryClient.invalidateQueries({ queryKey: myBookingQueries.all() }),
      ]),
  });
  async function confirm() {
    setServerError('');
    try {
      onDone(await send.mutateAsync());
    } catch (error) {
      setServerError(errorMessage(error));
    }
  }
  return (
    <ConfirmModal
      title="Desistir da compra"
      formError={serverError}
      pending={send.isPending}
      variant="danger"
      confirmText="Confirmar desistência"
      pendingText="Enviando..."
      onConfirm={confirm}
      onClose={onClose}
    >
      {booked ? (
        <p>
          O seu agendamento já foi marcado. O pedido de desistência vai para a nossa equipe, que entra em
          contato com você pelo e-mail da sua conta.
        </p>
      ) : (
        <p>
          O pedido será cancelado e o valor de{' '}
          <strong>{formatBRL(payment.preco_servico - (payment.valor_estornado ?? 0))}</strong> será estornado
          integralmente, pela mesma forma de pagamento. No cartão de crédito, o estorno pode levar até 10 dias
          úteis para aparecer na fatura.
        </p>
      )}
    </ConfirmModal>
  );
}

const LINK = 'inline-flex min-h-11 items-center font-semibold text-brand-800 underline';

/**
 * Money after the charge, as the customer sees it: a refunded order is closed; within 7 days of the payment the
 * customer may withdraw (CDC art. 49) after a confirmation. Used by tracking and 'Minha conta'.
 */
export function Withdrawal({
  payment,
  booking,
}: {
  payment: PaymentRecord;
  booking: BookingRecord | undefined;
}) {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const status = booking?.status_agendamento ?? '';
  if (payment.status_asaas === 'REFUNDED' || status === 'CANCELADO') {
    return (
      <Notice className="mt-6" title="Pedido cancelado">
        <p>
          Este pedido foi cancelado e o valor pago foi estornado pela mesma forma de pagamento (no cartão de
          crédito, o estorno pode levar até 10 dias úteis para aparecer na fatura). Você pode fazer uma nova
          compra quando quiser.
        </p>
        <p className="mt-2">
          Nova compra:{' '}
          {(['individual', 'familiar'] as const).map((id, i) => (
            <Fragment key={id}>
              {i > 0 ? ' ou ' : null}
              <Link to={paths.service(id)} className={LINK}>
                Serviço {services[id].name}
              </Link>
            </Fragment>
          ))}
          .
        </p>
      </Notice>
    );
  }
  const partly =
    payment.status_asaas === 'PARTIALLY_REFUNDED' ? (
      <Notice className="mt-6" title="Estorno parcial">
        <p>Parte do valor pago foi estornada pela mesma forma de pagamento. O seu pedido continua ativo.</p>
      </Notice>
    ) : null;
  if (outcome === 'encaminhada') {
    return (
      <Notice className="mt-6" title="Pedido de desistência enviado">
        <p>
          Recebemos o seu pedido de desistência. A nossa equipe entra em contato pelo e-mail da sua conta.
        </p>
      </Notice>
    );
  }
  const lastDay = withdrawalLastDay(payment);
  if (!lastDay || prazo.diaSaoPaulo() > lastDay) {
    return (
      <>
        {partly}
        {lastDay ? (
          <p className="mt-8 text-sm text-ink-700">
            O prazo de {WITHDRAWAL_DAYS} dias para desistir da compra (art. 49 do Código de Defesa do
            Consumidor) terminou em {formatCalendarDay(lastDay)}. Se precisar, fale com o nosso atendimento.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      {partly}
      <section aria-labelledby="desistencia" className="mt-8 rounded-2xl border border-gray-200 p-5">
        <h2 id="desistencia" className="text-lg font-bold">
          Desistir da compra
        </h2>
        <p className="mt-2 text-ink-700">
          Você pode desistir até {formatCalendarDay(lastDay)}: {WITHDRAWAL_DAYS} dias a contar do pagamento
          (art. 49 do Código de Defesa do Consumidor).
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
          Desistir da compra
        </Button>
      </section>
      {confirming ? (
        <ConfirmWithdrawal
          payment={payment}
          booked={BOOKED.includes(status)}
          onClose={() => setConfirming(false)}
          onDone={(result) => {
            setConfirming(false);
            setOutcome(result);
          }}
        />
      ) : null}
    </>
  );
}
