import { createColumnHelper } from '@tanstack/react-table';
import { Link, useLocation } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/routes';
import { isBookingStatus, OTHER_STATUS_BADGE, statusInfo, statusLabel } from '@/lib/booking-status';
import { formatCalendarDay, formatDateTime, padTime } from '@/lib/dates';
import { cn } from '@/lib/cn';
import type { BookingRecord } from '@/lib/types';
import type { ServerTableFeatures } from './data-table';
import type { ListLocationState } from './list-params';
import { ownerName } from './owner-name';
import { CASE_STATE_LABELS, CASE_STATES, consulateLabel, type CaseState } from './review/api';

const CASE_STATE_BADGES: Record<CaseState, string> = {
  pendente: 'bg-gray-100 text-gray-800',
  em_analise: 'bg-blue-100 text-blue-900',
  recusada: 'bg-red-100 text-red-900',
  aprovada: 'bg-green-100 text-green-900',
};

/** The case file's documentation state as a badge ('' reads as pendente: nothing sent). */
export function CaseStateBadge({ state }: { state: string }) {
  const known = CASE_STATES.find((s) => s === state) ?? 'pendente';
  return <Badge className={CASE_STATE_BADGES[known]}>{CASE_STATE_LABELS[known]}</Badge>;
}

const helper = createColumnHelper<ServerTableFeatures, BookingRecord>();

/** The owner's name as a real link (screen readers, "open in new tab") back-linked to this list page. */
function ClientLink({ id, name }: { id: string; name: string }) {
  const location = useLocation();
  return (
    <Link
      to={paths.bookingDetails(id)}
      state={{ listSearch: location.search } satisfies ListLocationState}
      // Out of the Tab order: the row itself is the keyboard stop.
      tabIndex={-1}
      className="font-semibold text-ink-900 hover:text-brand-800 hover:underline"
    >
      <ClampedText text={name} />
    </Link>
  );
}

/** Day and time: a narrow column breaks the line at the space only (never inside '14/09/2026' nor '17:10'). */
function DateTimeCell({ value }: { value: string | undefined }) {
  return <span>{formatDateTime(value)}</span>;
}

/**
 * A long text (a name, a consulate's address) cut to two lines: the full text stays in the cell for screen
 * readers and copying, and shows on hover (title).
 */
function ClampedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={cn('line-clamp-2 break-words', className)} title={text || undefined}>
      {text}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  if (!status) return null;
  return (
    <Badge className={isBookingStatus(status) ? statusInfo[status].badge : OTHER_STATUS_BADGE}>
      {statusLabel(status)}
    </Badge>
  );
}

/**
 * What a booking row shows, in the seed's order. Accessor keys are the PocketBase field names, so the
 * sorted column's id is what `sort` sends. Header texts are written in capitals (not styled so), so
 * that they are also the buttons' accessible names.
 */
export const bookingColumns = helper.columns([
  helper.accessor('created', {
    header: 'CRIADO EM',
    cell: (info) => <DateTimeCell value={info.getValue()} />,
  }),
  helper.accessor((row) => ownerName(row), {
    id: 'usuario',
    header: 'CLIENTE',
    enableSorting: false,
    cell: (info) => <ClientLink id={info.row.original.id} name={info.getValue()} />,
    meta: { cellClassName: 'min-w-32 max-w-52' },
  }),
  helper.accessor('status_agendamento', {
    header: 'STATUS',
    cell: (info) => <StatusBadge status={info.getValue() ?? ''} />,
  }),
  helper.accessor((row) => row.consulado ?? '', {
    id: 'consulado',
    header: 'CONSULADO',
    enableSorting: false,
    cell: (info) => consulateLabel(info.getValue()) || '—',
    meta: { cellClassName: 'min-w-24' },
  }),
  helper.accessor((row) => row.documentacao ?? '', {
    id: 'documentacao',
    header: 'DOCUMENTAÇÃO',
    enableSorting: false,
    cell: (info) => <CaseStateBadge state={info.getValue()} />,
  }),
  helper.accessor('data_agendamento', {
    header: 'DATA AGEND.',
    cell: (info) => <span className="whitespace-nowrap">{formatCalendarDay(info.getValue())}</span>,
  }),
  helper.accessor('hora_agendamento', {
    header: 'HORA AGEND.',
    cell: (info) => padTime(info.getValue()) || info.getValue(),
  }),
  helper.accessor('local_agendamento', {
    header: 'LOCAL AGEND.',
    // Long consulate addresses are cut to two lines; the full text is in the title and the cell's text.
    cell: (info) => <ClampedText text={info.getValue() ?? ''} />,
    meta: { cellClassName: 'min-w-32 max-w-48' },
  }),
  helper.accessor('updated', {
    header: 'ATUALIZADO EM',
    cell: (info) => <DateTimeCell value={info.getValue()} />,
  }),
]);
