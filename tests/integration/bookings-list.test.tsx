import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { CSV_HEADER } from '@/features/bookings/csv';
import { CASE_STATE_LABELS, consulateLabel, type CaseState } from '@/features/bookings/review/api';
import { statusLabel } from '@/lib/booking-status';
import { formatCalendarDay, formatDateTime } from '@/lib/dates';
import type { BookingRecord } from '@/lib/types';
import { caseSummary } from '@/mocks/case-summary';
import { getDb } from '@/mocks/db';
import { buildSeed } from '../../demo-seed/seed';
import { captureDownload } from '../helpers/download';
import { renderApp } from '../helpers/render';
import { server } from '../helpers/server';
import busca from '../../pocketbase/pb_hooks/lib/busca_texto.js';
import kitCsv from '../../pocketbase/pb_hooks/lib/csv_agendamentos.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';

const LIST_PATH = '/api/collections/agendamentos/records';
// Text anywhere in the customer's key goes to the kit's full-text search (pb_hooks/lib/busca_texto.js).
const SEARCH_PATH = '/api/agendamentos/busca';
// The seed: 120 generated bookings, the `agendado` account's, the case-file stages' and the booking day's.
const TOTAL = buildSeed().agendamentos.length;

/** Every staff-list GET the app sends, as URLs, in order. */
function trackListRequests(): URL[] {
  const urls: URL[] = [];
  const onStart = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && [LIST_PATH, SEARCH_PATH].includes(url.pathname)) urls.push(url);
  };
  server.events.on('request:start', onStart);
  onTestFinished(() => {
    server.events.removeListener('request:start', onStart);
  });
  return urls;
}

/**
 * A list request's params. A text search sent to the kit's route is given as the list call that finds the same
 * bookings (the kit's filtroEquivalente, which tests/server/busca-texto.test.ts holds equal to the route).
 */
function params(url: URL | undefined): Record<string, string> {
  const query = Object.fromEntries(url?.searchParams ?? []);
  if (url?.pathname !== SEARCH_PATH) return query;
  const read = busca.pedidoDe((name) => query[name] ?? '', comum.termoBusca);
  if (!read.pedido) throw new Error(`a search the route refuses: ${url.search}`);
  const p = read.pedido;
  return {
    page: String(p.pagina),
    perPage: String(p.porPagina),
    sort: p.ordem,
    filter: busca.filtroEquivalente(p),
    expand: 'usuario',
  };
}
const last = <T,>(list: T[]): T | undefined => list[list.length - 1];
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

function ownerOf(booking: BookingRecord): string {
  return getDb().usuarios.find((u) => u.id === booking.usuario)?.nome_completo ?? 'Desconhecido';
}

/** The seed in the list's default order: newest first, ties by id. */
const seeded = () =>
  [...getDb().agendamentos].sort((a, b) => b.created.localeCompare(a.created) || b.id.localeCompare(a.id));

/** The rows of page `page` of `perPage` newest first, as the list shows them: created, then the customer. */
const pageOf = (page: number, perPage: number) =>
  seeded()
    .slice((page - 1) * perPage, page * perPage)
    .map((b) => [formatDateTime(b.created), ownerOf(b)]);

/** The list's rows on screen: created, then the customer. */
async function shownRows(): Promise<string[][]> {
  return (await bodyRows()).map((row) => cellTexts(row).slice(0, 2));
}

async function bodyRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', { name: 'Agendamentos' });
  return within(table).getAllByRole('row').slice(1);
}

function cellTexts(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

const header = (name: string) => screen.getByRole('columnheader', { name });

async function openList(route = '/dashboard') {
  const requests = trackListRequests();
  const view = renderApp({ route, session: 'admin' });
  // Generous: the first test of a run also loads the route's code.
  await screen.findByText(/^Total: \d+$/, { selector: '[role="status"]' });
  return { ...view, requests };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('staff bookings list', () => {
  it('shows the heading, the seed columns in order, the first page and the total; asks for page 1 of 50 with the owner', async () => {
    const { requests } = await openList();
    expect(screen.getByRole('heading', { level: 1, name: 'Agendamentos' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'CRIADO EM',
      'CLIENTE',
      'STATUS',
      'CONSULADO',
      'DOCUMENTAÇÃO',
      'DATA AGEND.',
      'HORA AGEND.',
      'LOCAL AGEND.',
      'ATUALIZADO EM',
    ]);
    // Sortable headers are buttons inside a th with aria-sort; CLIENTE is neither. Newest first by default.
    expect(header('CRIADO EM')).toHaveAttribute('aria-sort', 'descending');
    expect(within(header('CRIADO EM')).getByRole('button', { name: 'CRIADO EM' })).toBeInTheDocument();
    for (const name of ['STATUS', 'DATA AGEND.', 'HORA AGEND.', 'LOCAL AGEND.', 'ATUALIZADO EM']) {
      expect(header(name)).toHaveAttribute('aria-sort', 'none');
      expect(within(header(name)).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(header('CLIENTE')).not.toHaveAttribute('aria-sort');
    expect(within(header('CLIENTE')).queryByRole('button')).not.toBeInTheDocument();

    expect(screen.getByText(`Total: ${TOTAL}`)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(params(requests[0])).toEqual({
      page: '1',
      perPage: '50',
      sort: '-created,-id',
      expand: 'usuario',
      skipTotal: 'true',
    });

    const rows = await bodyRows();
    expect(rows).toHaveLength(50);
    const first = seeded()[0] as BookingRecord;
    expect(cellTexts(rows[0] as HTMLElement)).toEqual([
      formatDateTime(first.created),
      ownerOf(first),
      statusLabel(first.status_agendamento),
      // No case file yet: no consulate, documentation pendente.
      '—',
      'Pendente',
      formatCalendarDay(first.data_agendamento),
      first.hora_agendamento,
      first.local_agendamento,
      formatDateTime(first.updated),
    ]);
    // Created/updated as dd/MM/yyyy HH:mm, the booking day as dd/MM/yyyy.
    expect(cellTexts(rows[0] as HTMLElement)[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('shows status badges with the seed colours and underscores as spaces', async () => {
    await openList('/dashboard?perPage=100');
    const table = screen.getByRole('table', { name: 'Agendamentos' });
    const badge = (text: string) => within(table).getAllByText(text)[0];
    expect(badge('NOVO')).toHaveClass('bg-blue-100');
    expect(badge('ANALISE ERRO')).toHaveClass('bg-red-100');
    expect(badge('ANALISE OK')).toHaveClass('bg-orange-100');
    expect(badge('AGENDADO')).toHaveClass('bg-green-100');
    expect(badge('FINALIZADO')).toHaveClass('bg-gray-300');
    expect(within(table).queryByText(/_/)).not.toBeInTheDocument();
  });

  it("shows 'Desconhecido' when the owner cannot be expanded", async () => {
    const first = seeded()[0] as BookingRecord;
    first.usuario = 'semdonoexiste01';
    await openList();
    expect(cellTexts((await bodyRows())[0] as HTMLElement)[1]).toBe('Desconhecido');
  });

  it('opens newest first; sorts one column at a time: ascending, descending, cleared back to newest first; back to page 1; state in the URL', async () => {
    const { user, requests, router } = await openList('/dashboard?page=2');
    expect(params(last(requests))).toEqual({
      page: '2',
      perPage: '50',
      sort: '-created,-id',
      expand: 'usuario',
      skipTotal: 'true',
    });
    expect(header('CRIADO EM')).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'CRIADO EM' }));
    await waitFor(() =>
      expect(params(last(requests))).toEqual({
        page: '1',
        perPage: '50',
        sort: 'created,id',
        expand: 'usuario',
        skipTotal: 'true',
      }),
    );
    expect(header('CRIADO EM')).toHaveAttribute('aria-sort', 'ascending');
    expect(router.location.search).toBe('?sort=created');
    const oldest = seeded().at(-1) as BookingRecord;
    await waitFor(async () =>
      expect(cellTexts((await bodyRows())[0] as HTMLElement)[0]).toBe(formatDateTime(oldest.created)),
    );

    await user.click(screen.getByRole('button', { name: 'CRIADO EM' }));
    await waitFor(() => expect(params(last(requests)).sort).toBe('-created,-id'));
    expect(header('CRIADO EM')).toHaveAttribute('aria-sort', 'descending');
    expect(router.location.search).toBe('');
    const newest = seeded()[0] as BookingRecord;
    await waitFor(async () =>
      expect(cellTexts((await bodyRows())[0] as HTMLElement)[0]).toBe(formatDateTime(newest.created)),
    );

    // Another column: ascending, descending, then cleared back to newest first.
    await user.click(screen.getByRole('button', { name: 'STATUS' }));
    await waitFor(() => expect(params(last(requests)).sort).toBe('status_ordem,created,id'));
    expect(header('CRIADO EM')).toHaveAttribute('aria-sort', 'none');
    expect(header('STATUS')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'STATUS' }));
    await waitFor(() => expect(params(last(requests)).sort).toBe('-status_ordem,-created,-id'));
    // (newest first, page 1, is in the cache already: shown without a request)
    await user.click(screen.getByRole('button', { name: 'STATUS' }));
    await waitFor(() => expect(header('STATUS')).toHaveAttribute('aria-sort', 'none'));
    await waitFor(async () =>
      expect(cellTexts((await bodyRows())[0] as HTMLElement)[0]).toBe(formatDateTime(newest.created)),
    );
    expect(header('CRIADO EM')).toHaveAttribute('aria-sort', 'descending');
    expect(router.location.search).toBe('');

    // A second column replaces the first.
    await user.click(screen.getByRole('button', { name: 'LOCAL AGEND.' }));
    await waitFor(() => expect(params(last(requests)).sort).toBe('local_agendamento,created,id'));
    expect(header('CRIADO EM')).toHaveAttribute('aria-sort', 'none');
    expect(header('LOCAL AGEND.')).toHaveAttribute('aria-sort', 'ascending');
  });

  it.each([
    ['STATUS', 'status_agendamento'],
    ['DATA AGEND.', 'data_agendamento'],
    ['HORA AGEND.', 'hora_agendamento'],
    ['LOCAL AGEND.', 'local_agendamento'],
    ['ATUALIZADO EM', 'updated'],
  ])('%s sorts by %s', async (name, field) => {
    const { user, requests } = await openList();
    await user.click(screen.getByRole('button', { name }));
    // The column (the status by its place in the process, status_ordem, which the server keeps), then `created`
    // (unless it is `updated`) and `id` for ties, the same way (pb_hooks/lib/paginas.js).
    const key = field === 'status_agendamento' ? 'status_ordem' : field;
    const ties = field === 'updated' ? ',id' : ',created,id';
    await waitFor(() => expect(params(last(requests)).sort).toBe(key + ties));
    await user.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(params(last(requests)).sort).toBe(`-${key}${ties.replace(/,/g, ',-')}`));
  });

  it('pages with numbered buttons (first, last, neighbours, ellipses), previous and next', async () => {
    const { user, requests, router } = await openList('/dashboard?perPage=10');
    const pager = screen.getByRole('navigation', { name: 'Paginação' });
    const pageButtons = () =>
      within(pager)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(pageButtons()).toEqual(['Página anterior', '1', '2', '13', 'Próxima página']);
    expect(within(pager).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(within(pager).getByText('…')).toBeInTheDocument();

    // The last page is read from the other end, each neighbour from the row beside it (pb_hooks/lib/paginas.js):
    // what matters is the rows shown, those of the page's place in the list.
    await user.click(within(pager).getByRole('button', { name: '13' }));
    await waitFor(async () => expect(await shownRows()).toEqual(pageOf(13, 10)));
    expect(pageOf(13, 10)).toHaveLength(TOTAL - 120);
    expect(params(last(requests))).toMatchObject({
      page: '1',
      perPage: String(TOTAL - 120),
      sort: 'created,id',
    });
    expect(within(pager).getByRole('button', { name: '13' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    expect(router.location.search).toBe('?page=13&perPage=10');

    await user.click(within(pager).getByRole('button', { name: 'Página anterior' }));
    await waitFor(async () => expect(await shownRows()).toEqual(pageOf(12, 10)));
    // From the first row of page 13: no offset, no count.
    expect(params(last(requests))).toMatchObject({ page: '1', sort: 'created,id', skipTotal: 'true' });
    expect(params(last(requests)).filter).toMatch(/^\(created >= "[^"]+" && \(\(created > "[^"]+"\)/);
    expect(pageButtons()).toEqual(['Página anterior', '1', '11', '12', '13', 'Próxima página']);
    await user.click(within(pager).getByRole('button', { name: '11' }));
    await waitFor(async () => expect(await shownRows()).toEqual(pageOf(11, 10)));
    expect(within(pager).getAllByText('…')).toHaveLength(1);
    await user.click(within(pager).getByRole('button', { name: '10' }));
    await waitFor(async () => expect(await shownRows()).toEqual(pageOf(10, 10)));
    expect(within(pager).getAllByText('…')).toHaveLength(2);
    await user.click(within(pager).getByRole('button', { name: 'Próxima página' }));
    await waitFor(async () => expect(await shownRows()).toEqual(pageOf(11, 10)));
    expect(screen.getByText(`Total: ${TOTAL}`)).toBeInTheDocument();

    // Back/forward walk the pages.
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: '10' })).toHaveAttribute('aria-current', 'page'),
    );
    await waitFor(async () => expect(await shownRows()).toEqual(pageOf(10, 10)));
  });

  it("changes the page size with 'Itens por página:' (10/25/50/100, default 50) and goes back to page 1", async () => {
    const { user, requests, router } = await openList('/dashboard?page=2');
    const size = screen.getByLabelText('Itens por página:');
    expect(size).toHaveValue('50');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);

    await user.selectOptions(size, '25');
    await waitFor(() =>
      expect(params(last(requests))).toEqual({
        page: '1',
        perPage: '25',
        sort: '-created,-id',
        expand: 'usuario',
        skipTotal: 'true',
      }),
    );
    await waitFor(async () => expect(await bodyRows()).toHaveLength(25));
    expect(router.location.search).toBe('?perPage=25');

    await user.selectOptions(size, '100');
    await waitFor(async () => expect(await bodyRows()).toHaveLength(100));
    expect(screen.getByRole('button', { name: '2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '3' })).not.toBeInTheDocument();
  });

  it.each(['ana.lima@request.com.br', 'bia@collection.x'])(
    'finds a customer by an e-mail at any domain (%s), which PocketBase would refuse in a filter as typed',
    async (email) => {
      const booking = seeded()[3] as BookingRecord;
      const owner = getDb().usuarios.find((u) => u.id === booking.usuario);
      if (!owner) throw new Error('the seed has owners');
      owner.email = email;
      const { user } = await openList();
      await user.type(screen.getByRole('searchbox', { name: 'Buscar por cliente' }), email);
      await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
      expect(cellTexts((await bodyRows())[0] as HTMLElement)[1]).toBe(owner.nome_completo);
      expect(screen.queryByText('Você não tem permissão para esta ação.')).not.toBeInTheDocument();
    },
  );

  it('searches by customer through pb.filter, debounced, back to page 1, in the URL', async () => {
    const { user, requests, router } = await openList('/dashboard?page=2');
    const before = requests.length;
    const search = screen.getByRole('searchbox', { name: 'Buscar por cliente' });
    expect(search).toHaveAttribute('placeholder', 'Buscar por cliente');

    await user.type(search, 'Rossi');
    await waitFor(() => expect(requests.length).toBe(before + 1));
    // A name is read from the kit's text index, page by page as the list asks for it.
    expect(last(requests)?.pathname).toBe(SEARCH_PATH);
    expect(Object.fromEntries(last(requests)?.searchParams ?? [])).toEqual({
      texto: 'Rossi',
      sort: '-created,-id',
      page: '1',
      perPage: '50',
    });
    expect(params(last(requests))).toEqual({
      page: '1',
      perPage: '50',
      sort: '-created,-id',
      filter: 'created ~ "Rossi" || busca ~ "rossi"',
      expand: 'usuario',
    });
    const expected = seeded().filter((b) => ownerOf(b).includes('Rossi'));
    expect(expected.length).toBeGreaterThan(0);
    await screen.findByText(`Total: ${expected.length}`);
    for (const row of await bodyRows()) expect(cellTexts(row)[1]).toContain('Rossi');
    expect(router.location.search).toBe('?search=Rossi');
  });

  it("a search's next page sends back the total on screen: the kit counts the matches once (issue 30)", async () => {
    const { user, requests } = await openList('/dashboard?search=demo.com');
    const matches = getDb().agendamentos.filter((b) =>
      getDb()
        .usuarios.find((u) => u.id === b.usuario)
        ?.email.includes('demo.com'),
    ).length;
    expect(matches).toBeGreaterThan(50);
    await screen.findByText(`Total: ${matches}`);
    expect(last(requests)?.searchParams.has('total')).toBe(false);
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(last(requests)?.searchParams.get('page')).toBe('2'));
    expect(last(requests)?.pathname).toBe(SEARCH_PATH);
    expect(last(requests)?.searchParams.get('total')).toBe(String(matches));
    expect(await screen.findByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    await screen.findByText(`Total: ${matches}`);
    expect(await bodyRows()).toHaveLength(matches - 50 > 50 ? 50 : matches - 50);
  });

  it.each([
    ['its CPF with the mask', '153.509.460-56'],
    ['its CPF bare', '15350946056'],
    ['its e-mail, in capitals', 'AGENDADO@demo'],
    ['its phone with the mask', '(21) 99876-5432'],
    ['its name without accents', 'joao pedro davila'],
  ])('finds a customer by %s', async (_, text) => {
    const { user } = await openList();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por cliente' }), text);
    await screen.findByText('Total: 1');
    expect(cellTexts((await bodyRows())[0] as HTMLElement)[1]).toBe("João Pedro D'Ávila");
  });

  it('filters by creation date, from the start of the first day to the end of the last, in the URL', async () => {
    const { user, requests, router } = await openList();
    const expected = seeded().filter((b) => {
      const day = formatDateTime(b.created).slice(0, 10);
      return ['14/09/2026', '15/09/2026'].includes(day);
    });
    expect(expected.length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('Criado de'), '2026-09-14');
    await user.type(screen.getByLabelText('Criado até'), '2026-09-15');
    await waitFor(() =>
      expect(params(last(requests)).filter).toBe(
        'created >= "2026-09-14 03:00:00.000Z" && created < "2026-09-16 03:00:00.000Z"',
      ),
    );
    await screen.findByText(`Total: ${expected.length}`);
    expect(router.location.search).toBe('?from=2026-09-14&to=2026-09-15');
  });

  it('two filters changed before the list renders again both stay (the second does not undo the first)', async () => {
    const { router } = await openList();
    // A browser's autofill, or a very fast hand: both days arrive in one go.
    act(() => {
      fireEvent.change(screen.getByLabelText('Criado de'), { target: { value: '2026-09-14' } });
      fireEvent.change(screen.getByLabelText('Criado até'), { target: { value: '2026-09-15' } });
    });
    await waitFor(() => expect(router.location.search).toBe('?from=2026-09-14&to=2026-09-15'));
    expect(screen.getByLabelText('Criado de')).toHaveValue('2026-09-14');
  });

  it('a page past the end moves to the last page that exists', async () => {
    const { router } = await openList('/dashboard?status=AGENDADO&page=40');
    const agendados = seeded().filter((b) => b.status_agendamento === 'AGENDADO').length;
    const lastPage = Math.max(1, Math.ceil(agendados / 50));
    await waitFor(() =>
      expect(router.location.search).toBe(
        lastPage === 1 ? '?status=AGENDADO' : `?page=${lastPage}&status=AGENDADO`,
      ),
    );
    expect(
      await screen.findByRole('button', { name: String(lastPage), exact: true } as never),
    ).toHaveAttribute('aria-current', 'page');
    expect((await bodyRows()).length).toBeGreaterThan(0);
  });

  it('finds an accented name with an apostrophe', async () => {
    const { user, requests } = await openList();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por cliente' }), "D'Ávila");
    await waitFor(() =>
      expect(params(last(requests)).filter).toBe(`created ~ "D'Ávila" || busca ~ "davila"`),
    );
    await screen.findByText('Total: 1');
    expect(cellTexts((await bodyRows())[0] as HTMLElement)[1]).toBe("João Pedro D'Ávila");
  });

  it('typing sends at most one request per pause', async () => {
    const { user, requests } = await openList();
    const before = requests.length;
    const search = screen.getByRole('searchbox', { name: 'Buscar por cliente' });

    // Keystrokes closer together than the debounce: one request for the whole word.
    const slowTypist = userEvent.setup({ delay: SEARCH_DEBOUNCE_MS / 3 });
    const started = Date.now();
    await slowTypist.type(search, 'Bianchi');
    expect(Date.now() - started).toBeGreaterThan(SEARCH_DEBOUNCE_MS);
    await pause(SEARCH_DEBOUNCE_MS * 2);
    expect(requests.length).toBe(before + 1);
    expect(params(last(requests)).filter).toContain('"Bianchi"');

    // Cleared: the unfiltered list is still fresh in the cache, so no request at all.
    await user.clear(search);
    await pause(SEARCH_DEBOUNCE_MS * 2);
    await screen.findByText(`Total: ${TOTAL}`);
    expect(requests.length).toBe(before + 1);

    // Two pauses: two requests.
    await user.type(search, 'Ros');
    await pause(SEARCH_DEBOUNCE_MS * 2);
    await user.type(search, 'si');
    await pause(SEARCH_DEBOUNCE_MS * 2);
    expect(requests.length).toBe(before + 3);
    expect(requests.slice(before + 1).map((url) => params(url).filter)).toEqual([
      'created ~ "Ros" || busca ~ "ros"',
      'created ~ "Rossi" || busca ~ "rossi"',
    ]);

    // Trailing spaces change nothing.
    await user.type(search, '   ');
    await pause(SEARCH_DEBOUNCE_MS * 2);
    expect(requests.length).toBe(before + 3);
  });

  it('Enter searches at once', async () => {
    const { user, requests } = await openList();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar por cliente' }), 'Greco{Enter}');
    expect(params(last(requests)).filter).toBe('created ~ "Greco" || busca ~ "greco"');
  });

  it("filters by status ('Todos', the five, an invoice in error) and combines it with the search", async () => {
    const { user, requests, router } = await openList('/dashboard?page=2');
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Todos',
      'NOVO',
      'ANALISE ERRO',
      'ANALISE OK',
      'AGENDADO',
      'FINALIZADO',
      'Nota fiscal com erro',
    ]);

    // The orders whose service invoice (NFS-e) Asaas could not issue: the seed has one.
    await user.selectOptions(status, 'Nota fiscal com erro');
    await waitFor(() => expect(params(last(requests)).filter).toBe("nota_status = 'ERROR'"));
    await screen.findByText('Total: 1');
    expect(router.location.search).toBe('?status=NOTA_ERRO');

    await user.selectOptions(status, 'AGENDADO');
    // One status: the kit counts it from its index (pb_hooks/lib/paginas.js contagemPropria), not PocketBase.
    await waitFor(() =>
      expect(params(last(requests))).toEqual({
        page: '1',
        perPage: '50',
        sort: '-created,-id',
        filter: 'status_agendamento = "AGENDADO"',
        expand: 'usuario',
        skipTotal: 'true',
        contar: '1',
      }),
    );
    const agendados = seeded().filter((b) => b.status_agendamento === 'AGENDADO');
    await screen.findByText(`Total: ${agendados.length}`);
    for (const row of await bodyRows()) expect(cellTexts(row)[2]).toBe('AGENDADO');
    expect(router.location.search).toBe('?status=AGENDADO');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por cliente' }), 'Rossi{Enter}');
    await waitFor(() =>
      expect(params(last(requests)).filter).toBe(
        '(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "AGENDADO"',
      ),
    );

    await user.selectOptions(status, 'Todos');
    await waitFor(() => expect(params(last(requests)).filter).toBe('created ~ "Rossi" || busca ~ "rossi"'));
  });

  it('restores the whole state from a shared link', async () => {
    const { requests } = await openList(
      '/dashboard?page=1&perPage=10&sort=-updated&search=Rossi&status=FINALIZADO',
    );
    expect(params(requests[0])).toEqual({
      page: '1',
      perPage: '10',
      sort: '-updated,-id',
      filter: '(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "FINALIZADO"',
      expand: 'usuario',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar por cliente' })).toHaveValue('Rossi');
    expect(screen.getByLabelText('Status')).toHaveValue('FINALIZADO');
    expect(screen.getByLabelText('Itens por página:')).toHaveValue('10');
    expect(header('ATUALIZADO EM')).toHaveAttribute('aria-sort', 'descending');
  });

  it('a page far from both ends opened by its link: the kit says where it starts, then its rows are read after that row', async () => {
    // More bookings than an offset should walk (pb_hooks/lib/paginas.js PERTO): 10,500 more, a minute apart.
    const db = getDb();
    const model = db.agendamentos[0]!;
    const start = Date.parse('2024-01-01T12:00:00Z');
    for (let i = 0; i < 10_500; i++) {
      db.agendamentos.push({
        ...model,
        id: `longe${String(i).padStart(10, '0')}`,
        created: new Date(start + i * 60_000).toISOString().replace('T', ' '),
      });
    }
    const markers: URL[] = [];
    const onStart = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/agendamentos/marco') markers.push(url);
    };
    server.events.on('request:start', onStart);
    onTestFinished(() => {
      server.events.removeListener('request:start', onStart);
    });
    const page = 1_060;
    const requests = trackListRequests();
    renderApp({ route: `/dashboard?page=${page}&perPage=10`, session: 'admin' });
    const total = `Total: ${db.agendamentos.length.toLocaleString('pt-BR')}`;
    expect(await screen.findByText(total, { selector: '[role="status"]' }, { timeout: 5000 })).toBeVisible();
    expect(await shownRows()).toEqual(pageOf(page, 10));
    expect(markers.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { sort: '-created,-id', page: String(page), perPage: '10', filter: '' },
    ]);
    // No offset into the list: every read starts after the row the kit named.
    expect(requests.every((url) => url.searchParams.get('page') === '1')).toBe(true);
    expect(params(last(requests)).filter).toMatch(/^\(created <= "/);
  });

  it("shows 'Nenhum agendamento encontrado.' for no match", async () => {
    const { user } = await openList();
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar por cliente' }),
      'Ninguém com este nome{Enter}',
    );
    expect(await screen.findByText('Nenhum agendamento encontrado.')).toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
  });

  it('shows a loading skeleton first', async () => {
    renderApp({ route: '/dashboard', session: 'admin' });
    expect(await screen.findByText('Carregando agendamentos...')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Agendamentos' })).toHaveAttribute('aria-busy', 'true');
    await screen.findByText(`Total: ${TOTAL}`);
    expect(screen.getByRole('region', { name: 'Agendamentos' })).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps the current page on screen while the next one loads', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(`*${LIST_PATH}`, async ({ request }) => {
        // Page 2, read from page 1's last row (the only filtered call here): falls through to the stand-in's
        // handler once released.
        if (new URL(request.url).searchParams.has('filter')) await gate;
      }),
    );
    const { user } = await openList();
    const firstCreated = cellTexts((await bodyRows())[0] as HTMLElement)[0];

    await user.click(screen.getByRole('button', { name: '2' }));
    expect(screen.getByRole('region', { name: 'Agendamentos' })).toHaveAttribute('aria-busy', 'true');
    expect(await bodyRows()).toHaveLength(50);
    expect(cellTexts((await bodyRows())[0] as HTMLElement)[0]).toBe(firstCreated);

    release();
    const secondPageFirst = seeded()[50] as BookingRecord;
    await waitFor(async () =>
      expect(cellTexts((await bodyRows())[0] as HTMLElement)[0]).toBe(
        formatDateTime(secondPageFirst.created),
      ),
    );
    expect(screen.getByRole('region', { name: 'Agendamentos' })).toHaveAttribute('aria-busy', 'false');
  });

  it("shows an error with 'Tentar novamente' when the list fails, and recovers", async () => {
    server.use(
      http.get(
        `*${LIST_PATH}`,
        () => HttpResponse.json({ status: 500, message: 'Falha no servidor.', data: {} }, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderApp({ route: '/dashboard', session: 'admin' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os agendamentos.');
    // PocketBase's own message is English: the screen says it in Portuguese.
    expect(alert).toHaveTextContent(
      'O servidor está com problemas no momento: tente de novo em alguns minutos.',
    );
    expect(screen.queryByText(/^Total: \d+$/)).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(`Total: ${TOTAL}`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await bodyRows()).toHaveLength(50);
  });

  it('opens a booking by clicking its row, or with Enter on the focused row', async () => {
    const { user, router } = await openList('/dashboard?page=2');
    const target = seeded()[50] as BookingRecord;
    await user.click(within((await bodyRows())[0] as HTMLElement).getByText(formatDateTime(target.updated)));
    // The editor's route is loaded on demand: the location changes once its code is in.
    await waitFor(() => expect(router.location.pathname).toBe(`/booking-details/${target.id}`));
    expect(await screen.findByRole('link', { name: 'Voltar página' })).toHaveAttribute(
      'href',
      '/dashboard?page=2',
    );

    await act(() => router.navigate(-1));
    const rows = await bodyRows();
    const row = rows[1] as HTMLElement;
    expect(row).toHaveAttribute('tabindex', '0');
    act(() => row.focus());
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.location.pathname).toBe(`/booking-details/${(seeded()[51] as BookingRecord).id}`),
    );
  });

  it('the client name is also a link to the booking; a long name keeps its full text', async () => {
    await openList();
    const first = seeded()[0] as BookingRecord;
    const row = (await bodyRows())[0] as HTMLElement;
    const link = within(row).getByRole('link', { name: ownerOf(first) });
    expect(link).toHaveAttribute('href', `/booking-details/${first.id}`);
    // Long names (and places) are cut to two lines on screen: the full text stays in the cell and on hover.
    expect(within(link).getByTitle(ownerOf(first))).toHaveTextContent(ownerOf(first));
  });

  it('keeps the wide table in a labelled, focusable scroll region', async () => {
    await openList();
    const region = screen.getByRole('region', { name: 'Agendamentos' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('overflow-x-auto');
  });
});

const EXPORT_PATH = '/api/agendamentos/exportar.csv';

describe("'Exportar CSV'", () => {
  it('downloads every row of the current search and filter, UTF-8 with BOM, ; separated', async () => {
    const files = captureDownload();
    const allRequests: URL[] = [];
    const onStart = ({ request }: { request: Request }) => void allRequests.push(new URL(request.url));
    server.events.on('request:start', onStart);
    onTestFinished(() => {
      server.events.removeListener('request:start', onStart);
    });

    const { user } = await openList('/dashboard?perPage=10&sort=-created&status=FINALIZADO');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));

    // The server's streamed export (the double answers the same route), with the list's filter and sort and
    // this browser's offset from UTC.
    const exportRequest = allRequests.find((url) => url.pathname === EXPORT_PATH);
    expect(params(exportRequest)).toEqual({
      sort: '-created,-id',
      filter: 'status_agendamento = "FINALIZADO"',
      fuso: String(-new Date().getTimezoneOffset()),
    });

    const file = files[0] as { name: string; blob: Blob };
    expect(file.name).toMatch(/^agendamentos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split('\r\n').filter(Boolean);
    const expected = seeded()
      .filter((b) => b.status_agendamento === 'FINALIZADO')
      .sort((a, b) => (a.created < b.created ? 1 : -1));
    // Every matching row, not just the 10 on screen.
    expect(expected.length).toBeGreaterThan(10);
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines[0]).toBe(CSV_HEADER.map((h) => `"${h}"`).join(';'));
    const newest = expected[0] as BookingRecord;
    expect(lines[1]).toBe(
      [
        newest.id,
        formatDateTime(newest.created),
        ownerOf(newest),
        'FINALIZADO',
        // the consulate and the documentation's state by name, as the table's cells say them
        consulateLabel(caseSummary(getDb(), newest.id).consulado),
        CASE_STATE_LABELS[caseSummary(getDb(), newest.id).documentacao as CaseState],
        formatCalendarDay(newest.data_agendamento),
        newest.hora_agendamento,
        newest.local_agendamento,
        formatDateTime(newest.updated),
        getDb().pagamentos.find((p) => p.id === newest.pagamento)?.nota_numero ?? '',
      ]
        .map((f) => `"${f}"`)
        .join(';'),
    );
    for (const line of lines.slice(1)) expect(line.split('";"')[3]).toBe('FINALIZADO');
  });

  it("refuses a list longer than one file holds, a search's too, in the server's words", async () => {
    captureDownload();
    const exports: URL[] = [];
    const onStart = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname === EXPORT_PATH) exports.push(url);
    };
    server.events.on('request:start', onStart);
    onTestFinished(() => {
      server.events.removeListener('request:start', onStart);
    });
    // The server counts the list (a search's by the row past the limit) and refuses it before any row.
    server.use(
      http.get(`*${EXPORT_PATH}`, () =>
        HttpResponse.json({ status: 400, message: kitCsv.MSG.grande, data: {} }, { status: 400 }),
      ),
    );
    const { user } = renderApp({ route: '/dashboard?search=silva', session: 'admin' });
    await screen.findByText(/^Total: \d+$/, { selector: '[role="status"]' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText(`Erro: ${kitCsv.MSG.grande}`)).toBeInTheDocument();
    expect(exports).toHaveLength(1);
    expect(exports[0]?.searchParams.get('filter')).toBe('created ~ "silva" || busca ~ "silva"');
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar por cliente' }));
    await screen.findByText(/^Total: \d+$/, { selector: '[role="status"]' });
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(await screen.findAllByText(`Erro: ${kitCsv.MSG.grande}`)).not.toHaveLength(0);
  });

  it('tells the user when the export fails', async () => {
    captureDownload();
    const { user } = await openList();
    server.use(
      http.get(`*${EXPORT_PATH}`, () =>
        HttpResponse.json({ status: 500, message: 'Falha no servidor.', data: {} }, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(
      await screen.findByText(
        'Erro: O servidor está com problemas no momento: tente de novo em alguns minutos.',
      ),
    ).toBeInTheDocument();
  });
});
