// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_PARAMS,
  filterParam,
  listHref,
  listRequestOptions,
  parseListParams,
  parseSort,
  sortAfterClear,
  sortParam,
  SORTABLE_COLUMNS,
  textSearchQuery,
  writeListParams,
  type ListParams,
} from '@/features/bookings/list-params';
import { customerIndexedKeys, customerSearchKey, INDEXED_KEY_FIELDS } from '@/lib/search-key';
import { compileFilter } from '@/mocks/filter';
import { inZone } from '../helpers/zone';
import busca from '../../pocketbase/pb_hooks/lib/busca_texto.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';

interface Row {
  created: string;
  status_agendamento: string;
  nome: string;
  email?: string;
  cpf?: string;
  celular?: string;
}

/** Evaluates a filter with the mock backend's PocketBase parser, to prove what the server would match. */
function matches(filter: string, row: Row): boolean {
  const customer = (r: Row) => ({
    nome_completo: r.nome,
    email: r.email ?? 'cliente@example.com',
    cpf: r.cpf ?? '529.982.247-25',
    celular: r.celular ?? '11987654321',
  });
  const resolve = (r: Row, path: string): unknown => {
    if (path === 'busca') return customerSearchKey(customer(r));
    // The key columns the server keeps on each booking (pb_hooks/lib/busca.js).
    if (INDEXED_KEY_FIELDS.includes(path)) return customerIndexedKeys(customer(r))[path as 'busca_cpf'];
    return (r as unknown as Record<string, unknown>)[path];
  };
  const isField = (path: string) =>
    ['created', 'status_agendamento', 'busca', ...INDEXED_KEY_FIELDS].includes(path);
  return compileFilter<Row>(filter, resolve, isField)(row);
}

const row = (nome: string): Row => ({
  created: '2026-05-14 10:20:30.123Z',
  status_agendamento: 'NOVO',
  nome,
});

const NO_FILTERS = { search: '', status: '', from: '', to: '' } as const;
const search = (text: string) => filterParam({ ...NO_FILTERS, search: text });

describe('sort string for each header state', () => {
  it('is newest first when no header is sorted, and that default stays out of the URL', () => {
    expect(DEFAULT_LIST_PARAMS.sort).toEqual({ id: 'created', desc: true });
    expect(listRequestOptions(DEFAULT_LIST_PARAMS)).toEqual({
      expand: 'usuario',
      sort: '-created,-id',
      skipTotal: true,
    });
    expect(parseListParams(new URLSearchParams('')).sort).toEqual({ id: 'created', desc: true });
    expect(writeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
    expect(writeListParams({ ...DEFAULT_LIST_PARAMS, sort: { id: 'created', desc: false } }).toString()).toBe(
      'sort=created',
    );
  });

  it('a cleared sort goes back to newest first; on the creation column, to oldest first', () => {
    expect(sortAfterClear({ id: 'status_agendamento', desc: true })).toEqual({ id: 'created', desc: true });
    expect(sortAfterClear({ id: 'created', desc: true })).toEqual({ id: 'created', desc: false });
  });

  it.each(SORTABLE_COLUMNS)(
    '%s: ascending is the column id, descending has a minus; ties by created and id',
    (id) => {
      expect(sortParam({ id, desc: false })).toBe(id);
      expect(sortParam({ id, desc: true })).toBe(`-${id}`);
      const ties = id === 'created' || id === 'updated' ? ['id'] : ['created', 'id'];
      // The status is sent as its place in the process (status_ordem, kept by the server): NOVO first, not A….
      const column = id === 'status_agendamento' ? 'status_ordem' : id;
      expect(listRequestOptions({ ...DEFAULT_LIST_PARAMS, sort: { id, desc: true } })).toEqual({
        expand: 'usuario',
        sort: [column, ...ties].map((key) => `-${key}`).join(','),
        skipTotal: true,
      });
      expect(listRequestOptions({ ...DEFAULT_LIST_PARAMS, sort: { id, desc: false } }).sort).toBe(
        [column, ...ties].join(','),
      );
    },
  );

  it('the client column (a relation) is not sortable', () => {
    expect(SORTABLE_COLUMNS).not.toContain('usuario');
    expect(parseSort('usuario')).toBeNull();
    expect(parseListParams(new URLSearchParams('sort=usuario')).sort).toEqual(DEFAULT_LIST_PARAMS.sort);
  });
});

describe('filter string', () => {
  it('is left out with no search, status or dates', () => {
    expect(filterParam(NO_FILTERS)).toBeUndefined();
    expect(search('   ')).toBeUndefined();
  });

  it("matches created or the customer's search key, with the query folded like the key", () => {
    expect(search('Rossi')).toBe('created ~ "Rossi" || busca ~ "rossi"');
    expect(search('JOÃO')).toBe('created ~ "JOÃO" || busca ~ "joao"');
  });

  it.each([
    ['the name with its accents', 'Conceição', true],
    ['the name without accents, in capitals', 'CONCEICAO', true],
    ['the e-mail, in any case', 'Maria.Souza@Example', true],
    ['the CPF with its mask', '529.982.247-25', true],
    ['the CPF bare', '52998224725', true],
    ['part of the CPF', '982.247', true],
    ['the phone with its mask', '(11) 98765-4321', true],
    ['the phone bare', '11987654321', true],
    ['the phone with the country code', '+55 11 98765-4321', true],
    ['another CPF', '111.444.777-35', false],
    ['another name', 'Pereira', false],
  ])('finds a customer by %s', (_, text, found) => {
    const maria: Row = {
      ...row('Maria da Conceição Souza'),
      email: 'maria.souza@example.com',
      cpf: '529.982.247-25',
      celular: '(11) 98765-4321',
    };
    expect(matches(search(text) ?? '', maria)).toBe(found);
  });

  it.each(['ana@request.com.br', 'Bia@Collection.x', 'x @request.auth.id'])(
    'an e-mail at any domain is searched with its @ folded, never as a filter PocketBase refuses: %s',
    (text) => {
      const filter = search(text) ?? '';
      expect(filter).not.toMatch(/@(request|collection)\./);
      const key = text.toLowerCase().replace('@', '＠');
      // A whole e-mail is read from its index, by its start; anything else is text found anywhere.
      expect(filter).toBe(
        text.includes(' ') ? `busca ~ "${key}"` : `(busca_email >= "${key}" && busca_email < "${key}\uffff")`,
      );
      expect(matches(filter, { ...row('Ana Lima'), email: text.trim() })).toBe(true);
    },
  );

  it('a masked number is searched by its digits; a whole CPF or phone from the key columns (indexed)', () => {
    expect(search('529.982.247-25')).toBe('(busca_cpf = "52998224725" || busca_celular = "52998224725")');
    expect(search('(11) 98765-4321')).toBe('(busca_cpf = "11987654321" || busca_celular = "11987654321")');
    expect(search('982.247')).toBe('created ~ "982.247" || busca ~ "982247"');
    // A day and hour typed as the server stores them may still be a creation time.
    expect(search('2026-05-14 10')).toBe(
      'created ~ "2026-05-14 10" || (busca_cpf = "2026051410" || busca_celular = "2026051410")',
    );
    expect(matches(search('2026-05-14 10') ?? '', row('Ana Lima'))).toBe(true);
  });

  it('adds the consulate and the documentation state as equalities on the booking (indexed)', () => {
    expect(filterParam({ ...NO_FILTERS, consulado: 'curitiba', documentacao: 'aprovada' })).toBe(
      'consulado = "curitiba" && documentacao = "aprovada"',
    );
    const filter = filterParam({ ...NO_FILTERS, search: 'Rossi', consulado: 'varios' });
    expect(filter).toBe('(created ~ "Rossi" || busca ~ "rossi") && consulado = "varios"');
  });

  it('adds the status, keeping the search alternatives together', () => {
    expect(filterParam({ ...NO_FILTERS, status: 'AGENDADO' })).toBe('status_agendamento = "AGENDADO"');
    const filter = filterParam({ ...NO_FILTERS, search: 'Rossi', status: 'ANALISE_OK' });
    expect(filter).toBe('(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "ANALISE_OK"');
    expect(matches(filter ?? '', { ...row('Ana Rossi'), status_agendamento: 'NOVO' })).toBe(false);
    expect(matches(filter ?? '', { ...row('Ana Rossi'), status_agendamento: 'ANALISE_OK' })).toBe(true);
  });

  it('trims the search', () => {
    expect(search('  Rossi  ')).toBe('created ~ "Rossi" || busca ~ "rossi"');
  });

  it('a creation range runs from the start of the first local day to the end of the last', () => {
    const filter = filterParam({ ...NO_FILTERS, from: '2026-05-14', to: '2026-05-20' });
    expect(filter).toBe(
      inZone({
        'America/Sao_Paulo': 'created >= "2026-05-14 03:00:00.000Z" && created < "2026-05-21 03:00:00.000Z"',
        'Asia/Tokyo': 'created >= "2026-05-13 15:00:00.000Z" && created < "2026-05-20 15:00:00.000Z"',
      }),
    );
    expect(filterParam({ ...NO_FILTERS, from: '2026-05-14' })).toBe(
      inZone({
        'America/Sao_Paulo': 'created >= "2026-05-14 03:00:00.000Z"',
        'Asia/Tokyo': 'created >= "2026-05-13 15:00:00.000Z"',
      }),
    );
    expect(filterParam({ ...NO_FILTERS, search: 'Rossi', status: 'NOVO', to: '2026-05-20' })).toBe(
      inZone({
        'America/Sao_Paulo':
          '(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "NOVO" && created < "2026-05-21 03:00:00.000Z"',
        'Asia/Tokyo':
          '(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "NOVO" && created < "2026-05-20 15:00:00.000Z"',
      }),
    );
  });

  it('a booking made late on the last day, local time, is inside the range', () => {
    const filter = filterParam({ ...NO_FILTERS, from: '2026-05-14', to: '2026-05-14' }) ?? '';
    // 23:30 in São Paulo is 02:30 UTC the next day; 08:30 in Tokyo is 23:30 UTC the day before.
    const late = inZone({
      'America/Sao_Paulo': '2026-05-15 02:30:00.000Z',
      'Asia/Tokyo': '2026-05-13 23:30:00.000Z',
    });
    expect(matches(filter, { ...row('X'), created: late })).toBe(true);
    expect(matches(filter, { ...row('X'), created: '2026-05-16 12:00:00.000Z' })).toBe(false);
  });

  it('a pt-BR date is that local day of created, read from its index', () => {
    expect(search('14/05/2026')).toBe(
      inZone({
        'America/Sao_Paulo': 'created >= "2026-05-14 03:00:00.000Z" && created < "2026-05-15 03:00:00.000Z"',
        'Asia/Tokyo': 'created >= "2026-05-13 15:00:00.000Z" && created < "2026-05-14 15:00:00.000Z"',
      }),
    );
    const noon = {
      ...row('X'),
      created: inZone({
        'America/Sao_Paulo': '2026-05-14 15:00:00.000Z',
        'Asia/Tokyo': '2026-05-14 03:00:00.000Z',
      }),
    };
    expect(matches(search('14/05/2026') ?? '', noon)).toBe(true);
    expect(matches(search('15/05/2026') ?? '', noon)).toBe(false);
    // Not a real day: plain text search only.
    expect(search('31/02/2026')).toBe('created ~ "31/02/2026" || busca ~ "31022026"');
  });

  describe('escapes whatever is typed', () => {
    it.each([
      [`D'Ávila`, `"D'Ávila"`, `"davila"`],
      [`say "hi"`, `"say \\"hi\\""`, `"say \\"hi\\""`],
      [`a || b`, `"a || b"`, `"a || b"`],
      [`" || id != "`, `"\\" || id != \\""`, `"\\" || id != \\""`],
      [`x' || status_agendamento != '`, `"x' || status_agendamento != '"`, `"x || status_agendamento !="`],
      [`<script>alert(1)</script>`, `"<script>alert(1)</script>"`, `"<script>alert(1)</script>"`],
      [`) || (1 = 1`, `") || (1 = 1"`, `") || (1 = 1"`],
    ])('%s', (text, quoted, key) => {
      const filter = search(text);
      expect(filter).toBe(`created ~ ${quoted} || busca ~ ${key}`);
      // Parsed as PocketBase would: one literal, matching only a name that contains the exact text.
      expect(matches(filter ?? '', row(`Cliente ${text} Silva`))).toBe(true);
      expect(matches(filter ?? '', row('Maria Silva'))).toBe(false);
    });

    it("leaves backslashes out, which PocketBase's parser would read as escaping the closing quote", () => {
      expect(search('C:\\temp\\')).toBe('created ~ "C:temp" || busca ~ "c:temp"');
      expect(search('\\')).toBeUndefined();
    });

    it("leaves '%' out: a LIKE wildcard PocketBase would stop escaping the text for, so '%' alone matched every booking", () => {
      expect(search('%')).toBeUndefined();
      expect(search('50%ana')).toBe('created ~ "50ana" || busca ~ "50ana"');
    });

    it('never lets an injected status condition through', () => {
      const filter =
        filterParam({ ...NO_FILTERS, search: '" || status_agendamento = "NOVO', status: 'FINALIZADO' }) ?? '';
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
    expect(parseListParams(new URLSearchParams('from=2026-02-30&to=31/05/2026'))).toEqual(
      DEFAULT_LIST_PARAMS,
    );
    expect(parseListParams(new URLSearchParams('consulado=roma&documentacao=ok'))).toEqual(
      DEFAULT_LIST_PARAMS,
    );
  });

  it('round-trips every field and leaves defaults out', () => {
    const params: ListParams = {
      page: 3,
      perPage: 25,
      sort: { id: 'data_agendamento', desc: true },
      search: 'João',
      status: 'AGENDADO',
      from: '2026-05-01',
      to: '2026-05-31',
      consulado: 'curitiba',
      documentacao: 'aprovada',
    };
    const written = writeListParams(params);
    expect(written.toString()).toBe(
      'page=3&perPage=25&sort=-data_agendamento&search=Jo%C3%A3o&status=AGENDADO&from=2026-05-01&to=2026-05-31&consulado=curitiba&documentacao=aprovada',
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

describe("the kit's text search (pb_hooks/lib/busca_texto.js, issue 30)", () => {
  const base: ListParams = { ...DEFAULT_LIST_PARAMS };

  it('takes a name or part of a number or an e-mail of 3 characters or more; a date, a whole CPF, phone or e-mail, or less stay with the list', () => {
    for (const search of ['Rossi', "D'Ávila", 'cliente1', '0000-0007', 'ana@gm', '2026-09', 'ros'])
      expect(textSearchQuery({ ...base, search }), search).not.toBeNull();
    for (const search of [
      '',
      'ro',
      '  a ',
      '05/10/2026',
      '153.509.460-56',
      '(21) 99876-5432',
      'ana@demo.com.br',
    ])
      expect(textSearchQuery({ ...base, search }), search).toBeNull();
    expect(
      textSearchQuery({
        ...base,
        search: 'Rossi',
        status: 'NOTA_ERRO',
        page: 3,
        perPage: 10,
        consulado: 'curitiba',
      }),
    ).toEqual({
      texto: 'Rossi',
      sort: '-created,-id',
      page: '3',
      perPage: '10',
      status: 'NOTA_ERRO',
      consulado: 'curitiba',
    });
  });

  it("finds what the list's own filter finds: the kit's filtroEquivalente of the route's query is filterParam, for any list", () => {
    const text = fc.oneof(
      fc.constantFrom(
        'Rossi',
        "D'Ávila",
        'ana silva',
        'cliente1@',
        '0000-0007',
        '2026-09-1',
        'a"b\\c',
        '＠x',
      ),
      fc.string({ minLength: 0, maxLength: 12 }),
    );
    const day = fc.constantFrom('', '2026-01-31', '2026-02-29', '2024-02-29', '2026-10-05', 'x');
    fc.assert(
      fc.property(
        text,
        fc.constantFrom('', 'NOVO', 'AGENDADO', 'NOTA_ERRO'),
        day,
        day,
        fc.constantFrom('', 'curitiba', 'sao-paulo'),
        fc.constantFrom('', 'aprovada', 'pendente'),
        fc.constantFrom(...SORTABLE_COLUMNS),
        fc.boolean(),
        (search, status, from, to, consulado, documentacao, id, desc) => {
          const params = {
            ...base,
            search,
            status: status as ListParams['status'],
            from: from === 'x' ? '' : from,
            to: to === 'x' ? '' : to,
            consulado,
            documentacao,
            sort: { id, desc },
          };
          const query = textSearchQuery(params);
          if (!query) return;
          const read = busca.pedidoDe((name) => query[name] ?? '', comum.termoBusca);
          expect(read.erro).toBeUndefined();
          if (!read.pedido) return;
          expect(busca.filtroEquivalente(read.pedido)).toBe(filterParam(params));
          expect(read.pedido.ordem).toBe(listRequestOptions(params).sort);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads a page by walking the sort index when most bookings hold the text, from the index when few do', () => {
    // A million bookings; a name in one of ten; the first page: a walk of about 500 rows.
    expect(busca.modo({ achados: 100_000, total: 100_000, base: 1_000_000, salto: 0, limite: 50 })).toBe(
      'tabela',
    );
    // Two matches: looking them up beats walking a million rows.
    expect(busca.modo({ achados: 2, total: 2, base: 1_000_000, salto: 0, limite: 50 })).toBe('indice');
    // A deep page of a common name walks too far: the matches are joined instead.
    expect(busca.modo({ achados: 1_000, total: 1_000, base: 1_000_000, salto: 950, limite: 50 })).toBe(
      'indice',
    );
    // Counting: from the other filters' rows when they are fewer than the matches.
    expect(busca.contarPor({ achados: 100_000, base: 47_000 })).toBe('tabela');
    expect(busca.contarPor({ achados: 1_000, base: 47_000 })).toBe('indice');
  });

  it('looks for the text in the creation instants only when it can be a piece of one', () => {
    for (const texto of ['2026-03', '03:00', '11-2', '00.000z', ' 12:3', '6-11-20 0', '2026'])
      expect(busca.cabeNoInstante(texto), texto).toBe(true);
    for (const texto of ['Conceição', 'silva', '0000123', '90001-23', 'cliente4321@', '2026/03', '12345'])
      expect(busca.cabeNoInstante(texto), texto).toBe(false);
    // Every piece of every instant fits, and the query leaves the instants out only for what does not.
    const instante = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T23:59:59Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().replace('T', ' '));
    fc.assert(
      fc.property(instante, fc.nat(23), fc.integer({ min: 3, max: 24 }), (texto, de, n) => {
        const peca = texto.slice(de, de + n);
        fc.pre(peca.length >= 3);
        expect(busca.cabeNoInstante(peca)).toBe(true);
        expect(busca.cabeNoInstante(peca.toUpperCase())).toBe(true);
      }),
    );
    const sql = (texto: string) => {
      const read = busca.pedidoDe(
        (name) => ({ texto })[name] ?? '',
        (t) => t.toLowerCase(),
      );
      if (!read.pedido) throw new Error(texto);
      return busca.consulta(read.pedido, [{ campo: 'created', desc: true }]);
    };
    expect(sql('silva').params.m).toBe('busca : "silva"');
    expect(sql('silva').porTabela).not.toContain('a.created LIKE');
    expect(sql('2026-03').params.m).toBe('busca : "2026-03" OR criado : "2026-03"');
    expect(sql('2026-03').porTabela).toContain('a.created LIKE {:cq}');
  });
});
