import { AppointmentsPanel } from './appointments-panel';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageLoading } from '@/components/ui/spinner';
import { brand } from '@/config/content';
import { formatDateTime } from '@/lib/dates';
import { bookingQueries, errorMessage, isNotFound } from './api/bookings';
import { BookingForm } from './booking-form';
import { StatusBadge } from './columns';
import { ContactPanel, FormularioPanel, HistoryPanel, PurchasePanel } from './booking-panels';
import { listHref } from './list-params';
import { ownerName } from './owner-name';
import { InvoicePanel } from './invoice-panel';
import { RefundPanel } from './refund-panel';
import { caseFileQueries } from '@/lib/api/case-file';

// The case file's review: its own chunk, fetched with the booking page only.
const ReviewPanel = lazy(() => import('./review/review-panel'));

function Layout({ backHref, children }: { backHref: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Link
        to={backHref}
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">←</span>
        Voltar página
      </Link>
      {children}
    </div>
  );
}

/** Booking editor (/booking-details/:id): the loader; the form renders once the record is here. */
export function BookingDetailsPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const backHref = listHref(location.state);
  const query = useQuery(bookingQueries.detail(id));
  const applicants = useQuery(caseFileQueries.applicants(id));
  // A review that moved the booking (a refusal: ANALISE_ERRO) gives the editor the booking as it is now.
  const [formVersion, setFormVersion] = useState(0);

  if (query.isPending) return <PageLoading label="Carregando..." />;

  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <Layout backHref={backHref}>
        <title>{`${notFound ? 'Agendamento não encontrado' : 'Erro'} | ${brand.name}`}</title>
        <div role="alert" className="mt-6 space-y-3 rounded-2xl border border-gray-200 p-6">
          <h1 className="text-2xl font-bold text-ink-900">
            {notFound ? 'Agendamento não encontrado.' : 'Não foi possível carregar o agendamento.'}
          </h1>
          <p className="text-ink-700">
            {notFound
              ? 'Ele pode ter sido removido, ou o endereço está incompleto. Volte à lista e abra o agendamento de lá.'
              : errorMessage(query.error)}
          </p>
          {notFound ? null : (
            <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
              Tentar novamente
            </Button>
          )}
        </div>
      </Layout>
    );
  }

  const booking = query.data;
  const name = ownerName(booking);
  // ANALISE_OK once every document is approved; a booking without applicants (before the case file) is free.
  const analiseOk = (applicants.data?.length ?? 0) === 0 || booking.documentacao === 'aprovada';
  return (
    <Layout backHref={backHref}>
      <title>{`Agendamento de ${name} | ${brand.name}`}</title>
      <header className="mt-4 mb-8 space-y-2">
        <h1 className="text-3xl font-bold break-words text-ink-900">{name}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-700">
          <StatusBadge status={booking.status_agendamento || 'NOVO'} />
          <span>Criado em {formatDateTime(booking.created)}</span>
          <span>Atualizado em {formatDateTime(booking.updated)}</span>
        </div>
      </header>
      {/* On a desktop the customer's case sits beside the form; on a phone it comes first, the history last. */}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-8 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="editar-agendamento">
            <h2 id="editar-agendamento" className="mb-4 text-xl font-bold text-ink-900">
              Editar agendamento
            </h2>
            <BookingForm
              key={`${booking.id}:${formVersion}`}
              booking={booking}
              backHref={backHref}
              analiseOk={analiseOk}
            />
          </section>
          <Suspense fallback={<p className="text-ink-700">Carregando o processo...</p>}>
            <ReviewPanel bookingId={booking.id} onStatusChanged={() => setFormVersion((v) => v + 1)} />
          </Suspense>
        </div>
        <aside
          aria-label="Dados do cliente e da compra"
          className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <ContactPanel booking={booking} />
          <PurchasePanel booking={booking} />
          <AppointmentsPanel booking={booking} />
          <InvoicePanel booking={booking} />
          <FormularioPanel booking={booking} />
          <RefundPanel booking={booking} />
        </aside>
        <div className="lg:col-start-1 lg:row-start-2">
          <HistoryPanel bookingId={booking.id} />
        </div>
      </div>
    </Layout>
  );
}
