import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass, SelectField } from '@/components/ui/field';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { statusLabel } from '@/lib/booking-status';
import { cn } from '@/lib/cn';
import { BOOKING_STATUSES, type BookingStatus } from '@/lib/types';
import { MAX_SEARCH_LENGTH } from './list-params';

interface SearchBoxProps {
  /** The search the list shows now (from the URL). */
  value: string;
  onCommit: (search: string) => void;
}

/** Search 'Buscar por cliente': commits after a typing pause (one request per pause), or at once on Enter. */
function SearchBox({ value, onCommit }: SearchBoxProps) {
  const inputId = useId();
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed under us (back/forward, a shared link): show its search, unless it is what we typed.
  if (value !== shown) {
    setShown(value);
    if (value !== draft.trim()) setDraft(value);
  }

  const pending = draft.trim();
  useEffect(() => {
    if (pending === value) return;
    const timer = window.setTimeout(() => onCommit(pending), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [pending, value, onCommit]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending !== value) onCommit(pending);
  }

  return (
    <form role="search" onSubmit={onSubmit} className="w-full sm:max-w-sm">
      <label htmlFor={inputId} className="sr-only">
        Buscar por cliente
      </label>
      <input
        id={inputId}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Buscar por cliente"
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        className={inputClass()}
      />
    </form>
  );
}

interface DataTableToolbarProps {
  search: string;
  onSearchCommit: (search: string) => void;
  status: BookingStatus | '';
  onStatusChange: (status: BookingStatus | '') => void;
  onExport: () => void;
  exporting: boolean;
}

function isStatusOption(value: string): value is BookingStatus | '' {
  return value === '' || (BOOKING_STATUSES as readonly string[]).includes(value);
}

export function DataTableToolbar({
  search,
  onSearchCommit,
  status,
  onStatusChange,
  onExport,
  exporting,
}: DataTableToolbarProps) {
  return (
    <div className="mt-6 mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <SearchBox value={search} onCommit={onSearchCommit} />
      <div className="flex items-end gap-3">
        <SelectField
          label="Status"
          className="min-w-44"
          value={status}
          onChange={(event) => {
            if (isStatusOption(event.target.value)) onStatusChange(event.target.value);
          }}
        >
          <option value="">Todos</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          onClick={onExport}
          loading={exporting}
          loadingText="Exportando..."
          className={cn('whitespace-nowrap')}
        >
          Exportar CSV
        </Button>
      </div>
    </div>
  );
}
