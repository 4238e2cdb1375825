import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { CheckboxField } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/spinner';
import { FLEX_FEE, PRICES } from '@/config/constants';
import { env } from '@/config/env';
import { flex, services, termsText } from '@/config/content';
import { paths } from '@/config/routes';
import { paymentQueries } from '@/lib/api/payments';
import { formatBRL } from '@/lib/money';
import type { ServiceId } from '@/lib/types';
import { readSession } from '@/lib/session';
import { useMode } from '@/lib/use-mode';
import { useSession } from '@/lib/use-session';
import { CardForm } from './card-form';
import type { PaymentRecordInput } from './api/asaas';
import { pay, resumeOrder, type CardInput } from './payment';
import { PaymentModals, type PaymentPhase } from './payment-modals';
import { readPaymentState } from './pending-save';

function UnsavedPaymentNotice({ asaasId }: { asaasId: string }) {
  return (
    <div role="alert" className="rounded-2xl border border-amber-400 bg-amber-50 p-6 text-ink-900">
      <h2 className="text-xl font-bold">Seu pagamento foi aprovado</h2>
      <p className="mt-2">
        Ainda não conseguimos registrar o pedido do pagamento <strong className="break-all">{asaasId}</strong>
        . Não pague de novo: recarregue a página em alguns minutos para concluir o registro, ou fale com o
        nosso atendimento (
        <a className="font-semibold underline" href={`mailto:${env.supportEmail}`}>
          {env.supportEmail}
        </a>
        ) informando esse código.
      </p>
    </div>
  );
}

function UncertainPaymentNotice() {
  return (
    <div role="alert" className="rounded-2xl border border-amber-400 bg-amber-50 p-6 text-ink-900">
      <h2 className="text-xl font-bold">Não conseguimos confirmar o seu pagamento</h2>
      <p className="mt-2">
        Para você não ser cobrado duas vezes, confira a fatura ou o aplicativo do seu cartão antes de tentar
        de novo e fale com o nosso atendimento:{' '}
        <a className="font-semibold underline" href={`mailto:${env.supportEmail}`}>
          {env.supportEmail}
        </a>
        .
      </p>
    </div>
  );
}

/** Finishes saving a paid order left unsaved by an earlier visit, before any new payment. */
function ResumePendingSave({ pending }: { pending: PaymentRecordInput }) {
  const queryClient = useQueryClient();
  const resume = useQuery({
    queryKey: ['resume-payment-save', pending],
    queryFn: async () => {
      await resumeOrder(pending);
      await queryClient.invalidateQueries({ queryKey: paymentQueries.all() });
      return true;
    },
    retry: false,
    staleTime: Infinity,
  });
  if (resume.isError) return <UnsavedPaymentNotice asaasId={pending.asaas_id_pagamento} />;
  if (resume.isSuccess) return <Navigate to={paths.tracking} replace />;
  return <PageLoading label="Concluindo o registro do seu pagamento anterior..." />;
}

export default function PurchaseArea({ serviceId, open }: { serviceId: ServiceId; open: boolean }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const payments = useQuery(paymentQueries.mine(session?.id ?? ''));
  const [withFlex, setWithFlex] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [phase, setPhase] = useState<PaymentPhase>({ kind: 'idle' });
  const [acknowledged, setAcknowledged] = useState(false);
  // Read once: an earlier payment of this tab that may have charged comes before anything else.
  const [earlier] = useState(() => (session ? readPaymentState(session.id) : null));
  const navigate = useNavigate();
  const setMode = useMode();
  const processing = phase.kind === 'processing';

  // Leaving while the charge is under way would leave its outcome unknown: the browser asks first.
  useEffect(() => {
    if (!processing) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [processing]);
  // Set for good once a charge may have happened, so this page never charges twice.
  const running = useRef(false);

  if (!session) return null;
  if (earlier?.state === 'saving') return <ResumePendingSave pending={earlier.record} />;
  if (earlier) return <UncertainPaymentNotice />;
  if (phase.kind === 'charged-not-saved' && acknowledged)
    return <UnsavedPaymentNotice asaasId={phase.asaasId} />;
  if (phase.kind === 'uncertain' && acknowledged) return <UncertainPaymentNotice />;
  // Once a payment has started, its modals stay whatever a payments refetch does meanwhile.
  const idle = phase.kind === 'idle';
  if (idle && payments.isPending && session.id) return <PageLoading />;
  if (idle && payments.isError) {
    return (
      <div role="alert" className="rounded-2xl border border-accent-700/40 bg-red-50 p-6">
        <p className="font-semibold text-accent-700">Não foi possível carregar seus dados de pagamento.</p>
        <button
          type="button"
          className="mt-3 min-h-11 font-semibold text-brand-800 underline"
          onClick={() => payments.refetch()}
        >
          Tentar novamente
        </button>
      </div>
    );
  }
  // One purchase per customer: whoever has paid follows the booking instead (unless paying right now).
  if (payments.data && payments.data.length > 0 && phase.kind === 'idle')
    return <Navigate to={paths.tracking} replace />;
  if (!open) return null;

  const price = PRICES[serviceId];
  const total = price + (withFlex ? FLEX_FEE : 0);
  const currentSession = session;

  async function onPay(card: CardInput) {
    if (running.current || !currentSession.id) return;
    // The session may have ended since the page was drawn (an expired token would pay as a guest).
    const fresh = readSession();
    if (!fresh || fresh.id !== currentSession.id) {
      setMode('login');
      return;
    }
    running.current = true;
    setPhase({ kind: 'processing' });
    // Another tab may have paid meanwhile: ask the server, not the cache, right before charging.
    let paidAlready = false;
    try {
      const latest = await queryClient.fetchQuery({ ...paymentQueries.mine(fresh.id), staleTime: 0 });
      paidAlready = latest.length > 0;
    } catch {
      running.current = false;
      setPhase({ kind: 'failed' });
      return;
    }
    if (paidAlready) {
      navigate(paths.tracking, { replace: true });
      return;
    }
    const outcome = await pay(fresh, serviceId, total, card);
    // Only an outcome where nothing was charged lets the customer pay again.
    if (outcome.kind === 'failed') running.current = false;
    setPhase(outcome);
    if (outcome.kind === 'confirmed' || outcome.kind === 'charged-not-saved') {
      void queryClient.invalidateQueries({ queryKey: paymentQueries.all() });
    }
  }

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

      {accepted ? (
        <div className="mt-6">
          <h3 className="mb-4 text-lg font-bold">Pagamento com cartão de crédito</h3>
          <CardForm total={total} busy={phase.kind === 'processing'} onPay={onPay} />
        </div>
      ) : null}

      <PaymentModals
        phase={phase}
        onRetry={() => setPhase({ kind: 'idle' })}
        onClose={() => {
          if (phase.kind === 'charged-not-saved' || phase.kind === 'uncertain') setAcknowledged(true);
          else setPhase({ kind: 'idle' });
        }}
      />
    </section>
  );
}
