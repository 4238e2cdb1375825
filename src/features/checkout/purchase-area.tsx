import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { FLEX_FEE, PRICES } from '@/config/constants';
import { TermsLink } from '@/components/legal/terms-link';
import { contractSummary, flex, services, termsText } from '@/config/content';
import { paths } from '@/config/routes';
import { CHARGE_IN_ANALYSIS, CHARGE_UNKNOWN, chargeQueries } from '@/lib/api/charges';
import { paymentQueries } from '@/lib/api/payments';
import { formatBRL } from '@/lib/money';
import { readSession } from '@/lib/session';
import type { ChargeRecord, ServiceId } from '@/lib/types';
import { useMode } from '@/lib/use-mode';
import { useSession } from '@/lib/use-session';
import { classifyChargeFailure, createCustomer, createPix, newAttemptId } from './api/asaas';
import { CardForm } from './card-form';
import { pay, type CardInput, type PaymentOutcome } from './payment';
import { AnalysisText, PaymentModals, UnknownText, type PaymentPhase } from './payment-modals';
import { PixPanel, PIX_POLL_MS } from './pix-panel';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="space-y-2 rounded-2xl border border-amber-400 bg-amber-50 p-6 text-ink-900">
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}

/**
 * Where this customer's purchase stands, as the server says: an order (go to tracking), a charge held for
 * analysis or of unknown outcome (wait: the server refuses another), a Pix waiting to be paid (its QR code),
 * or nothing yet (choose and pay). The server decides on every device; nothing is kept in the tab.
 */
type ServerState =
  | { kind: 'loading' | 'error' | 'ordered' | 'analysis' | 'unknown' | 'free' }
  | { kind: 'pix'; charge: ChargeRecord };

const isPixWaiting = (charge: ChargeRecord | null | undefined) =>
  charge?.metodo === 'pix' && charge.status === 'PENDING';

function useServerState(userId: string, admin: boolean): { state: ServerState; retry: () => void } {
  // While a Pix waits, the server is asked again every few seconds: the webhook records the payment there.
  const live = useQuery({
    ...chargeQueries.live(userId, admin),
    refetchInterval: (query) => (isPixWaiting(query.state.data) ? PIX_POLL_MS : false),
  });
  const payments = useQuery({
    ...paymentQueries.mine(userId, admin),
    refetchInterval: isPixWaiting(live.data) ? PIX_POLL_MS : false,
  });
  const retry = () => {
    void payments.refetch();
    void live.refetch();
  };
  if (payments.isPending || live.isPending) return { state: { kind: 'loading' }, retry };
  if (payments.isError || live.isError) return { state: { kind: 'error' }, retry };
  if (payments.data.length > 0) return { state: { kind: 'ordered' }, retry };
  const charge = live.data;
  if (!charge) return { state: { kind: 'free' }, retry };
  if (isPixWaiting(charge)) return { state: { kind: 'pix', charge }, retry };
  // A Pix no longer pending and not paid (expired, cancelled) leaves the customer free to pay again.
  if (charge.metodo === 'pix' && !CHARGE_UNKNOWN.includes(charge.status))
    return { state: { kind: 'free' }, retry };
  return { state: { kind: CHARGE_IN_ANALYSIS.includes(charge.status) ? 'analysis' : 'unknown' }, retry };
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

export default function PurchaseArea({ serviceId, open }: { serviceId: ServiceId; open: boolean }) {
  const session = useSession();
  const userId = session?.id ?? '';
  const queryClient = useQueryClient();
  const server = useServerState(userId, session?.admin ?? false);
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
  if (server.state.kind === 'pix' && !pixSeen) setPixSeen(true);
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
  useEffect(() => {
    if (!processing) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [processing]);

  if (!session) return null;
  const outcome = payment.data;
  const phase: PaymentPhase = processing
    ? { kind: 'processing' }
    : outcome && outcome.kind !== 'conflict' && outcome.kind !== 'signed-out'
      ? outcome
      : { kind: 'idle' };
  const modals = <PaymentModals phase={phase} onRetry={closeOutcome} onClose={closeOutcome} />;

  // While an outcome is on screen, it stays whatever the refetch of the server's state says.
  if (phase.kind === 'idle') {
    if (server.state.kind === 'loading') return <PageLoading />;
    if (server.state.kind === 'error') {
      return (
        <div role="alert" className="rounded-2xl border border-accent-700/40 bg-red-50 p-6">
          <p className="font-semibold text-accent-700">Não foi possível carregar seus dados de pagamento.</p>
          <button
            type="button"
            className="mt-3 min-h-11 font-semibold text-brand-800 underline"
            onClick={server.retry}
          >
            Tentar novamente
          </button>
        </div>
      );
    }
    // One purchase per customer: whoever has paid follows the booking instead.
    // A Pix paid while its QR code was on this page: said here, with the way on to the documents.
    if (server.state.kind === 'ordered' && pixSeen)
      return (
        <PaymentModals
          phase={{ kind: 'confirmed', asaasId: '' }}
          onRetry={closeOutcome}
          onClose={closeOutcome}
        />
      );
    if (server.state.kind === 'ordered') return <Navigate to={paths.tracking} replace />;
    if (server.state.kind === 'pix') return <PixPanel charge={server.state.charge} />;
    if (server.state.kind === 'analysis') {
      return (
        <Notice title="Pagamento em análise">
          <AnalysisText />
        </Notice>
      );
    }
    if (server.state.kind === 'unknown') {
      return (
        <Notice title="Não conseguimos confirmar o seu pagamento">
          <UnknownText />
        </Notice>
      );
    }
    if (!open) return null;
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
      {modals}
    </section>
  );
}
