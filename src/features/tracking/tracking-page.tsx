import { useQuery, useQueryClient } from '@tanstack/react-query';
import { textosStatus } from '../../../pocketbase/pb_hooks/lib/regras.json';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageLoading } from '@/components/ui/spinner';
import { brand, requiredDocuments } from '@/config/content';
import { env } from '@/lib/env';
import { paths } from '@/config/routes';
import { myBookingQueries } from '@/lib/api/bookings';
import { bookingDayQueries, useLive } from '@/lib/api/booking-day';
import { caseFileQueries } from '@/lib/api/case-file';
import {
  CHARGE_IN_ANALYSIS,
  CHARGE_POLL_MS,
  chargeAwaitsOutcome,
  chargeQueries,
  endedAfterWaiting,
  liveOf,
  paymentsShouldBePolled,
} from '@/lib/api/charges';
import { openOrders, paymentQueries } from '@/lib/api/payments';
import { isBookingStatus, statusInfo } from '@/lib/booking-status';
import { cn } from '@/lib/cn';
import { formatCalendarDay, formatDate, padTime } from '@/lib/dates';
import { formatBRL } from '@/lib/money';
import { methodLabel, serviceName } from '@/config/payment-labels';
import type { BookingRecord, BookingStatus, ChargeRecord, PaymentRecord } from '@/lib/types';
import { useSession } from '@/lib/use-session';
import { Withdrawal } from '@/components/withdrawal';
import { InvoiceLink } from '@/components/invoice-link';
import { ENDED_CHARGE_TITLE, EndedChargeText } from '@/components/ended-charge';
import { BookingDay } from './booking-day';
import { WaitSection } from './wait-section';
import { FlexRequest } from './flex-request';

function Step({
  n,
  title,
  done,
  children,
}: {
  n: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="relative flex gap-4 pb-8 last:pb-0">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full font-bold',
          done ? 'bg-brand-700 text-white' : 'border-2 border-gray-300 bg-white text-ink-700',
        )}
      >
        {done ? '✓' : n}
      </span>
      <div className="min-w-0 flex-1 rounded-2xl border border-gray-200 p-5">
        <h2 className="text-lg font-bold">{title}</h2>
        <div className="mt-2 space-y-3 text-ink-700">{children}</div>
      </div>
    </li>
  );
}

function Tick({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <span aria-hidden="true" className="font-bold text-brand-700">
        ✓
      </span>
      {children}
    </li>
  );
}

function Documents({
  status,
  note,
  formReceived,
  resent,
}: {
  status: BookingStatus | null;
  note: string;
  formReceived: boolean;
  /** every refused document was replaced and sent again: the case is back in review */
  resent: boolean;
}) {
  if ((status === null || status === 'NOVO') && formReceived) {
    return (
      <>
        <ul className="space-y-1">
          <Tick>Formulário recebido</Tick>
        </ul>
        <p>
          Estamos analisando seus dados e documentos. Avisaremos você por e-mail quando a análise terminar.
        </p>
      </>
    );
  }
  if (status === null || status === 'NOVO') {
    return (
      <>
        <ul className="space-y-1">
          <Tick>Pedido e pagamento recebidos</Tick>
        </ul>
        <div className="rounded-xl border border-orange-300 bg-orange-50 p-4 text-orange-950">
          <p className="font-semibold">Falta: o formulário preenchido e os seus arquivos.</p>
          <p className="mt-1">
            Preencha o formulário e envie seus arquivos: precisamos deles para conferir os dados e fazer o
            agendamento.
          </p>
          <Link to={paths.caseFile} className={buttonClass('primary', 'mt-3')}>
            Enviar arquivos
          </Link>
        </div>
        <p>Se você acabou de enviar, aguarde: aparece aqui como recebido assim que chegar.</p>
      </>
    );
  }
  if (status === 'ANALISE_ERRO' && resent) {
    return (
      <>
        <ul className="space-y-1">
          <Tick>Documentos corrigidos recebidos</Tick>
        </ul>
        <p>
          Recebemos os documentos que você substituiu e estamos analisando de novo. Avisaremos você por e-mail
          quando a análise terminar.
        </p>
      </>
    );
  }
  if (status === 'ANALISE_ERRO') {
    return (
      <div className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
        <p className="font-semibold">Encontramos divergências nos seus dados ou documentos.</p>
        <p className="mt-1">
          Enviamos um e-mail com os detalhes do que precisa ser corrigido. Confira sua caixa de entrada.
        </p>
        {note ? (
          <div className="mt-3 border-t border-red-200 pt-3">
            <p className="font-semibold">O que precisa ser corrigido:</p>
            <p className="mt-1 whitespace-pre-line break-words">{note}</p>
          </div>
        ) : null}
        <Link to={paths.caseFile} className={buttonClass('primary', 'mt-3')}>
          Substituir documentos
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-1">
      <Tick>Formulário preenchido e enviado</Tick>
      <Tick>Documentação verificada</Tick>
    </ul>
  );
}

function Appointment({
  booking,
  status,
}: {
  booking: BookingRecord | undefined;
  status: BookingStatus | null;
}) {
  if (booking && (status === 'AGENDADO' || status === 'FINALIZADO')) {
    return (
      <>
        {status === 'AGENDADO' ? (
          <p className="font-semibold text-brand-800">{statusInfo.AGENDADO.short}</p>
        ) : null}
        <p className="text-lg text-ink-900">
          <strong>{formatCalendarDay(booking.data_agendamento)}</strong>
          {padTime(booking.hora_agendamento) ? <> às {padTime(booking.hora_agendamento)}h</> : null}
        </p>
        {booking.local_agendamento ? (
          <p>
            <span className="font-semibold text-ink-900">Local: </span>
            {booking.local_agendamento}
          </p>
        ) : null}
        <div>
          <h3 className="font-semibold text-ink-900">Documentos necessários</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {requiredDocuments.map((doc) => (
              <li key={doc}>{doc}</li>
            ))}
          </ul>
        </div>
        <p className="rounded-lg bg-amber-50 px-4 py-3 font-semibold text-amber-950">
          Chegar com 30 minutos de antecedência!
        </p>
      </>
    );
  }
  if (status === 'ANALISE_OK') {
    return (
      <p>Estamos trabalhando no seu agendamento. Você será avisado por e-mail assim que ele for concluído.</p>
    );
  }
  return <p>O agendamento começa depois que seus documentos forem validados.</p>;
}

/**
 * The status line in the staff list badge's colour (seed §4: NOVO blue, ANALISE_ERRO red, ANALISE_OK orange,
 * AGENDADO green, FINALIZADO grey), as a light box with dark text (contrast over 7:1).
 */
const STATUS_LINE_CLASS: Record<BookingStatus, string> = {
  NOVO: 'border-blue-300 bg-blue-50 text-blue-900',
  ANALISE_ERRO: 'border-red-300 bg-red-50 text-red-900',
  ANALISE_OK: 'border-orange-300 bg-orange-50 text-orange-950',
  AGENDADO: 'border-green-300 bg-green-50 text-green-900',
  FINALIZADO: 'border-gray-300 bg-gray-100 text-gray-900',
};

/** The status line of a refused case whose corrections arrived: the seed's status word, then where it stands. */
const RESENT_LINE = `${textosStatus.ANALISE_ERRO.rotulo} - Recebemos as suas correções: o processo voltou para análise.`;

function TrackingContent({
  payment,
  booking,
}: {
  payment: PaymentRecord;
  booking: BookingRecord | undefined;
}) {
  const status = booking && isBookingStatus(booking.status_agendamento) ? booking.status_agendamento : null;
  const docsDone = status === 'ANALISE_OK' || status === 'AGENDADO' || status === 'FINALIZADO';
  const booked = status === 'AGENDADO' || status === 'FINALIZADO';
  const note = booking?.nota_cliente?.trim() ?? '';
  // After a refusal, the case's documents tell whether the customer has already sent the corrections.
  const documents = useQuery({
    ...caseFileQueries.documents(booking?.id ?? ''),
    enabled: !!booking && status === 'ANALISE_ERRO',
  });
  const resent =
    !!documents.data &&
    !documents.data.some((d) => d.status === 'recusado' || d.status === 'pendente') &&
    documents.data.some((d) => d.status === 'em_analise');
  return (
    <>
      {status ? (
        <p
          role="status"
          className={cn('mt-4 rounded-xl border px-4 py-3 font-semibold', STATUS_LINE_CLASS[status])}
        >
          {status === 'ANALISE_ERRO' && resent ? RESENT_LINE : statusInfo[status].customer}
        </p>
      ) : null}
      {/* ANALISE_ERRO shows the note in step 3, as what is wrong. */}
      {note && status !== 'ANALISE_ERRO' ? (
        <section aria-labelledby="mensagem-equipe" className="mt-4 rounded-xl border border-gray-200 p-4">
          <h2 id="mensagem-equipe" className="font-semibold text-ink-900">
            Mensagem da equipe
          </h2>
          <p className="mt-1 whitespace-pre-line break-words text-ink-700">{note}</p>
        </section>
      ) : null}
      <ol className="mt-8">
        <Step n={1} title="Serviço escolhido" done>
          <p>
            Agendamento <strong className="text-ink-900">{serviceName(payment.tipo_servico)}</strong>
          </p>
          <p>{payment.flex ? 'Com Flex (remarcação)' : 'Sem Flex (remarcação)'}</p>
          <p>Contratado em {formatDate(payment.created)}</p>
        </Step>
        <Step n={2} title="Pagamento confirmado" done>
          <p>Forma de pagamento: {methodLabel(payment.metodo_pagamento)}</p>
          <p>
            Total recebido: <strong className="text-ink-900">{formatBRL(payment.preco_servico)}</strong>
          </p>
          <InvoiceLink payment={payment} />
        </Step>
        <Step n={3} title="Documentos para verificação" done={docsDone}>
          <Documents
            status={status}
            note={note}
            formReceived={(booking?.formulario ?? '').trim() !== ''}
            resent={resent}
          />
        </Step>
        <Step n={4} title="Agendamento" done={booked}>
          <Appointment booking={booking} status={status} />
          {booking && (status === 'ANALISE_OK' || booked) ? <BookingDay booking={booking} /> : null}
          {booking && !booked ? <WaitSection bookingId={booking.id} /> : null}
          {booking && (status === 'ANALISE_OK' || status === 'AGENDADO') ? (
            <FlexRequest booking={booking} payment={payment} />
          ) : null}
        </Step>
      </ol>
    </>
  );
}

/** Tracking before any order: the page's frame around the one notice about the customer's card charge. */
function ChargeNoticePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <title>{`Consultar andamento | ${brand.name}`}</title>
      <h1 className="text-3xl font-bold">Consultar andamento</h1>
      <Notice className="mt-6" title={title}>
        {children}
      </Notice>
      <p className="mt-10 border-t border-gray-200 pt-6 text-sm text-ink-600">{brand.disclaimer}</p>
    </section>
  );
}

/** A card charge that ended unpaid while this page (or the checkout) told the customer to wait. */
function EndedCharge({ charge }: { charge: ChargeRecord }) {
  return (
    <ChargeNoticePage title={ENDED_CHARGE_TITLE}>
      <EndedChargeText charge={charge} />
      <Link to={paths.service(charge.tipo_servico)} className={buttonClass('primary', 'mt-2')}>
        Contratar de novo
      </Link>
    </ChargeNoticePage>
  );
}

/** A card charge the server holds without an order yet: in analysis, or of unknown outcome. */
function PendingCharge({ analysis }: { analysis: boolean }) {
  return (
    <ChargeNoticePage title={analysis ? 'Pagamento em análise' : 'Não conseguimos confirmar o seu pagamento'}>
      {analysis ? (
        <p>
          A operadora do cartão está analisando o seu pagamento. <strong>Não pague de novo.</strong> Quando a
          análise for aprovada, o seu pedido aparece aqui e enviamos o comprovante por e-mail.
        </p>
      ) : (
        <p>
          A operadora não respondeu a tempo. <strong>Não pague de novo.</strong> Assim que ela confirmar, o
          seu pedido aparece aqui. Dúvidas: {env.supportEmail}.
        </p>
      )}
    </ChargeNoticePage>
  );
}

export function TrackingPage() {
  const session = useSession();
  const userId = session?.id ?? '';
  // No order yet: a card charge held for analysis (or of unknown outcome) is shown instead of sending the
  // customer away; the server writes the order when Asaas settles it, and the page asks again until then.
  const queryClient = useQueryClient();
  const latestCharge = chargeQueries.latest(userId, session?.admin ?? false);
  const payments = useQuery({
    ...paymentQueries.mine(userId, session?.admin ?? false),
    refetchInterval: (query) =>
      paymentsShouldBePolled(liveOf(queryClient.getQueryData(latestCharge.queryKey)), query.state.data)
        ? CHARGE_POLL_MS
        : false,
  });
  const bookings = useQuery(myBookingQueries.mine(userId, session?.admin ?? false));
  // The booking as staff move it (a status, the appointments made): shown at once, without a reload.
  const bookingId = bookings.data?.[0]?.id ?? '';
  useLive(
    'agendamentos',
    bookingId,
    () => {
      void queryClient.invalidateQueries({ queryKey: myBookingQueries.all() });
      void queryClient.invalidateQueries({ queryKey: bookingDayQueries.all() });
    },
    bookingId !== '',
  );
  // The order the server wrote while this page waited comes with its booking: read it too.
  const paymentCount = payments.data && openOrders(payments.data).length;
  const hadNoOrder = useRef(false);
  const refetchBookings = bookings.refetch;
  useEffect(() => {
    if (paymentCount === 0) hadNoOrder.current = true;
    else if (paymentCount && hadNoOrder.current) {
      hadNoOrder.current = false;
      void refetchBookings();
    }
  }, [paymentCount, refetchBookings]);
  const live = useQuery({
    ...latestCharge,
    select: liveOf,
    enabled: paymentCount === 0,
    refetchInterval: (query) => (chargeAwaitsOutcome(liveOf(query.state.data)) ? CHARGE_POLL_MS : false),
  });

  if (payments.isPending || bookings.isPending) return <PageLoading />;
  if (payments.isError || bookings.isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Não foi possível carregar o andamento.</h1>
        <p className="mt-2 text-ink-700">Verifique sua conexão e tente novamente.</p>
        <button
          type="button"
          className={buttonClass('primary', 'mt-6')}
          onClick={() => {
            void payments.refetch();
            void bookings.refetch();
          }}
        >
          Tentar novamente
        </button>
      </div>
    );
  }
  const payment = payments.data[0];
  if (!payment) {
    if (live.isPending) return <PageLoading />;
    const charge = live.data;
    if (charge && charge.metodo === 'cartao_credito')
      return <PendingCharge analysis={CHARGE_IN_ANALYSIS.includes(charge.status)} />;
    const ended = endedAfterWaiting(queryClient.getQueryData(latestCharge.queryKey));
    if (ended) return <EndedCharge charge={ended} />;
    return <Navigate to={paths.home} replace />;
  }
  const booking = bookings.data[0];
  if (!booking && bookings.isFetching) return <PageLoading />;

  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <title>{`Consultar andamento | ${brand.name}`}</title>
      <h1 className="text-3xl font-bold">Consultar andamento</h1>
      <p className="mt-1 text-ink-700">
        {booking?.expand?.usuario?.nome_completo ?? session?.nome_completo ?? 'Desconhecido'}
      </p>
      {payment.status_asaas === 'REFUNDED' || booking?.status_agendamento === 'CANCELADO' ? null : (
        <TrackingContent payment={payment} booking={booking} />
      )}
      <Withdrawal payment={payment} booking={booking} />
      <p className="mt-10 border-t border-gray-200 pt-6 text-sm text-ink-600">{brand.disclaimer}</p>
    </section>
  );
}
