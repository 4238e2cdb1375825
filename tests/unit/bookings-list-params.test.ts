import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_PARAMS,
  filterParam,
  listHref,
  listRequestOptions,
  parseListParams,
  sortParam,
  SORTABLE_COLUMNS,
  writeListParams,
  type ListParams,
} from '@/features/bookings/list-params';
import { compileFilter } from '@/mocks/filter';

interface Row {
  created: string;
  status_agendamento: string;
  nome: string;
}

/** Evaluates a filter with the mock backend's PocketBase parser, to prove what the server would match. */
function matches(filter: string, row: Row): boolean {
  const resolve = (r: Row, path: string): unknown =>
    path === 'usuario.nome_completo' ? r.nome : (r as unknown as Record<string, unknown>)[path];
  const isField = (path: string) => ['created', 'status_agendamento', 'usuario.nome_completo'].includes(path);
  return compileFilter<Row>(filter, resolve, isField)(row);
}

const row = (nome: string): Row => ({
  created: '2026-05-14 10:20:30.123Z',
  status_agendamento: 'NOVO',
  nome,
});

describe('sort string for each header state', () => {
  it('is left out when no header is sorted', () => {
    expect(sortParam(null)).toBeUndefined();
    expect(listRequestOptions(DEFAULT_LIST_PARAMS)).toEqual({ expand: 'usuario' });
  });

  it.each(SORTABLE_COLUMNS)('%s: ascending is the column id, descending has a minus', (id) => {
    expect(sortParam({ id, desc: false })).toBe(id);
    expect(sortParam({ id, desc: true })).toBe(`-${id}`);
    expect(listRequestOptions({ ...DEFAULT_LIST_PARAMS, sort: { id, desc: true } })).toEqual({
      expand: 'usuario',
      sort: `-${id}`,
    });
  });

  it('the client column (a relation) is not sortable', () => {
    expect(SORTABLE_COLUMNS).not.toContain('usuario');
    expect(parseListParams(new URLSearchParams('sort=usuario')).sort).toBeNull();
  });
});

describe('filter string', () => {
  it('is left out with no search and no status', () => {
    expect(filterParam('', '')).toBeUndefined();
    expect(filterParam('   ', '')).toBeUndefined();
  });

  it('matches created or the customer name', () => {
    expect(filterParam('Rossi', '')).toBe('created ~ "Rossi" || usuario.nome_completo ~ "Rossi"');
  });

  it('adds the status, keeping the search alternatives together', () => {
    expect(filterParam('', 'AGENDADO')).toBe('status_agendamento = "AGENDADO"');
    expect(filterParam('Rossi', 'ANALISE_OK')).toBe(
      '(created ~ "Rossi" || usuario.nome_completo ~ "Rossi") && status_agendamento = "ANALISE_OK"',
    );
    expect(
      matches(filterParam('Rossi', 'ANALISE_OK') ?? '', { ...row('Ana Rossi'), status_agendamento: 'NOVO' }),
    ).toBe(false);
  });

  it('trims the search', () => {
    expect(filterParam('  Rossi  ', '')).toBe('created ~ "Rossi" || usuario.nome_completo ~ "Rossi"');
  });

  it('a pt-BR date also matches that local day of created', () => {
    const from = new Date(2026, 4, 14);
    const to = new Date(2026, 4, 15);
    const utc = (d: Date) => d.toISOString().replace('T', ' ');
    expect(filterParam('14/05/2026', '')).toBe(
      `created ~ "14/05/2026" || usuario.nome_completo ~ "14/05/2026" || (created >= "${utc(from)}" && created < "${utc(to)}")`,
    );
    const noon = { ...row('X'), created: utc(new Date(2026, 4, 14, 12, 0)) };
    expect(matches(filterParam('14/05/2026', '') ?? '', noon)).toBe(true);
    expect(matches(filterParam('15/05/2026', '') ?? '', noon)).toBe(false);
    // Not a real day: plain text search only.
    expect(filterParam('31/02/2026', '')).toBe(
      'created ~ "31/02/2026" || usuario.nome_completo ~ "31/02/2026"',
    );
  });

  describe('escapes whatever is typed', () => {
    it.each([
      [`D'Ávila`, `"D'Ávila"`],
      [`say "hi"`, `"say \\"hi\\""`],
      [`a || b`, `"a || b"`],
      [`" || id != "`, `"\\" || id != \\""`],
      [`x' || status_agendamento != '`, `"x' || status_agendamento != '"`],
      [`<script>alert(1)</script>`, `"<script>alert(1)</script>"`],
      [`) || (1 = 1`, `") || (1 = 1"`],
    ])('%s', (search, quoted) => {
      const filter = filterParam(search, '');
      expect(filter).toBe(`created ~ ${quoted} || usuario.nome_completo ~ ${quoted}`);
      // Parsed as PocketBase would: one literal, matching only a name that contains the exact text.
      expect(matches(filter ?? '', row(`Cliente ${search} Silva`))).toBe(true);
      expect(matches(filter ?? '', row('Maria Silva'))).toBe(false);
    });

    it("leaves backslashes out, which PocketBase's parser would read as escaping the closing quote", () => {
      expect(filterParam('C:\\temp\\', '')).toBe('created ~ "C:temp" || usuario.nome_completo ~ "C:temp"');
      expect(filterParam('\\', '')).toBeUndefined();
    });

    it('never lets an injected status condition through', () => {
      const filter = filterParam('" || status_agendamento = "NOVO', 'FINALIZADO') ?? '';
      expect(matches(filter, row('Maria'))).toBe(false);
    });
  });
});

describe('URL state', () => {
  it('reads defaults from an empty or malformed URL', () => {
    expect(parseListParams(new URLSearchParams(''))).toEqual(DEFAULT_LIST_PARAMS);
    expect(
      parseListParams(new URLSearchParams('page=0&perPage=7&sort=-password&status=PAGO&search=%20%20')),
    ).toEqual(DEFAULT_LIST_PARAMS);
    expect(parseListParams(new URLSearchParams('page=2.5&perPage=abc'))).toEqual(DEFAULT_LIST_PARAMS);
  });

  it('round-trips every field and leaves defaults out', () => {
    const params: ListParams = {
      page: 3,
      perPage: 25,
      sort: { id: 'data_agendamento', desc: true },
      search: 'João',
      status: 'AGENDADO',
    };
    const written = writeListParams(params);
    expect(written.toString()).toBe(
      'page=3&perPage=25&sort=-data_agendamento&search=Jo%C3%A3o&status=AGENDADO',
    );
    expect(parseListParams(written)).toEqual(params);
    expect(writeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });

  it('keeps unrelated params (the modals)', () => {
    const written = writeListParams(
      { ...DEFAULT_LIST_PARAMS, page: 2 },
      new URLSearchParams('mode=login&page=9'),
    );
    expect(written.get('mode')).toBe('login');
    expect(written.get('page')).toBe('2');
  });

  it('cuts an overlong search', () => {
    expect(parseListParams(new URLSearchParams(`search=${'a'.repeat(500)}`)).search).toHaveLength(100);
  });

  it('back link: the list page the editor came from, else /dashboard', () => {
    expect(listHref({ listSearch: '?page=2&sort=created' })).toBe('/dashboard?page=2&sort=created');
    expect(listHref({ listSearch: '' })).toBe('/dashboard');
    expect(listHref(null)).toBe('/dashboard');
    expect(listHref({ listSearch: '//evil.example' })).toBe('/dashboard');
  });
});
