/**
 * The staff list's state as it lives in the URL (`?page=&perPage=&sort=&search=&status=`), and the
 * getList options it turns into. Anything unknown or malformed in the URL falls back to the default,
 * so a hand-edited or stale link never breaks the screen.
 */
import { STAFF_DEFAULT_PAGE_SIZE, STAFF_PAGE_SIZES } from '@/config/constants';
import { paths } from '@/config/routes';
import { pb } from '@/lib/pocketbase';
import { BOOKING_STATUSES, type BookingStatus } from '@/lib/types';

/** Column ids are the PocketBase field names, so a column id is also its sort key. */
export const SORTABLE_COLUMNS = [
  'created',
  'status_agendamento',
  'data_agendamento',
  'hora_agendamento',
  'local_agendamento',
  'updated',
] as const;
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];

export interface ListSort {
  id: SortableColumn;
  desc: boolean;
}

export interface ListParams {
  /** 1-based, as PocketBase counts pages. */
  page: number;
  perPage: number;
  /** null: no header sort; the request then carries no `sort` and PocketBase answers in creation order. */
  sort: ListSort | null;
  search: string;
  status: BookingStatus | '';
}

export const DEFAULT_LIST_PARAMS: ListParams = {
  page: 1,
  perPage: STAFF_DEFAULT_PAGE_SIZE,
  sort: null,
  search: '',
  status: '',
};

/** Bounds the filter PocketBase has to parse; nobody types a 100-character customer name. */
export const MAX_SEARCH_LENGTH = 100;

const KEYS = ['page', 'perPage', 'sort', 'search', 'status'] as const;

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
  return {
    page: positiveInt(searchParams.get('page')) ?? DEFAULT_LIST_PARAMS.page,
    perPage:
      perPage !== null && (STAFF_PAGE_SIZES as readonly number[]).includes(perPage)
        ? perPage
        : STAFF_DEFAULT_PAGE_SIZE,
    sort: parseSort(searchParams.get('sort')),
    search: (searchParams.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    status: isStatus(status) ? status : '',
  };
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
  const sort = sortParam(params.sort);
  if (sort) next.set('sort', sort);
  if (params.search) next.set('search', params.search);
  if (params.status) next.set('status', params.status);
  return next;
}

/** The getList `sort`: the column id, '-' in front for descending; undefined (left out) with no sort. */
export function sortParam(sort: ListSort | null): string | undefined {
  if (!sort) return undefined;
  return sort.desc ? `-${sort.id}` : sort.id;
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

/**
 * The getList `filter`, or undefined (left out) when there is neither search nor status.
 * User text only ever reaches the filter through pb.filter placeholders, which quote and escape it.
 * A search typed as a date also matches the bookings created on that day in the staff member's time
 * zone (the list shows local times; `created` is stored in UTC, so a plain text match would miss some).
 */
export function filterParam(search: string, status: BookingStatus | ''): string | undefined {
  // PocketBase's filter parser does not unescape `\\` (a backslash would swallow the closing quote and the
  // whole list would fail), and no name holds one: backslashes are left out of the search.
  const q = search.replace(/\\/g, '').trim();
  const parts: string[] = [];
  if (q) {
    const day = localDayRange(q);
    parts.push(
      day
        ? pb.filter(
            'created ~ {:q} || usuario.nome_completo ~ {:q} || (created >= {:from} && created < {:to})',
            {
              q,
              from: day.from,
              to: day.to,
            },
          )
        : pb.filter('created ~ {:q} || usuario.nome_completo ~ {:q}', { q }),
    );
  }
  if (status) parts.push(pb.filter('status_agendamento = {:s}', { s: status }));
  if (parts.length === 0) return undefined;
  // `||` binds looser than `&&`: the search alternatives need parentheses once the status joins them.
  return parts.length === 1 ? parts[0] : `(${parts[0]}) && ${parts[1]}`;
}

export interface ListRequestOptions {
  sort?: string;
  filter?: string;
  expand: 'usuario';
}

/** Options for getList/getFullList; keys are left out instead of sent empty. */
export function listRequestOptions(
  params: Pick<ListParams, 'sort' | 'search' | 'status'>,
): ListRequestOptions {
  const options: ListRequestOptions = { expand: 'usuario' };
  const sort = sortParam(params.sort);
  const filter = filterParam(params.search, params.status);
  if (sort) options.sort = sort;
  if (filter) options.filter = filter;
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
