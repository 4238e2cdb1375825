import { useMutation, useQuery } from '@tanstack/react-query';
import {
  functionalUpdate,
  useTable,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { brand } from '@/config/content';
import { STAFF_PAGE_SIZES } from '@/config/constants';
import { paths } from '@/config/routes';
import type { BookingRecord } from '@/lib/types';
import { bookingQueries, errorMessage, exportBookingsCsv } from './api/bookings';
import { bookingColumns } from './columns';
import { downloadBlob } from '@/lib/download';
import { csvFileName } from './csv';
import { DataTable, serverTableFeatures } from './data-table';
import { DataTablePagination } from './data-table-pagination';
import { DataTableToolbar } from './data-table-toolbar';
import {
  parseListParams,
  parseSort,
  sortAfterClear,
  writeListParams,
  type ListLocationState,
  type ListParams,
} from './list-params';

// Stable references: a fresh [] on every render would make Table rebuild its row model each time.
const NO_ROWS: BookingRecord[] = [];
const SKELETON_ROWS = 8;

function countLabel(total: number): string {
  return `Total: ${total.toLocaleString('pt-BR')}`;
}

/**
 * Staff bookings list (/dashboard): server-side paging, sorting, search, status, consulate and documentation
 * filters, state in the URL.
 */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery(bookingQueries.list(params));
  // Set once a booking is being opened (a row, or the client's link in it).
  const opening = useRef(false);

  // The URL as last written here. React Router hands a functional update the search params of the last
  // render, so two changes before the next one (both days of the range at once) would lose the first.
  const written = useRef(searchParams);
  useEffect(() => {
    written.current = searchParams;
  }, [searchParams]);

  /** Any change but paging goes back to page 1 (seed §4); history gets one entry per change. */
  const setParams = useCallback(
    (patch: Partial<ListParams>, options?: { replace?: boolean }) => {
      // A late write (the search's pause ending) after the staff member opened a booking must not bring
      // the list back: while the editor's code loads, this screen is still mounted.
      if (opening.current) return;
      const base = written.current;
      const next = writeListParams({ ...parseListParams(base), page: 1, ...patch }, base);
      written.current = next;
      setSearchParams(next, options);
    },
    [setSearchParams],
  );

  const onSearchCommit = useCallback(
    (search: string) => {
      // Refining a search replaces the entry, so Back returns to the list as it was before searching.
      setParams({ search }, { replace: search !== '' && params.search !== '' });
    },
    [setParams, params.search],
  );

  const sortId = params.sort.id;
  const sortDesc = params.sort.desc;
  const sorting = useMemo<SortingState>(() => [{ id: sortId, desc: sortDesc }], [sortId, sortDesc]);
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: params.page - 1, pageSize: params.perPage }),
    [params.page, params.perPage],
  );

  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = functionalUpdate(updater, sorting)[0];
    setParams({
      sort: (next ? parseSort(`${next.desc ? '-' : ''}${next.id}`) : null) ?? sortAfterClear(params.sort),
    });
  };

  const onPaginationChange = (updater: Updater<PaginationState>) => {
    const next = functionalUpdate(updater, pagination);
    if (next.pageSize !== pagination.pageSize) setParams({ perPage: next.pageSize });
    else if (next.pageIndex !== pagination.pageIndex)
      setParams({ page: next.pageIndex + 1, perPage: next.pageSize });
  };

  const table = useTable({
    features: serverTableFeatures,
    columns: bookingColumns,
    data: query.data?.items ?? NO_ROWS,
    getRowId: (row) => row.id,
    rowCount: query.data?.totalItems ?? 0,
    state: { sorting, pagination },
    onSortingChange,
    onPaginationChange,
    manualSorting: true,
    manualPagination: true,
    // One column at a time; a click goes ascending → descending → cleared (seed §4).
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
  });

  const exportCsv = useMutation({
    mutationFn: exportBookingsCsv,
    onSuccess: (file) => downloadBlob(csvFileName(), file),
    onError: (error) => {
      toast.error(`Erro: ${errorMessage(error)}`);
    },
  });

  // A page past the end (the last row of the last page was edited out of the filter, or a stale link): go to
  // the last page that exists, replacing the entry so Back does not return to the empty page.
  const lastPage = query.data && !query.isPlaceholderData ? Math.max(1, query.data.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage) setParams({ page: lastPage }, { replace: true });
  }, [lastPage, params.page, setParams]);

  const status = query.isPending ? 'loading' : query.isError ? 'error' : 'ready';

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <title>{`Agendamentos | ${brand.name}`}</title>
      <h1 id="agendamentos-titulo" className="text-3xl font-bold text-ink-900">
        Agendamentos
      </h1>

      <DataTableToolbar
        search={params.search}
        onSearchCommit={onSearchCommit}
        status={params.status}
        onStatusChange={(next) => setParams({ status: next })}
        from={params.from}
        to={params.to}
        onRangeChange={(range) => setParams(range)}
        consulado={params.consulado}
        onConsuladoChange={(next) => setParams({ consulado: next })}
        documentacao={params.documentacao}
        onDocumentacaoChange={(next) => setParams({ documentacao: next })}
        onExport={() =>
          exportCsv.mutate({
            sort: params.sort,
            search: params.search,
            status: params.status,
            from: params.from,
            to: params.to,
            consulado: params.consulado,
            documentacao: params.documentacao,
          })
        }
        exporting={exportCsv.isPending}
      />

      {/* The client's name is also a link (open in a new tab works): a plain click on it opens the booking here. */}
      <div
        className="contents"
        onClickCapture={(event) => {
          const plain =
            event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
          if (plain && (event.target as Element).closest('a[href*="/booking-details/"]'))
            opening.current = true;
        }}
      >
        <DataTable
          table={table}
          labelledBy="agendamentos-titulo"
          status={status}
          refreshing={query.isPlaceholderData}
          skeletonRows={Math.min(params.perPage, SKELETON_ROWS)}
          emptyMessage="Nenhum agendamento encontrado."
          onRowActivate={(row) => {
            opening.current = true;
            const state: ListLocationState = { listSearch: location.search };
            navigate(paths.bookingDetails(row.original.id), { state });
          }}
          errorContent={
            <div role="alert" className="mx-auto max-w-md space-y-3 text-center">
              <p className="font-semibold text-accent-700">Não foi possível carregar os agendamentos.</p>
              <p className="text-sm text-ink-700">{errorMessage(query.error)}</p>
              <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
                Tentar novamente
              </Button>
            </div>
          }
        />
      </div>

      {query.data ? (
        <DataTablePagination
          table={table}
          pageSizes={STAFF_PAGE_SIZES}
          summary={countLabel(query.data.totalItems)}
        />
      ) : null}
    </div>
  );
}
