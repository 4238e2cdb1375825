/**
 * The staff list's state as it lives in the URL
 * (`?page=&perPage=&sort=&search=&status=&from=&to=&consulado=&documentacao=`), and the
 * getList options it turns into. Anything unknown or malformed in the URL falls back to the default,
 * so a hand-edited or stale link never breaks the screen.
 */
import { STAFF_DEFAULT_PAGE_SIZE, STAFF_PAGE_SIZES } from '@/config/constants';
import { paths } from '@/config/routes';
import { pbFilter as pb } from '@/lib/api/filter';
import { indexedSearch, searchKey } from '@/lib/search-key';
import { BOOKING_STATUSES, type BookingStatus } from '@/lib/types';
import { REGRAS } from '@/lib/processo';
import paginas from '../../../pocketbase/pb_hooks/lib/paginas.js';
import buscaTexto from '../../../pocketbase/pb_hooks/lib/busca_texto.js';
import { CASE_STATES, SEVERAL_CONSULATES, type CaseState } from './review/api';

/** Column ids are the PocketBase field names, so a column id is also its sort key. */
export const SORTABLE_COLUMNS = buscaTexto.COLUNAS_DA_LISTA;
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];

export interface ListSort {
  id: SortableColumn;
  desc: boolean;
}

/** The status filter's option for the orders whose service invoice (NFS-e) Asaas could not issue. */
export const INVOICE_ERROR_FILTER = 'NOTA_ERRO';
export type StatusFilter = BookingStatus | typeof INVOICE_ERROR_FILTER | '';

export interface ListParams {
  /** 1-based, as PocketBase counts pages. */
  page: number;
  perPage: number;
  /** The header sort; DEFAULT_SORT (newest first) when none is chosen or one is cleared. */
  sort: ListSort;
  search: string;
  /** A booking status, or INVOICE_ERROR_FILTER. */
  status: StatusFilter;
  /** First and last day of creation, 'yyyy-mm-dd' in the staff member's time zone; '' for open. */
  from: string;
  to: string;
  /** The case file's consulate (a processo_regras.json id, or 'varios'); '' for any. */
  consulado: string;
  /** The case file's documentation state; '' for any. */
  documentacao: CaseState | '';
}

/** The consulate filter's values: each consulate, then the bookings whose applicants are under several. */
export const CONSULATE_FILTERS: readonly string[] = [...Object.keys(REGRAS.consulados), SEVERAL_CONSULATES];

/** The list opens newest first, shown on its header as the active sort (decisions.md). */
export const DEFAULT_SORT: ListSort = { id: 'created', desc: true };

export const DEFAULT_LIST_PARAMS: ListParams = {
  page: 1,
  perPage: STAFF_DEFAULT_PAGE_SIZE,
  sort: DEFAULT_SORT,
  search: '',
  status: '',
  from: '',
  to: '',
  consulado: '',
  documentacao: '',
};

/** Bounds the filter PocketBase has to parse; nobody types a 100-character customer name. */
export const MAX_SEARCH_LENGTH = 100;

const KEYS = [
  'page',
  'perPage',
  'sort',
  'search',
  'status',
  'from',
  'to',
  'consulado',
  'documentacao',
] as const;

function isCaseState(value: string): value is CaseState {
  return (CASE_STATES as readonly string[]).includes(value);
}

function isSortableColumn(value: string): value is SortableColumn {
  return (SORTABLE_COLUMNS as readonly string[]).includes(value);
}

function isStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** 'created' → asc, '-created' → desc; anything else (unknown column, several columns) → no sort. */
export function parseSort(raw: string | null): ListSort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const id = desc ? raw.slice(1) : raw;
  return isSortableColumn(id) ? { id, desc } : null;
}

export function parseListParams(searchParams: URLSearchParams): ListParams {
  const perPage = positiveInt(searchParams.get('perPage'));
  const status = searchParams.get('status') ?? '';
  const consulado = searchParams.get('consulado') ?? '';
  const documentacao = searchParams.get('documentacao') ?? '';
  return {
    page: positiveInt(searchParams.get('page')) ?? DEFAULT_LIST_PARAMS.page,
    perPage:
      perPage !== null && (STAFF_PAGE_SIZES as readonly number[]).includes(perPage)
        ? perPage
        : STAFF_DEFAULT_PAGE_SIZE,
    sort: parseSort(searchParams.get('sort')) ?? DEFAULT_SORT,
    search: (searchParams.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    status: isStatus(status) || status === INVOICE_ERROR_FILTER ? status : '',
    from: isoDay(searchParams.get('from')),
    to: isoDay(searchParams.get('to')),
    consulado: CONSULATE_FILTERS.includes(consulado) ? consulado : '',
    documentacao: isCaseState(documentacao) ? documentacao : '',
  };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local calendar day of 'yyyy-mm-dd', or null when the text is not a real day ('2026-02-30'). */
export function localDay(text: string): Date | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** 'yyyy-mm-dd' when it names a real day (what a date input gives), '' otherwise. */
function isoDay(raw: string | null): string {
  return raw && localDay(raw) ? raw : '';
}

/**
 * Writes the list state over `base` (other params, such as `mode` for the modals, are kept).
 * Defaults are left out, so the plain `/dashboard` link and a fresh list have the same URL.
 */
export function writeListParams(
  params: ListParams,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(base);
  KEYS.forEach((key) => next.delete(key));
  if (params.page !== DEFAULT_LIST_PARAMS.page) next.set('page', String(params.page));
  if (params.perPage !== DEFAULT_LIST_PARAMS.perPage) next.set('perPage', String(params.perPage));
  if (!sameSort(params.sort, DEFAULT_SORT)) next.set('sort', sortParam(params.sort));
  if (params.search) next.set('search', params.search);
  if (params.status) next.set('status', params.status);
  if (params.from) next.set('from', params.from);
  if (params.to) next.set('to', params.to);
  if (params.consulado) next.set('consulado', params.consulado);
  if (params.documentacao) next.set('documentacao', params.documentacao);
  return next;
}

/** The getList `sort`: the column id, '-' in front for descending. */
export function sortParam(sort: ListSort): string {
  return sort.desc ? `-${sort.id}` : sort.id;
}

export function sameSort(a: ListSort, b: ListSort): boolean {
  return a.id === b.id && a.desc === b.desc;
}

/**
 * The sort after a header click that cleared one: the default; on the default's own column (descending, then
 * cleared) the other direction, so its header still turns.
 */
export function sortAfterClear(current: ListSort): ListSort {
  return sameSort(current, DEFAULT_SORT) ? { ...DEFAULT_SORT, desc: !DEFAULT_SORT.desc } : DEFAULT_SORT;
}

const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A search typed as a pt-BR date ('05/10/2026') → that local day as a [from, to) range; null otherwise. */
export function localDayRange(search: string): { from: Date; to: Date } | null {
  const match = BR_DATE.exec(search);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const from = new Date(year, month - 1, day);
  if (from.getFullYear() !== year || from.getMonth() !== month - 1 || from.getDate() !== day) return null;
  return { from, to: new Date(year, month - 1, day + 1) };
}

// The only text of 10 or more digits a `created` value ('2026-11-20 12:00:00.000Z') can hold.
const DATE_HOUR = /^\d{4}-\d{2}-\d{2} \d{2}$/;

/** What the list filters on; each part is left out when empty. */
export type ListFilters = Pick<ListParams, 'search' | 'status' | 'from' | 'to'> &
  Partial<Pick<ListParams, 'consulado' | 'documentacao'>>;

/**
 * The search part: the customer's key (name without accents, e-mail, CPF and phone digits, see
 * lib/search-key; each booking carries a copy of it, so the server reads one table), or the creation date as
 * text. A search typed as a pt-BR date is that day: the bookings created on it in the staff member's time zone
 * (the list shows local times; `created` is stored in UTC). No stored instant or name holds a '/', and 8 digits
 * found in some CPF or phone are not what a date means, so that search is the day's range alone, read from the
 * `created` index (at a million bookings `busca ~` over every key took 622 / 765 ms, the range 16 / 19).
 */
function searchFilter(search: string): string | null {
  // Without what a filter would misread (backslashes, '%'), as the kit's text search reads it (busca_texto.js).
  const q = buscaTexto.limpo(search);
  if (!q) return null;
  const key = searchKey(q);
  const day = localDayRange(q);
  // PocketBase refuses a staff filter holding '@request.' or '@collection.' anywhere, even quoted: text with an
  // '@' (never in a stored date) reaches the filter only as the key, which holds it as '＠' (lib/search-key).
  const created = q.includes('@') ? '' : pb.filter('created ~ {:q} || ', { q });
  // A whole CPF, phone or e-mail is read from an index (pb_hooks/lib/comum.js buscaIndexada); `created ~ text` can
  // then only match a number typed as 'aaaa-mm-dd hh', and stays an alternative for it.
  const indexed = day ? null : indexedSearch(key);
  if (indexed) return (DATE_HOUR.test(q) ? created : '') + indexed;
  return day
    ? pb.filter('created >= {:from} && created < {:to}', { from: day.from, to: day.to })
    : created + pb.filter('busca ~ {:key}', { key });
}

/** The creation range: from the start of `from` to the end of `to`, both local days (null for an open end). */
function createdRange(from: string, to: string): { start: Date | null; end: Date | null } {
  const last = localDay(to);
  return {
    start: localDay(from),
    end: last ? new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1) : null,
  };
}

/** The creation range as a filter. */
function createdFilter(from: string, to: string): string | null {
  const { start, end } = createdRange(from, to);
  const parts: string[] = [];
  if (start) parts.push(pb.filter('created >= {:start}', { start }));
  if (end) parts.push(pb.filter('created < {:end}', { end }));
  return parts.length ? parts.join(' && ') : null;
}

/** An instant as PocketBase stores it and as pb.filter writes a Date: '2026-11-20 03:00:00.000Z'. */
const pbInstant = (date: Date | null): string => (date ? date.toISOString().replace('T', ' ') : '');

/**
 * The query of the kit's text search (GET /api/agendamentos/busca, pb_hooks/lib/busca_texto.js; issue 30) when the
 * search is text to find anywhere in the customer's key (a name, part of a number or of an e-mail, 3 characters or
 * more), read there from a full-text index; null when PocketBase's list reads it (no search, a date, a whole CPF,
 * phone or e-mail, a shorter text). The route finds what `filterParam` would: the kit's `filtroEquivalente`.
 */
export function textSearchQuery(params: ListParams): Record<string, string> | null {
  const q = buscaTexto.limpo(params.search);
  if (!q || localDayRange(q) || indexedSearch(searchKey(q)) || !buscaTexto.peloIndice(q, searchKey))
    return null;
  const { start, end } = createdRange(params.from, params.to);
  const query: Record<string, string> = {
    texto: q,
    sort: listSort(params.sort),
    page: String(params.page),
    perPage: String(params.perPage),
  };
  const optional: Record<string, string> = {
    status: params.status,
    de: pbInstant(start),
    ate: pbInstant(end),
    consulado: params.consulado ?? '',
    documentacao: params.documentacao ?? '',
  };
  for (const [name, value] of Object.entries(optional)) if (value) query[name] = value;
  return query;
}

/**
 * The getList `filter`, or undefined (left out) when nothing filters the list.
 * User text only ever reaches the filter through pb.filter placeholders, which quote and escape it.
 */
export function filterParam({
  search,
  status,
  from,
  to,
  consulado,
  documentacao,
}: ListFilters): string | undefined {
  const text = searchFilter(search);
  const parts = [
    // `||` binds looser than `&&`: the search alternatives need parentheses once other parts join them.
    text,
    status === INVOICE_ERROR_FILTER
      ? // The server's copy of the order's invoice state on each booking (pb_hooks/lib/notas.js).
        "nota_status = 'ERROR'"
      : status
        ? pb.filter('status_agendamento = {:s}', { s: status })
        : null,
    createdFilter(from, to),
    // The server's copies on each booking, indexed (pb_hooks/lib/processo_resumo.js).
    consulado ? pb.filter('consulado = {:c}', { c: consulado }) : null,
    documentacao ? pb.filter('documentacao = {:d}', { d: documentacao }) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0];
  return parts.map((part) => (part === text ? `(${part})` : part)).join(' && ');
}

export interface ListRequestOptions {
  sort: string;
  filter?: string;
  expand: 'usuario';
  /**
   * The kit counts the list itself from an index, faster than PocketBase's count (issue 30): asked without
   * PocketBase's total, and with `contar` when a filter is set (pb_hooks/lib/paginas.js contagemPropria).
   */
  skipTotal?: true;
  contar?: '1';
}

/** The list's sort as sent: the header's, then `created` and `id` for ties (pb_hooks/lib/paginas.js). */
function listSort(sort: ListSort): string {
  return paginas.ordemDe(paginas.chavesDe(sortParam(sort)), false);
}

/**
 * Options for getList/getFullList; keys are left out instead of sent empty. The sort is the header's, then
 * `created` and `id` for ties (pb_hooks/lib/paginas.js): every row has one place, so a page can be read from its
 * neighbour's last row.
 */
export function listRequestOptions(params: Pick<ListParams, 'sort'> & ListFilters): ListRequestOptions {
  const options: ListRequestOptions = { expand: 'usuario', sort: listSort(params.sort) };
  const filter = filterParam(params);
  if (filter) options.filter = filter;
  // The kit gives a staff member's list its total from a plain count when it can (pb_hooks/lib/lista_equipe.js).
  if (paginas.contagemPropria(filter ?? '')) {
    options.skipTotal = true;
    if (filter) options.contar = '1';
  }
  return options;
}

/** Router state the list hands to the editor, so that 'Voltar página' and the redirect after saving return to the same list page. */
export interface ListLocationState {
  listSearch: string;
}

/** '/dashboard' plus the list's query string when the editor was opened from the list; plain '/dashboard' otherwise. */
export function listHref(state: unknown): string {
  const search =
    typeof state === 'object' &&
    state !== null &&
    'listSearch' in state &&
    typeof state.listSearch === 'string'
      ? state.listSearch
      : '';
  return search.startsWith('?') && search.length > 1 ? `${paths.dashboard}${search}` : paths.dashboard;
}
