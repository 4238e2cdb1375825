// @vitest-environment node
// The staff list's page plans (pocketbase/pb_hooks/lib/paginas.js): whichever way a page is read (by offset, from
// its neighbour's row, from the other end), it holds the rows the plain offset gives, in the same order.
import fc from 'fast-check';
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { compareValues, compileFilter } from '@/mocks/filter';
import paginas, { type Passo } from '../../pocketbase/pb_hooks/lib/paginas.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';

interface Row {
  id: string;
  created: string;
  updated: string;
  status_agendamento: string;
  /** the status's place in the process, as the server keeps it (pb_hooks/lib/status_ordem.js) */
  status_ordem: number;
  data_agendamento: string;
}

const rank = (status: string) => paginas.ordemDoStatus(status, regras);

const client = new PocketBase('http://127.0.0.1');

/** PocketBase's list over rows in memory: filter, sort, offset. Counts the rows it walks past the offset. */
function server(rows: Row[]) {
  const calls: Passo[] = [];
  const list = (step: Passo, porPagina = step.porPagina): Row[] => {
    calls.push(step);
    const filter = step.filtro ? client.filter(step.filtro, step.params) : '';
    const matches = compileFilter<Row>(filter, (row, path) => row[path as keyof Row]);
    const keys = paginas.chavesDe(step.ordem);
    const sorted = rows.filter(matches).sort((a, b) => {
      for (const { campo, desc } of keys) {
        const c = compareValues(a[campo as keyof Row], b[campo as keyof Row]);
        if (c !== 0) return desc ? -c : c;
      }
      return 0;
    });
    return sorted.slice((step.pagina - 1) * porPagina, step.pagina * porPagina);
  };
  return { list, calls };
}

const SORTS = [
  'created',
  '-created',
  'status_agendamento',
  '-status_agendamento',
  'data_agendamento',
  '-data_agendamento',
  '-updated',
];

const rowsArb = fc
  .array(
    fc.record({
      // Few values each, so that ties are the rule: equal statuses, equal dates, equal `created` instants.
      created: fc.constantFrom(
        '2026-01-01 10:00:00.000Z',
        '2026-01-02 10:00:00.000Z',
        '2026-01-03 10:00:00.000Z',
      ),
      updated: fc.constantFrom('2026-02-01 10:00:00.000Z', '2026-02-02 10:00:00.000Z'),
      status_agendamento: fc.constantFrom('NOVO', 'ANALISE_OK', 'AGENDADO', 'CANCELADO'),
      data_agendamento: fc.constantFrom('', '2026-12-01 00:00:00.000Z'),
    }),
    { minLength: 1, maxLength: 60 },
  )
  .map((rows) =>
    rows.map((row, i) => ({
      ...row,
      status_ordem: rank(row.status_agendamento),
      id: `r${String(i).padStart(14, '0')}`,
    })),
  );

describe('paginas: a page is the same rows however it is read', () => {
  it('from its neighbour before or after, from the end, or by offset', async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb,
        fc.constantFrom(...SORTS),
        fc.integer({ min: 1, max: 7 }),
        fc.nat(),
        async (rows, ordem, n, pick) => {
          const { list } = server(rows);
          const sort = paginas.ordemDe(paginas.chavesDe(ordem), false);
          const last = Math.ceil(rows.length / n);
          const pagina = (pick % last) + 1;
          const page = (p: number) => list({ pagina: p, porPagina: n, ordem: sort });
          const expected = page(pagina);
          const ways = [
            { total: rows.length },
            { total: null },
            ...(pagina > 1 ? [{ total: rows.length, vizinhas: { anterior: page(pagina - 1).at(-1) } }] : []),
            ...(pagina < last ? [{ total: rows.length, vizinhas: { seguinte: page(pagina + 1)[0] } }] : []),
          ];
          if (ordem.endsWith('status_agendamento')) {
            // The status column in the process's order (NOVO, ANALISE_OK, AGENDADO, CANCELADO), not alphabetical.
            const process = ['NOVO', 'ANALISE_OK', 'AGENDADO', 'CANCELADO'];
            const statuses = list({ pagina: 1, porPagina: rows.length, ordem: sort }).map(
              (r) => r.status_agendamento,
            );
            const ranks = statuses.map((s) => process.indexOf(s));
            const sorted = [...ranks].sort((a, b) => (ordem.startsWith('-') ? b - a : a - b));
            expect(ranks).toEqual(sorted);
          }
          for (const way of ways) {
            const plan = paginas.planoDaPagina({ pagina, porPagina: n, ordem: sort, ...way });
            const got = await paginas.lerPagina(plan, (step) => list(step));
            expect(got.map((r) => r.id)).toEqual(expected.map((r) => r.id));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the last page from the other end in one request, and a neighbour with no offset', async () => {
    const rows: Row[] = Array.from({ length: 1001 }, (_, i) => ({
      id: `r${String(i).padStart(14, '0')}`,
      created: `2026-01-01 10:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
      updated: '2026-02-01 10:00:00.000Z',
      status_agendamento: ['NOVO', 'AGENDADO'][i % 2] ?? 'NOVO',
      status_ordem: rank(['NOVO', 'AGENDADO'][i % 2] ?? 'NOVO'),
      data_agendamento: '',
    }));
    const { list, calls } = server(rows);
    const sort = paginas.ordemDe(paginas.chavesDe('-status_agendamento'), false);
    expect(sort).toBe('-status_ordem,-created,-id');

    const last = paginas.planoDaPagina({ pagina: 21, porPagina: 50, ordem: sort, total: 1001 });
    expect(last).toMatchObject({ modo: 'fim', passos: [{ pagina: 1, porPagina: 1 }] });
    expect(last.passos[0]?.ordem).toBe('status_ordem,created,id');
    expect(await paginas.lerPagina(last, (s) => list(s))).toHaveLength(1);

    const page10 = list({ pagina: 10, porPagina: 50, ordem: sort });
    calls.length = 0;
    const next = paginas.planoDaPagina({
      pagina: 11,
      porPagina: 50,
      ordem: sort,
      vizinhas: { anterior: page10.at(-1) },
    });
    const got = await paginas.lerPagina(next, (s) => list(s));
    expect(got.map((r) => r.id)).toEqual(list({ pagina: 11, porPagina: 50, ordem: sort }).map((r) => r.id));
    // Every request of a page read from its neighbour starts at the page: page 1, a filter from the row.
    expect(calls.slice(0, -1).every((c) => c.pagina === 1 && c.filtro)).toBe(true);
    expect(calls[0]?.filtro).toBe(
      'status_ordem = {:k0} && created <= {:k1} && ((created < {:k1}) || (created = {:k1} && id < {:k2}))',
    );
    expect(calls[1]?.filtro).toBe('status_ordem < {:k0}');
  });

  it('plans a page past the end as empty, and the page after the middle from the end', () => {
    expect(paginas.planoDaPagina({ pagina: 9, porPagina: 10, ordem: '-created', total: 50 }).modo).toBe(
      'vazia',
    );
    expect(paginas.planoDaPagina({ pagina: 3, porPagina: 10, ordem: '-created', total: 50 }).modo).toBe(
      'inicio',
    );
    expect(paginas.planoDaPagina({ pagina: 4, porPagina: 10, ordem: '-created', total: 50 })).toMatchObject({
      modo: 'fim',
      pular: 0,
      quantos: 10,
    });
  });
});

describe('contagemPropria: the filters the kit counts itself (lib/lista_equipe.js totalDaEquipe)', () => {
  it("takes the list's own filters, joined by &&, as SQL with bound values", () => {
    expect(paginas.contagemPropria('')).toEqual({ onde: '', params: {} });
    expect(paginas.contagemPropria('status_agendamento = "AGENDADO"')).toEqual({
      onde: 'status_agendamento = {:c0}',
      params: { c0: 'AGENDADO' },
    });
    expect(
      paginas.contagemPropria(
        'nota_status = \'ERROR\' && created >= "2026-09-14 03:00:00.000Z" && created < "2026-09-16 03:00:00.000Z" && consulado = "curitiba" && documentacao = "aprovada"',
      ),
    ).toEqual({
      onde: 'nota_status = {:c0} AND created >= {:c1} AND created < {:c2} AND consulado = {:c3} AND documentacao = {:c4}',
      params: {
        c0: 'ERROR',
        c1: '2026-09-14 03:00:00.000Z',
        c2: '2026-09-16 03:00:00.000Z',
        c3: 'curitiba',
        c4: 'aprovada',
      },
    });
  });

  it('leaves every other filter to PocketBase: a search, an alternative, a step from a row, another column or operator, an odd value', () => {
    for (const filter of [
      'busca ~ "rossi"',
      '(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "AGENDADO"',
      'status_agendamento = "AGENDADO" || status_agendamento = "NOVO"',
      'status_agendamento < "AGENDADO"',
      'created <= "2026-01-01 00:00:00.000Z"',
      'id = "abc"',
      'usuario = "u1"',
      'status_agendamento = ""',
      'status_agendamento = "A\\" && id != ""',
      'status_agendamento = "a && b"',
      'status_agendamento = AGENDADO',
      'status_agendamento = "AGENDADO" &&',
    ])
      expect(paginas.contagemPropria(filter), filter).toBeNull();
  });
});

describe("contagemDaEquipe: when the kit fills in a staff list's total (lib/lista_equipe.js, the double's list)", () => {
  const status = 'status_agendamento = "AGENDADO"';
  it('counts staff’s list without a filter, or with one it counts when `contar=1` says so', () => {
    expect(paginas.contagemDaEquipe(true, '', null)).toEqual({ onde: '', params: {} });
    expect(paginas.contagemDaEquipe(true, `  ${status} `, '1')).toEqual(paginas.contagemPropria(status));
  });

  it('leaves a customer’s list, a filter without `contar=1` and a filter it cannot count to PocketBase', () => {
    expect(paginas.contagemDaEquipe(false, '', null)).toBeNull();
    expect(paginas.contagemDaEquipe(true, status, null)).toBeNull();
    expect(paginas.contagemDaEquipe(true, 'busca ~ "rossi"', '1')).toBeNull();
  });
});

describe('anteriorDe: what the marker answers of the row before a page (lib/lista_equipe.js marcoDaPagina)', () => {
  it('the sort keys of the row, a missing value as PocketBase’s empty one', () => {
    const chaves = paginas.chavesDe('-status_agendamento');
    const linha = { status_ordem: 1, created: '2026-01-02 10:00:00.000Z', id: 'b1', outro: 'x' };
    expect(paginas.anteriorDe(chaves, linha)).toEqual({
      status_ordem: 1,
      created: '2026-01-02 10:00:00.000Z',
      id: 'b1',
    });
    expect(paginas.anteriorDe(chaves, { id: 'b2', created: null })).toEqual({
      status_ordem: '',
      created: '',
      id: 'b2',
    });
  });
});

describe('the status column: sorted in the process order, by the rank the server keeps (status_ordem)', () => {
  it("ranks regras.json's statuses in the process's order, then CANCELADO, then anything else", () => {
    expect(
      ['NOVO', 'ANALISE_ERRO', 'ANALISE_OK', 'AGENDADO', 'FINALIZADO', 'CANCELADO', 'OUTRO', ''].map(rank),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 7]);
  });

  it('sorts the header by the stored rank, its ties as every sort; the marker reads the rank as a number', () => {
    expect(paginas.ordemDe(paginas.chavesDe('status_agendamento'), false)).toBe('status_ordem,created,id');
    expect(paginas.ordemDe(paginas.chavesDe('-status_agendamento'), false)).toBe(
      '-status_ordem,-created,-id',
    );
    expect(paginas.modeloDoMarco(paginas.chavesDe('-status_agendamento'))).toEqual({
      status_ordem: 0,
      created: '',
      id: '',
    });
  });
});
