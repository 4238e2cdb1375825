import {
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type Header,
  type ReactTable,
  type Row,
  type RowData,
} from '@tanstack/react-table';
import { type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table whose paging and sorting the server does: Table keeps the state and builds the headers,
 * the query feeds it one already sorted page (manualSorting / manualPagination at the call site).
 */
export const serverTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<{ headerClassName?: string; cellClassName?: string }>(),
});
export type ServerTableFeatures = typeof serverTableFeatures;
export type ServerTable<TData extends RowData> = ReactTable<ServerTableFeatures, TData>;

type AriaSort = 'ascending' | 'descending' | 'none';

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block w-3 shrink-0 text-center', direction ? 'text-brand-800' : 'text-gray-500')}
    >
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </span>
  );
}

function HeaderCell<TData extends RowData>({
  table,
  header,
}: {
  table: ServerTable<TData>;
  header: Header<ServerTableFeatures, TData>;
}) {
  const { column } = header;
  const className = cn(
    // Two-word headers ('DATA AGEND.', 'ATUALIZADO EM') may take two lines, so the list fits 1280 px.
    'p-0 text-left align-bottom text-xs font-bold tracking-wide text-ink-700',
    column.columnDef.meta?.headerClassName,
  );
  // Every header's text sits in the same 44 px box, its left edge on the cells' text below.
  const box = 'flex min-h-11 w-full items-center gap-1.5 px-2 py-2 text-left font-bold tracking-wide';
  if (header.isPlaceholder) return <th scope="col" className={className} />;
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={className}>
        <div className={box}>
          <table.FlexRender header={header} />
        </div>
      </th>
    );
  }
  const direction = column.getIsSorted();
  const ariaSort: AriaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        className={cn(box, 'hover:bg-gray-100 hover:text-ink-900 focus-visible:-outline-offset-3')}
      >
        <table.FlexRender header={header} />
        <SortIcon direction={direction} />
      </button>
    </th>
  );
}

interface DataTableProps<TData extends RowData> {
  table: ServerTable<TData>;
  /** The id of the heading that names the scrollable region and the table. */
  labelledBy: string;
  status: 'loading' | 'error' | 'ready';
  /** Rows on screen are the previous page's while the next loads. */
  refreshing: boolean;
  errorContent: ReactNode;
  emptyMessage: string;
  skeletonRows: number;
  onRowActivate: (row: Row<ServerTableFeatures, TData>) => void;
}

/** Generic presentation: semantic table, sortable headers as buttons, rows opened by click or Enter. */
export function DataTable<TData extends RowData>({
  table,
  labelledBy,
  status,
  refreshing,
  errorContent,
  emptyMessage,
  skeletonRows,
  onRowActivate,
}: DataTableProps<TData>) {
  const headerGroups = table.getHeaderGroups();
  const columnCount = table.getAllLeafColumns().length;
  const rows = table.getRowModel().rows;

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, row: Row<ServerTableFeatures, TData>) {
    // A link inside the row navigates by itself (and keeps Ctrl/middle-click for a new tab).
    if (event.target instanceof Element && event.target.closest('a')) return;
    onRowActivate(row);
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, row: Row<ServerTableFeatures, TData>) {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onRowActivate(row);
  }

  let body: ReactNode;
  if (status === 'loading') {
    body = Array.from({ length: skeletonRows }, (_, i) => (
      <tr key={`skeleton-${i}`} aria-hidden="true" className="border-t border-gray-200">
        {Array.from({ length: columnCount }, (_, j) => (
          <td key={j} className="px-2 py-3.5">
            <span className="block h-4 w-full min-w-16 animate-pulse rounded bg-gray-200" />
          </td>
        ))}
      </tr>
    ));
  } else if (status === 'error') {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-3 py-10">
          {errorContent}
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-3 py-10 text-center text-ink-700">
          {emptyMessage}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr
        key={row.id}
        tabIndex={0}
        onClick={(event) => onRowClick(event, row)}
        onKeyDown={(event) => onRowKeyDown(event, row)}
        className="cursor-pointer border-t border-gray-200 hover:bg-brand-50 focus:bg-brand-50 focus-visible:-outline-offset-3"
      >
        {row.getAllCells().map((cell) => (
          <td
            key={cell.id}
            className={cn('px-2 py-2.5 align-middle', cell.column.columnDef.meta?.cellClassName)}
          >
            <table.FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    ));
  }

  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      aria-busy={status === 'loading' || refreshing}
      // A focusable, labelled scroll region (WCAG 2.1.1) so keyboard users can scroll it sideways on a narrow screen.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white focus-visible:outline-offset-2"
    >
      {/* While the next page loads, a bar runs along the top; the rows keep their full contrast. */}
      {refreshing ? (
        <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1 animate-pulse bg-brand-600" />
      ) : null}
      {status === 'loading' ? (
        <p role="status" className="sr-only">
          Carregando agendamentos...
        </p>
      ) : null}
      <table
        aria-labelledby={labelledBy}
        className="w-full min-w-[60rem] border-collapse text-sm text-ink-900"
      >
        <thead className="bg-gray-50">
          {headerGroups.map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} table={table} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
