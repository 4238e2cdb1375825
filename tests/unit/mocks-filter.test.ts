import fc from 'fast-check';
import PocketBase from 'pocketbase';
import { compileFilter, FilterError, FilterForbiddenError } from '@/mocks/filter';

interface Row {
  name: string;
  n: number;
  ok: boolean;
  created: string;
  empty: string;
  user?: { nome_completo: string };
}

const resolve = (row: Row, path: string): unknown => {
  if (path === 'usuario.nome_completo') return row.user?.nome_completo ?? null;
  return (row as unknown as Record<string, unknown>)[path];
};
const KNOWN = new Set(['name', 'n', 'ok', 'created', 'empty', 'usuario.nome_completo']);
const isField = (path: string): boolean => KNOWN.has(path);
const test = (filter: string) => compileFilter<Row>(filter, resolve, isField);

const row: Row = {
  name: 'Maria da Conceição',
  n: 5,
  ok: true,
  created: '2026-05-14 10:20:30.123Z',
  empty: '',
  user: { nome_completo: "João Pedro D'Ávila" },
};
const pb = new PocketBase('http://localhost:3000');

describe('compileFilter: operators', () => {
  it.each([
    ['n = 5', true],
    ['n = 4', false],
    ['n != 4', true],
    ['n != 5', false],
    ['n > 4', true],
    ['n > 5', false],
    ['n >= 5', true],
    ['n >= 6', false],
    ['n < 6', true],
    ['n < 5', false],
    ['n <= 5', true],
    ['n <= 4', false],
    ['n = -5', false],
    ['n > 4.5', true],
    ['name = "Maria da Conceição"', true],
    ['name = "maria da conceição"', false],
    ['name ~ "conceição"', true],
    ['name ~ "CONCEI"', true],
    ['name ~ "joão"', false],
    ['name !~ "joão"', true],
    ['name !~ "maria"', false],
    ['created ~ "2026-05"', true],
    ['created ~ "2026-06"', false],
    ['created >= "2026-05-01" && created < "2026-06-01"', true],
    ['ok = true', true],
    ['ok = false', false],
    ['ok != false', true],
    ['empty = null', true],
    ['empty = ""', true],
    ['name = null', false],
    ['name != null', true],
    ['usuario.nome_completo ~ "d\'Ávila"', true],
    ['usuario.nome_completo ~ "d\'ávila"', false],
    ['usuario.nome_completo = "João Pedro D\'Ávila"', true],
    ['name ?= "Maria da Conceição"', true],
    ['name ~ "Maria%Conceição"', true],
    ['name ~ "%Conceição"', true],
    ['name ~ "Conceição%"', false],
    ['name ~ "M_ria%"', true],
  ])('%s → %s', (filter, expected) => {
    expect(test(filter)(row)).toBe(expected);
  });

  it('matches case-insensitively for ASCII letters only, like SQLite LIKE', () => {
    expect(test('name ~ "MARIA DA CONCEIÇÃO"')(row)).toBe(false);
    expect(test('name ~ "MARIA DA CONCEIção"')(row)).toBe(true);
  });

  it('treats a blank filter as no filter', () => {
    expect(test('')(row)).toBe(true);
    expect(test('   ')(row)).toBe(true);
  });
});

describe('compileFilter: grouping', () => {
  it('binds && tighter than ||', () => {
    // true || (false && false) = true; (true || false) && false would be false
    expect(test('n = 5 || n = 1 && n = 2')(row)).toBe(true);
    expect(test('n = 1 && n = 2 || n = 5')(row)).toBe(true);
    expect(test('(n = 5 || n = 1) && n = 2')(row)).toBe(false);
  });

  it('honours nested parentheses', () => {
    expect(test('((n = 5) && (ok = true || n = 0)) && n != 1')(row)).toBe(true);
    expect(test('(((name ~ "maria")))')(row)).toBe(true);
    expect(test('(n = 1 || (n = 2 || (n = 5 && ok = false)))')(row)).toBe(false);
  });
});

describe('compileFilter: string literals', () => {
  it('reads double and single quoted strings with backslash escapes', () => {
    const q = compileFilter<{ v: string }>('v = "a \\"b\\" c" || v = \'it\\\'s\'', (r) => r.v);
    expect(q({ v: 'a "b" c' })).toBe(true);
    expect(q({ v: "it's" })).toBe(true);
    expect(q({ v: 'a \\"b\\" c' })).toBe(false);
  });

  it.each([
    'plain',
    'a "quoted" word',
    "it's",
    'back\\slash\\\\double',
    'ends with backslash \\',
    'a || b && c',
    '(paren) = ~ != "',
    '<script>alert("x")</script>',
    'line\nbreak\ttab\r',
    "Conceição Gonçalves D'Ávila ü 🇮🇹",
    '{:q} %_',
    '',
  ])('round-trips pb.filter(%j)', (q) => {
    const match = compileFilter<{ v: string }>(pb.filter('v = {:q}', { q }), (r) => r.v);
    expect(match({ v: q })).toBe(true);
    expect(match({ v: `${q}x` })).toBe(false);
  });

  it('round-trips any string through pb.filter (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (q, other) => {
        const match = compileFilter<{ v: string }>(pb.filter('v = {:q} || v = {:q}', { q }), (r) => r.v);
        return match({ v: q }) && match({ v: other }) === (other === q);
      }),
      { numRuns: 300 },
    );
  });

  it('uses pb.filter text with ~ as a contains search over two fields', () => {
    const q = 'Conceição';
    const match = test(pb.filter('created ~ {:q} || usuario.nome_completo ~ {:q}', { q }));
    expect(match(row)).toBe(false);
    expect(match({ ...row, user: { nome_completo: 'Ana da Conceição' } })).toBe(true);
    expect(test(pb.filter('created ~ {:q} || usuario.nome_completo ~ {:q}', { q: '2026-05-14' }))(row)).toBe(
      true,
    );
  });
});

describe('compileFilter: rejection', () => {
  it.each([
    '(n = 5',
    'n = 5)',
    '()',
    'n =',
    '= 5',
    'n = 5 &&',
    '&& n = 5',
    'n = 5 || ',
    'n == 5',
    'n = 5 n = 6',
    'n # 5',
    'n = "unterminated',
    "n = 'unterminated",
    'n = "bad \\u12"',
    'n & 5',
    'n | 5',
    'name',
    'name:lower = "x"',
    'name. = "x"',
    'unknown = 1',
    'usuario.password = "x"',
    '@collection.usuarios.id = "x"',
    'n = 5 ; DROP TABLE x',
  ])('throws FilterError for %j', (filter) => {
    expect(() => test(filter)).toThrow(FilterError);
  });

  it('throws FilterForbiddenError for @request.*', () => {
    expect(() => test('@request.auth.id = ""')).toThrow(FilterForbiddenError);
    expect(() => test('n = 5 || name = @request.auth.id')).toThrow(FilterForbiddenError);
    expect(() => test('n = 1')).not.toThrow();
  });

  it('never throws anything but FilterError on random input', () => {
    fc.assert(
      fc.property(fc.string(), (filter) => {
        try {
          test(filter);
          return true;
        } catch (error) {
          return error instanceof FilterError;
        }
      }),
      { numRuns: 500 },
    );
  });
});
