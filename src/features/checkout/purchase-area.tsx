import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { FLEX_FEE, PRICES } from '@/config/constants';
import { TermsLink } from '@/components/legal/terms-link';
import { contractSummary, flex, services, termsText } from '@/config/content';
import { paths } from '@/config/routes';
import {
  CHARGE_POLL_MS,
  chargeAwaitsOutcome,
  chargeQueries,
  endedAfterWaiting,
  liveOf,
  paymentsShouldBePolled,
} from '@/lib/api/charges';
import { hasOpenOrder, paymentQueries } from '@/lib/api/payments';
import { formatBRL } from '@/lib/money';
import { readSession } from '@/lib/session';
import type { ChargeRecord, ServiceId } from '@/lib/types';
import { Notice } from '@/components/ui/notice';
import { ENDED_CHARGE_TITLE, EndedChargeText } from '@/components/ended-charge';
import { useLeaveWarning } from '@/lib/use-leave-warning';
import { useMode } from '@/lib/use-mode';
import { useSession } from '@/lib/use-session';
import { classifyChargeFailure, createCustomer, createPix, newAttemptId } from './api/asaas';
import { CardForm } from './card-form';
import { pay, type CardInput, type PaymentOutcome } from './payment';
import { HeldCharge, PaymentModals } from './payment-modals';
import { PixPanel } from './pix-panel';
import { purchaseStatus, type LocalStep, type ServerView } from './purchase-status';

/**
 * The server's answer about this customer's purchase, asked on every device (nothing is kept in the tab).
 * While the live charge waits for its outcome (a Pix, a card held or of unknown outcome), it is asked again
 * every few seconds: the server learns the outcome from Asaas and writes the order.
 */
function useServerView(userId: string, admin: boolean): { server: ServerView; retry: () => void } {
  const latest = useQuery({
    ...chargeQueries.latest(userId, admin),
    refetchInterval: (query) => (chargeAwaitsOutcome(liveOf(query.state.data)) ? CHARGE_POLL_MS : false),
  });
  const liveCharge = liveOf(latest.data);
  const payments = useQuery({
    ...paymentQueries.mine(userId, admin),
    refetchInterval: (query) =>
      paymentsShouldBePolled(liveCharge, query.state.data) ? CHARGE_POLL_MS : false,
  });
  const retry = () => {
    void payments.refetch();
    void latest.refetch();
  };
  if (payments.isPending || latest.isPending) return { server: { kind: 'loading' }, retry };
  if (payments.isError || latest.isError) return { server: { kind: 'error' }, retry };
  return {
    server: {
      kind: 'loaded',
      hasOrder: hasOpenOrder(payments.data),
      liveCharge,
      endedCharge: endedAfterWaiting(latest.data),
    },
    retry,
  };
}

/** The contract's summary before 'Pagar' (Decreto 7.962/2013 art. 4): what is bought, how it is paid, how to withdraw. */
function ContractSummary({
  serviceId,
  withFlex,
  total,
  installments,
}: {
  serviceId: ServiceId;
  withFlex: boolean;
  total: number;
  installments: number | null;
}) {
  return (
    <section
      aria-labelledby="resumo-contrato"
      className="rounded-xl border border-gray-200 p-4 text-sm text-ink-700"
    >
      <h3 id="resumo-contrato" className="text-base font-bold text-ink-900">
        {contractSummary.title}
      </h3>
      <dl className="mt-2 space-y-1">
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt>{contractSummary.serviceLabel}</dt>
          <dd className="font-semibold text-ink-900">{contractSummary.service(services[serviceId].name)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt>{contractSummary.flexLabel}</dt>
          <dd>{contractSummary.flex(withFlex ? FLEX_FEE : 0)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4">
          <dt>{contractSummary.totalLabel}</dt>
          <dd className="font-semibold text-ink-900">{contractSummary.total(total)}</dd>
        </div>
        {installments ? (
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt>{contractSummary.installmentsLabel}</dt>
            <dd>{contractSummary.installments(total, installments)}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>{contractSummary.consularFees}</li>
        <li>{contractSummary.withdrawal}</li>
        <li>{contractSummary.receipt}</li>
      </ul>
    </section>
  );
}

/** The last card charge ended unpaid after a wait: said once the server knows, above the form or in its place. */
function EndedNotice({ charge, className }: { charge: ChargeRecord; className?: string }) {
  return (
    <Notice title={ENDED_CHARGE_TITLE} className={className}>
      <EndedChargeText charge={charge} />
    </Notice>
  );
}

export default function PurchaseArea({ serviceId, open }: { serviceId: ServiceId; open: boolean }) {
  const session = useSession();
  const userId = session?.id ?? '';
  const queryClient = useQueryClient();
  const { server, retry } = useServerView(userId, session?.admin ?? false);
  const [withFlex, setWithFlex] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const setMode = useMode();
  // One attempt, one charge: the id is kept until an outcome says paying again is safe.
  const attempt = useRef<string | null>(null);
  // Set from the click until the outcome is closed: a double click must never start a second request.
  const locked = useRef(false);

  const payment = useMutation({
    mutationFn: ({ card, total }: { card: CardInput; total: number }) => {
      const fresh = readSession();
      if (!fresh) return Promise.resolve<PaymentOutcome>({ kind: 'signed-out' });
      attempt.current ??= newAttemptId();
      return pay(fresh, { serviceId, flex: withFlex, total }, card, attempt.current);
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'declined' || outcome.kind === 'limited') attempt.current = null;
      if (outcome.kind === 'signed-out') setMode('login');
      // No modal for these: the login modal, or the server's state (an order, a live charge), says what next.
      if (outcome.kind === 'signed-out' || outcome.kind === 'conflict') locked.current = false;
    },
    // The server's state (order, live charge) changed whatever the outcome: read it again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentQueries.all() }),
        queryClient.invalidateQueries({ queryKey: chargeQueries.all() }),
      ]),
  });

  const closeOutcome = () => {
    locked.current = false;
    payment.reset();
  };

  const [method, setMethod] = useState<'cartao_credito' | 'pix'>('cartao_credito');
  // A Pix shown on this page: when the server records its payment, this page says 'Pagamento confirmado'.
  const [pixSeen, setPixSeen] = useState(false);
  const pix = useMutation({
    mutationFn: async (total: number) => {
      const customer = await createCustomer();
      return createPix({
        customer,
        value: total,
        description: `Agendamento ${serviceId}${withFlex ? ' + Flex' : ''}`,
        tipo_servico: serviceId,
        flex: withFlex,
        externalReference: newAttemptId(),
      });
    },
    onError: (error) => {
      if (classifyChargeFailure(error).kind === 'signed-out') setMode('login');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chargeQueries.all() }),
  });
  const pixFailure = pix.error ? classifyChargeFailure(pix.error) : null;

  // Leaving while the charge is under way would leave its outcome unknown: the browser asks first.
  const processing = payment.isPending;
  useLeaveWarning(processing);

  const step: LocalStep = processing
    ? { kind: 'paying' }
    : payment.data
      ? { kind: 'answered', outcome: payment.data }
      : { kind: 'idle' };
  const status = purchaseStatus({ signedIn: session !== null, server, step, pixSeen, open });
  if (status.kind === 'pix-waiting' && !pixSeen) setPixSeen(true);

  switch (status.kind) {
    case 'signed-out':
      return null;
    case 'closed':
      return status.ended ? <EndedNotice charge={status.ended} /> : null;
    case 'loading':
      return <PageLoading />;
    case 'load-error':
      return (
        <div role="alert" className="rounded-2xl border border-accent-700/40 bg-red-50 p-6">
          <p className="font-semibold text-accent-700">Não foi possível carregar seus dados de pagamento.</p>
          <button
            type="button"
            className="mt-3 min-h-11 font-semibold text-brand-800 underline"
            onClick={retry}
          >
            Tentar novamente
          </button>
        </div>
      );
    // One purchase per customer: whoever has paid follows the booking instead.
    case 'ordered':
      return <Navigate to={paths.tracking} replace />;
    case 'pix-paid':
      return <PaymentModals status={status} onRetry={closeOutcome} onClose={closeOutcome} />;
    case 'pix-waiting':
      return <PixPanel charge={status.charge} />;
    case 'in-analysis':
    case 'unknown':
      if (status.shown === 'notice')
        return <HeldCharge kind={status.kind} shown="notice" onClose={closeOutcome} />;
      break;
    default:
      break;
  }

  const price = PRICES[serviceId];
  const total = price + (withFlex ? FLEX_FEE : 0);

  return (
    <section
      aria-labelledby="compra-titulo"
      className="rounded-2xl border border-gray-200 p-4 shadow-sm sm:p-8"
    >
      <h2 id="compra-titulo" className="text-2xl font-bold">
        Finalizar contratação
      </h2>
      {status.kind === 'choosing' && status.ended ? (
        <EndedNotice charge={status.ended} className="mt-4" />
      ) : null}

      <div className="mt-6 rounded-xl border border-brand-600 bg-brand-50 p-4">
        <p className="font-bold text-brand-800">{flex.bannerTitle}</p>
        <p className="mt-1 text-ink-700">{flex.bannerText}</p>
        <CheckboxField
          className="mt-3"
          labelClassName="font-semibold"
          label={`Adicionar Flex por ${formatBRL(FLEX_FEE)}`}
          checked={withFlex}
          onChange={setWithFlex}
        />
      </div>

      <dl className="mt-6 space-y-2 rounded-xl bg-gray-50 p-4" aria-label="Resumo">
        <div className="flex justify-between gap-4">
          <dt>Serviço {services[serviceId].name}</dt>
          <dd className="whitespace-nowrap">{formatBRL(price)}</dd>
        </div>
        {withFlex ? (
          <div className="flex justify-between gap-4">
            <dt>Flex (remarcação)</dt>
            <dd className="whitespace-nowrap">{formatBRL(FLEX_FEE)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-gray-300 pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd aria-live="polite" className="whitespace-nowrap">
            {formatBRL(total)}
          </dd>
        </div>
      </dl>

      <CheckboxField className="mt-6" label={termsText} checked={accepted} onChange={setAccepted} />
      <p className="mt-2 pl-9 text-sm">
        <TermsLink>{contractSummary.termsLinkText}</TermsLink>
      </p>

      {accepted ? (
        <fieldset className="mt-6">
          <legend className="mb-2 text-lg font-bold">Forma de pagamento</legend>
          <div className="flex flex-wrap gap-3">
            {(
              [
                ['cartao_credito', 'Cartão de crédito'],
                ['pix', 'Pix'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="forma-de-pagamento"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                  className="size-5 accent-brand-700"
                />
                <span className="font-semibold">{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {accepted && method === 'pix' ? (
        <div className="mt-6 space-y-4">
          <ContractSummary serviceId={serviceId} withFlex={withFlex} total={total} installments={null} />
          {pixFailure && pixFailure.kind !== 'signed-out' ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-semibold text-accent-700">
              {pixFailure.kind === 'declined' || pixFailure.kind === 'limited'
                ? 'message' in pixFailure
                  ? pixFailure.message
                  : pixFailure.reason
                : 'Não foi possível gerar o Pix agora. Tente novamente em alguns minutos.'}
            </p>
          ) : null}
          <Button
            className="w-full"
            loading={pix.isPending}
            loadingText="Gerando o Pix..."
            onClick={() => {
              if (!pix.isPending) pix.mutate(total);
            }}
          >
            Gerar Pix de {formatBRL(total)}
          </Button>
        </div>
      ) : null}

      {accepted && method === 'cartao_credito' ? (
        <div className="mt-6">
          <h3 className="mb-4 text-lg font-bold">Pagamento com cartão de crédito</h3>
          <CardForm
            total={total}
            busy={processing}
            beforePay={(installments) => (
              <ContractSummary
                serviceId={serviceId}
                withFlex={withFlex}
                total={total}
                installments={installments}
              />
            )}
            onPay={(card) => {
              if (locked.current) return;
              locked.current = true;
              payment.mutate({ card, total });
            }}
          />
        </div>
      ) : null}
      <PaymentModals status={status} onRetry={closeOutcome} onClose={closeOutcome} />
    </section>
  );
}
