import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { fieldErrorId, FieldShell, inputClass, SelectField } from '@/components/ui/field';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { statusLabel } from '@/lib/booking-status';
import { cn } from '@/lib/cn';
import { BOOKING_STATUSES } from '@/lib/types';
import { CONSULATE_FILTERS, INVOICE_ERROR_FILTER, MAX_SEARCH_LENGTH, type StatusFilter } from './list-params';
import { CASE_STATE_LABELS, CASE_STATES, consulateLabel, type CaseState } from './review/api';

interface SearchBoxProps {
  /** The search the list shows now (from the URL). */
  value: string;
  onCommit: (search: string) => void;
}

/** Search 'Buscar por cliente' (name, CPF, e-mail or phone): commits after a typing pause (one request per pause), or at once on Enter. */
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
        title="Nome, CPF, e-mail ou celular"
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        className={inputClass()}
      />
    </form>
  );
}

interface CreatedRange {
  from: string;
  to: string;
}

interface DataTableToolbarProps extends CreatedRange {
  search: string;
  onSearchCommit: (search: string) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  /** Only the day that changed: the other is read from the URL at the moment of writing. */
  onRangeChange: (range: Partial<CreatedRange>) => void;
  onExport: () => void;
  exporting: boolean;
  consulado: string;
  onConsuladoChange: (consulado: string) => void;
  documentacao: CaseState | '';
  onDocumentacaoChange: (documentacao: CaseState | '') => void;
}

interface DayFieldProps {
  id: string;
  label: string;
  /** The day the list shows now (from the URL), 'yyyy-mm-dd' or ''. */
  value: string;
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  onCommit: (day: string) => void;
}

/**
 * One native date field (the phone's own picker; typed with the keyboard on a desktop). It keeps what is
 * being typed and applies a whole day, or an emptied field, at once; a link or Back that changes the URL
 * shows the URL's day.
 */
function DayField({ id, label, value, min, max, invalid, describedBy, onCommit }: DayFieldProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  return (
    <FieldShell id={id} label={label} className="min-w-0 flex-1 sm:w-40 sm:flex-none">
      <input
        id={id}
        type="date"
        value={draft}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          // The browser gives '' while a day is half typed, and a whole 'yyyy-mm-dd' once it is complete.
          if (event.target.value !== value) onCommit(event.target.value);
        }}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass(invalid)}
      />
    </FieldShell>
  );
}

/** The creation date range; one that ends before it starts is pointed out, as it can only find nothing. */
function CreatedRangeFields({
  from,
  to,
  onRangeChange,
}: CreatedRange & Pick<DataTableToolbarProps, 'onRangeChange'>) {
  const fromId = useId();
  const toId = useId();
  const backwards = from !== '' && to !== '' && to < from;
  const errorId = fieldErrorId(toId);
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Data de criação</legend>
      <div className="flex items-end gap-3">
        <DayField
          id={fromId}
          label="Criado de"
          value={from}
          max={to}
          describedBy={backwards ? errorId : undefined}
          onCommit={(day) => onRangeChange({ from: day })}
        />
        <DayField
          id={toId}
          label="Criado até"
          value={to}
          min={from}
          invalid={backwards}
          describedBy={backwards ? errorId : undefined}
          onCommit={(day) => onRangeChange({ to: day })}
        />
      </div>
      {backwards ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-accent-700">
          A data final é anterior à inicial.
        </p>
      ) : null}
    </fieldset>
  );
}

function isStatusOption(value: string): value is StatusFilter {
  return (
    value === '' || value === INVOICE_ERROR_FILTER || (BOOKING_STATUSES as readonly string[]).includes(value)
  );
}

function isCaseStateOption(value: string): value is CaseState | '' {
  return value === '' || (CASE_STATES as readonly string[]).includes(value);
}

/** Who is ready where: the case file's consulate and documentation state (the server's copies on each booking). */
function CaseFilters({
  consulado,
  onConsuladoChange,
  documentacao,
  onDocumentacaoChange,
}: Pick<DataTableToolbarProps, 'consulado' | 'onConsuladoChange' | 'documentacao' | 'onDocumentacaoChange'>) {
  return (
    <div className="flex items-end gap-3">
      <SelectField
        label="Consulado"
        className="min-w-0 flex-1 sm:w-44 sm:flex-none"
        value={consulado}
        onChange={(event) => onConsuladoChange(event.target.value)}
      >
        <option value="">Todos</option>
        {CONSULATE_FILTERS.map((id) => (
          <option key={id} value={id}>
            {consulateLabel(id)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Documentação"
        className="min-w-0 flex-1 sm:w-40 sm:flex-none"
        value={documentacao}
        onChange={(event) => {
          if (isCaseStateOption(event.target.value)) onDocumentacaoChange(event.target.value);
        }}
      >
        <option value="">Todas</option>
        {CASE_STATES.map((state) => (
          <option key={state} value={state}>
            {CASE_STATE_LABELS[state]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export function DataTableToolbar({
  search,
  onSearchCommit,
  status,
  onStatusChange,
  from,
  to,
  onRangeChange,
  onExport,
  exporting,
  ...caseFilters
}: DataTableToolbarProps) {
  return (
    <div className="mt-6 mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <SearchBox value={search} onCommit={onSearchCommit} />
      <CreatedRangeFields from={from} to={to} onRangeChange={onRangeChange} />
      <CaseFilters {...caseFilters} />
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
          <option value={INVOICE_ERROR_FILTER}>Nota fiscal com erro</option>
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
