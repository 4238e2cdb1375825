import type { RowData } from '@tanstack/react-table';
import { useId } from 'react';
import { inputClass } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import type { ServerTable } from './data-table';
import { pagerItems } from './pager';

interface DataTablePaginationProps<TData extends RowData> {
  table: ServerTable<TData>;
  pageSizes: readonly number[];
  /** The count line, e.g. '120 agendamentos'. */
  summary: string;
}

const pageButton =
  'inline-flex size-11 items-center justify-center rounded-lg border text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40';

/** Total, page size and the numbered pager (first, last, current ± 1, '…' for gaps). */
export function DataTablePagination<TData extends RowData>({
  table,
  pageSizes,
  summary,
}: DataTablePaginationProps<TData>) {
  const sizeId = useId();
  const { pageIndex, pageSize } = table.state.pagination;
  const current = pageIndex + 1;
  const pageCount = table.getPageCount();
  const items = pagerItems(current, pageCount);

  return (
    <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <p role="status" className="font-semibold text-ink-900">
          {summary}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId} className="text-sm whitespace-nowrap text-ink-700">
            Itens por página:
          </label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(event) => table.setPageSize(Number(event.target.value))}
            className={cn(inputClass(), 'w-auto py-1.5')}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>

      {pageCount > 0 ? (
        <nav aria-label="Paginação">
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <button
                type="button"
                aria-label="Página anterior"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.previousPage()}
                className={cn(pageButton, 'border-gray-300 bg-white text-ink-900 hover:bg-gray-100')}
              >
                <span aria-hidden="true">‹</span>
              </button>
            </li>
            {items.map((item) =>
              typeof item === 'number' ? (
                <li key={item}>
                  <button
                    type="button"
                    aria-current={item === current ? 'page' : undefined}
                    onClick={() => table.setPageIndex(item - 1)}
                    className={cn(
                      pageButton,
                      item === current
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-gray-300 bg-white text-ink-900 hover:bg-gray-100',
                    )}
                  >
                    {item}
                  </button>
                </li>
              ) : (
                <li key={item} aria-hidden="true" className="inline-flex w-8 justify-center text-ink-700">
                  …
                </li>
              ),
            )}
            <li>
              <button
                type="button"
                aria-label="Próxima página"
                disabled={!table.getCanNextPage()}
                onClick={() => table.nextPage()}
                className={cn(pageButton, 'border-gray-300 bg-white text-ink-900 hover:bg-gray-100')}
              >
                <span aria-hidden="true">›</span>
              </button>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
