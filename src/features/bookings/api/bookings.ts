import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { pb } from '@/lib/pocketbase';
import { ownMessage, ownText } from '@/lib/server-message';
import type { BookingHistoryRecord, BookingRecord, BookingStatus, ListResult } from '@/lib/types';
import regras from '../../../../pocketbase/pb_hooks/lib/regras.json';
import paginas from '../../../../pocketbase/pb_hooks/lib/paginas.js';
import {
  listRequestOptions,
  sameSort,
  textSearchQuery,
  type ListFilters,
  type ListParams,
} from '../list-params';

const agendamentos = () => pb.collection('agendamentos');
const historico = () => pb.collection('historico_agendamentos');

/** Staff queries. Keys run generic → specific so a save can invalidate every list at once. */
export const bookingQueries = {
  all: () => ['agendamentos'] as const,
  lists: () => [...bookingQueries.all(), 'staff-list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...bookingQueries.lists(), params] as const,
      queryFn: ({ client }): Promise<ListResult<BookingRecord>> =>
        readListPage(params, around(client, params)),
      // The page on screen stays while the next one loads, instead of flashing a skeleton.
      placeholderData: keepPreviousData,
    }),
  details: () => [...bookingQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...bookingQueries.details(), id] as const,
      // The customer and the payment the booking came from, for the editor's panels.
      queryFn: () => agendamentos().getOne<BookingRecord>(id, { expand: 'usuario,pagamento' }),
    }),
  history: (id: string) =>
    queryOptions({
      queryKey: [...bookingQueries.details(), id, 'historico'] as const,
      queryFn: () =>
        historico().getFullList<BookingHistoryRecord>({
          filter: pb.filter('agendamento = {:id}', { id }),
          sort: '-created,-id',
          batch: 200,
        }),
    }),
};

type Page = ListResult<BookingRecord>;

/** GET /api/agendamentos/marco's answer (pb_hooks/lib/lista_equipe.js marcoDaPagina). */
interface PageMarker {
  totalItems: number;
  /** the sort's keys of the row before the page; null for the first page or past the end */
  anterior: Record<string, string> | null;
}

/** Same list, any page: every param but the page number. */
function sameList(a: ListParams, b: ListParams): boolean {
  return (Object.keys(a) as (keyof ListParams)[]).every((key) =>
    key === 'page' ? true : key === 'sort' ? sameSort(a.sort, b.sort) : a[key] === b[key],
  );
}

/** What the cache already holds of this list: its pages beside this one, and its total from any page. */
function around(
  client: QueryClient,
  params: ListParams,
): { before?: Page; after?: Page; total: number | null } {
  const page = (n: number) => client.getQueryData<Page>(bookingQueries.list({ ...params, page: n }).queryKey);
  const known = client
    .getQueriesData<Page>({ queryKey: bookingQueries.lists() })
    .find(([key, data]) => data && data.totalItems >= 0 && sameList(key[2] as ListParams, params));
  return {
    before: page(params.page - 1),
    after: page(params.page + 1),
    total: known?.[1]?.totalItems ?? null,
  };
}

/**
 * One page of the staff list (issue 30). A search for text anywhere in the customer's key is the kit's route over its
 * full-text index (list-params.ts textSearchQuery). Any other list is read as pb_hooks/lib/paginas.js plans it: the first page and any page
 * whose place is unknown by PocketBase's offset; the page beside one already read from that page's last (or first)
 * row; a page past the middle from the other end. A page read from its neighbour or from the end asks PocketBase
 * for no count: its total is the list's, already known.
 */
async function readListPage(params: ListParams, cached: ReturnType<typeof around>): Promise<Page> {
  // Text anywhere in the customer's key: the kit reads it from its full-text index, page by offset among the matches;
  // the total already shown by another page of this search is sent back, so the matches are counted once.
  const text = textSearchQuery(params);
  if (text)
    return pb.send<Page>('/api/agendamentos/busca', {
      query: cached.total === null ? text : { ...text, total: cached.total },
    });
  const options = listRequestOptions(params);
  let total = cached.total;
  const lastRow = cached.before?.items.at(-1);
  const firstRow = cached.after?.items[0];
  const far = (params.page - 1) * params.perPage > paginas.PERTO;
  let marker: object | undefined;
  if (total === null && far && !lastRow && !firstRow) {
    if (paginas.contagemPropria(options.filter ?? '') !== null) {
      // A far page opened by its link: the kit says where it starts (the row before it, from the sort's index) and
      // the list's total; the page is then read after that row, as a neighbour is.
      const mark = await pb.send<PageMarker>('/api/agendamentos/marco', {
        query: {
          sort: options.sort,
          page: params.page,
          perPage: params.perPage,
          filter: options.filter ?? '',
        },
      });
      total = mark.totalItems;
      marker = mark.anterior ?? undefined;
    } else {
      // Any other filter: the total first (it costs a first page), so that it is read from the nearer end.
      const count = await agendamentos().getList(1, 1, { ...options, fields: 'id' });
      total = count.totalItems >= 0 ? count.totalItems : null;
    }
  }
  const plan = paginas.planoDaPagina({
    pagina: params.page,
    porPagina: params.perPage,
    ordem: options.sort,
    total,
    vizinhas: { anterior: lastRow ?? marker, seguinte: firstRow },
  });
  if (plan.modo === 'inicio')
    return agendamentos().getList<BookingRecord>(params.page, params.perPage, options);
  const items = await paginas.lerPagina<BookingRecord>(plan, async (step) => {
    const filter = paginas.filtroDoPasso(options.filter, step, (text, values) => pb.filter(text, values));
    const answer = await agendamentos().getList<BookingRecord>(step.pagina, step.porPagina, {
      expand: options.expand,
      sort: step.ordem,
      skipTotal: true,
      ...(filter ? { filter } : {}),
    });
    return answer.items;
  });
  const totalItems = total ?? items.length;
  return {
    page: params.page,
    perPage: params.perPage,
    totalItems,
    totalPages: Math.ceil(totalItems / params.perPage),
    items,
  };
}

export const CSV_TYPE = 'text/csv;charset=utf-8';

/**
 * The CSV file of every booking matching the list's filters, in its order: the server streams it page by page
 * (GET /api/agendamentos/exportar.csv, pb_hooks/lib/exportar_csv.js; the demo double answers the same route)
 * from the list's own `filter` and `sort`, with this browser's offset from UTC for the times.
 */
export async function exportBookingsCsv(params: Pick<ListParams, 'sort'> & ListFilters): Promise<Blob> {
  // One file holds 200,000 rows at most (csv_agendamentos.js LIMITE): the server refuses a longer list, in its words.
  const { sort, filter } = listRequestOptions(params);
  const query = new URLSearchParams({ sort, fuso: String(-new Date().getTimezoneOffset()) });
  if (filter) query.set('filter', filter);
  const url = `${pb.buildURL('/api/agendamentos/exportar.csv')}?${query}`;
  const response = await fetch(url, { headers: { Authorization: `Bearer ${pb.authStore.token}` } });
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => ({}));
    throw new ClientResponseError({ url, status: response.status, response: data });
  }
  return new Blob([await response.arrayBuffer()], { type: CSV_TYPE });
}

/**
 * The PATCH body of seed §7, less `formulario`: staff do not edit it, and sending the loaded copy back would
 * overwrite a newer one. `nota_cliente` goes only when it changed.
 */
export interface BookingUpdate {
  /** ISO string of the chosen calendar day, or null to clear it. */
  data_agendamento: string | null;
  /** 'HH:mm' zero-padded, or ''. */
  hora_agendamento: string;
  local_agendamento: string;
  /** one of the five, or the unknown status the booking already had (kept as it is) */
  status_agendamento: BookingStatus | string;
  nota_cliente?: string;
}

/**
 * Saves staff's changes. `basedOn` is the `updated` of the copy the form was filled from: the server refuses
 * the save (409) when the booking changed since, instead of overwriting someone else's save.
 */
export function updateBooking(id: string, body: BookingUpdate, basedOn: string): Promise<BookingRecord> {
  return agendamentos().update<BookingRecord>(id, body, { headers: { 'If-Match': `"${basedOn}"` } });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 404;
}

/** The server refused a save made on an older copy of the booking. */
export function isStaleSave(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 409;
}

const FIELD_LABELS: Record<string, string> = {
  data_agendamento: 'Data do Agendamento',
  hora_agendamento: 'Hora do Agendamento',
  local_agendamento: 'Local do Agendamento',
  status_agendamento: 'Status',
  nota_cliente: 'Mensagem ao cliente',
};

/** PocketBase's own validation codes, whose messages are in English. */
const CODE_MESSAGES: Record<string, string> = {
  validation_required: 'é obrigatório',
  validation_invalid_format: 'formato inválido',
  validation_invalid_date: 'data inválida',
  validation_max_text_constraint: 'texto longo demais',
  validation_min_text_constraint: 'texto curto demais',
  validation_length_out_of_range: 'tamanho inválido',
  validation_missing_rel_records: 'registro relacionado não encontrado',
  validation_not_unique: 'valor já usado',
};

/** The field errors of a 400, in Portuguese: the server's own pt-BR text, or its code's meaning. */
function fieldErrors(error: ClientResponseError): string | null {
  const data = (error.response?.data ?? {}) as Record<string, { code?: unknown; message?: unknown }>;
  const parts = Object.entries(data).flatMap(([field, detail]) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const code = typeof detail.code === 'string' ? detail.code : '';
    const own = typeof detail.message === 'string' ? detail.message : '';
    const text = ownText(own) ?? CODE_MESSAGES[code] ?? 'valor inválido';
    return [`${FIELD_LABELS[field] ?? field}: ${text.replace(/\.$/, '')}`];
  });
  return parts.length > 0 ? `${parts.join('; ')}.` : null;
}

/**
 * The text after 'Erro: ' in the staff screens (seed §8), always in Portuguese: PocketBase answers in
 * English ('Failed to update record.'), so the status and the field codes choose the sentence; the pt-BR
 * messages of this project's hooks (the stale save, a status) are shown as they are.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ClientResponseError))
    return 'Ocorreu um erro inesperado. Recarregue a página e tente de novo.';
  if (error.isAbort || error.status === 0)
    return 'Sem resposta do servidor: verifique sua conexão e tente de novo.';
  switch (error.status) {
    case 400:
      return (
        fieldErrors(error) ??
        ownMessage(error) ??
        'O servidor recusou os dados enviados. Confira os campos e tente de novo.'
      );
    case 401:
      return 'Sua sessão terminou. Entre novamente para continuar.';
    case 403:
      return 'Você não tem permissão para esta ação.';
    case 404:
      return 'Agendamento não encontrado: ele pode ter sido removido.';
    case 409:
      return error.response?.message && typeof error.response.message === 'string'
        ? error.response.message
        : regras.conflitoDeEdicao;
    case 429:
      return 'Muitas tentativas em pouco tempo: aguarde um pouco e tente de novo.';
    default:
      return error.status >= 500
        ? 'O servidor está com problemas no momento: tente de novo em alguns minutos.'
        : 'Não foi possível concluir a ação. Tente de novo.';
  }
}
