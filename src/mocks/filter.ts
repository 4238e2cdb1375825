/**
 * Parser and evaluator for the PocketBase filter syntax the app sends.
 * Semantics follow PocketBase on SQLite: `~` is LIKE (ASCII-only case folding), booleans compare as 0/1,
 * `null` equals an empty value, `&&` binds tighter than `||`.
 */

export class FilterError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}

/** `@request.*` in a client filter: PocketBase answers 403 instead of 400. */
export class FilterForbiddenError extends FilterError {
  constructor(position: number) {
    super("Only superusers can filter by '@request.*'", position);
    this.name = 'FilterForbiddenError';
  }
}

type CompareOp = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~';
type Literal = string | number | boolean | null;

type Token =
  | { kind: 'str'; value: string; pos: number }
  | { kind: 'num'; value: number; pos: number }
  | { kind: 'ident'; value: string; pos: number }
  | { kind: 'op'; value: CompareOp; pos: number }
  | { kind: 'and' | 'or' | 'lparen' | 'rparen'; pos: number };

type Operand =
  | { kind: 'lit'; value: Literal }
  | { kind: 'field'; path: string }
  | { kind: 'macro'; name: string };

type FilterNode =
  | { kind: 'cmp'; op: CompareOp; left: Operand; right: Operand }
  | { kind: 'and'; left: FilterNode; right: FilterNode }
  | { kind: 'or'; left: FilterNode; right: FilterNode };

const MAX_FILTER_LENGTH = 3500; // bounds recursion depth; PocketBase also caps filter size
const MACROS = new Set(['@now', '@todayStart', '@todayEnd']);
const SIMPLE_ESCAPES: Record<string, string> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '/': '/',
  '\\': '\\',
  '"': '"',
  "'": "'",
};
// The "?" forms are PocketBase's any-of operators, equal to the plain ones on single-valued fields.
const OPERATOR_MAP: Record<string, CompareOp> = {
  '=': '=',
  '!=': '!=',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  '~': '~',
  '!~': '!~',
  '?=': '=',
  '?!=': '!=',
  '?>': '>',
  '?>=': '>=',
  '?<': '<',
  '?<=': '<=',
  '?~': '~',
  '?!~': '!~',
};
// Longest first so ">=" is not read as ">" followed by "=".
const OPERATORS = Object.keys(OPERATOR_MAP).sort((a, b) => b.length - a.length);

function readString(src: string, start: number): { value: string; end: number } {
  const quote = src[start];
  let out = '';
  let i = start + 1;
  while (i < src.length) {
    const ch = src[i];
    if (ch === quote) return { value: out, end: i + 1 };
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const next = src[i + 1];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = src.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new FilterError('Invalid \\u escape in string.', i);
      out += String.fromCharCode(parseInt(hex, 16));
      i += 6;
      continue;
    }
    // Unknown escapes keep the backslash so LIKE patterns like "50\%" still reach the matcher.
    out += SIMPLE_ESCAPES[next] ?? `\\${next}`;
    i += 2;
  }
  throw new FilterError('Unterminated string literal.', start);
}

/** A `@request.*` value's modifier, which only API rules (compiled with `rule`) may name: `@request.body.x:isset`. */
const REQUEST_MODIFIER = /^:isset\b/;

function tokenize(src: string, rule: boolean): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i] ?? '';
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'lparen' : 'rparen', pos: i });
      i++;
    } else if (src.startsWith('&&', i) || src.startsWith('||', i)) {
      tokens.push({ kind: ch === '&' ? 'and' : 'or', pos: i });
      i += 2;
    } else if (ch === '"' || ch === "'") {
      const { value, end } = readString(src, i);
      tokens.push({ kind: 'str', value, pos: i });
      i = end;
    } else if (/[-\d]/.test(ch) && /^-?\d/.test(src.slice(i, i + 2))) {
      const match = /^-?\d+(\.\d+)?/.exec(src.slice(i));
      const text = match?.[0] ?? '';
      tokens.push({ kind: 'num', value: Number(text), pos: i });
      i += text.length;
    } else if (/[@A-Za-z_]/.test(ch)) {
      const match = /^@?[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*/.exec(src.slice(i));
      let text = match?.[0] ?? '';
      const modifier = REQUEST_MODIFIER.exec(src.slice(i + text.length));
      if (rule && modifier && text.startsWith('@request.')) text += modifier[0];
      if (text === '' || /^[.:]/.test(src[i + text.length] ?? ''))
        throw new FilterError(`Invalid identifier at ${i}.`, i);
      tokens.push({ kind: 'ident', value: text, pos: i });
      i += text.length;
    } else {
      const op = OPERATORS.find((o) => src.startsWith(o, i));
      const value = op === undefined ? undefined : OPERATOR_MAP[op];
      if (op === undefined || value === undefined)
        throw new FilterError(`Unexpected character ${JSON.stringify(ch)} at ${i}.`, i);
      tokens.push({ kind: 'op', value, pos: i });
      i += op.length;
    }
  }
  return tokens;
}

class Parser {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly isField: (path: string) => boolean,
    private readonly rule: boolean,
  ) {}

  parse(): FilterNode {
    const node = this.parseOr();
    const extra = this.tokens[this.index];
    if (extra) throw new FilterError(`Unexpected token at ${extra.pos}.`, extra.pos);
    return node;
  }

  private parseOr(): FilterNode {
    let left = this.parseAnd();
    while (this.peek()?.kind === 'or') {
      this.index++;
      left = { kind: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): FilterNode {
    let left = this.parsePrimary();
    while (this.peek()?.kind === 'and') {
      this.index++;
      left = { kind: 'and', left, right: this.parsePrimary() };
    }
    return left;
  }

  private parsePrimary(): FilterNode {
    const token = this.peek();
    if (token?.kind === 'lparen') {
      this.index++;
      const inner = this.parseOr();
      const close = this.next();
      if (close?.kind !== 'rparen')
        throw new FilterError(`Missing closing parenthesis for ${token.pos}.`, token.pos);
      return inner;
    }
    const left = this.parseOperand();
    const op = this.next();
    if (op?.kind !== 'op') throw new FilterError('Expected a comparison operator.', op?.pos ?? -1);
    return { kind: 'cmp', op: op.value, left, right: this.parseOperand() };
  }

  private parseOperand(): Operand {
    const token = this.next();
    if (!token) throw new FilterError('Unexpected end of filter.', -1);
    switch (token.kind) {
      case 'str':
      case 'num':
        return { kind: 'lit', value: token.value };
      case 'ident':
        return this.identifier(token.value, token.pos);
      default:
        throw new FilterError(`Expected a value at ${token.pos}.`, token.pos);
    }
  }

  private identifier(name: string, pos: number): Operand {
    if (name === 'true' || name === 'false') return { kind: 'lit', value: name === 'true' };
    if (name === 'null') return { kind: 'lit', value: null };
    if (this.rule && name.startsWith('@request.')) return { kind: 'field', path: name };
    if (name === '@request' || name.startsWith('@request.')) throw new FilterForbiddenError(pos);
    if (name.startsWith('@')) {
      if (MACROS.has(name)) return { kind: 'macro', name };
      throw new FilterError(`Unsupported identifier ${name}.`, pos);
    }
    if (!this.isField(name)) throw new FilterError(`Invalid filter field ${name}.`, pos);
    return { kind: 'field', path: name };
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private next(): Token | undefined {
    return this.tokens[this.index++];
  }
}

function macroValue(name: string): string {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  if (name === '@todayStart') return `${day} 00:00:00.000Z`;
  if (name === '@todayEnd') return `${day} 23:59:59.999Z`;
  return now.toISOString().replace('T', ' ');
}

/** A list of ids or names (a relation, select or file field of several), not a JSON field's objects. */
const isList = (value: unknown): value is unknown[] =>
  Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');

/**
 * SQLite stores booleans as 0/1 and a JSON field as its JSON text; everything else compares as number or text (a
 * list of ids or names as the double always read it).
 */
function scalar(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && !isList(value)) return JSON.stringify(value);
  return String(value);
}

/** Ordering used by filters and by `sort`: numbers numerically, text by code unit (SQLite's BINARY collation). */
export function compareValues(a: unknown, b: unknown): number {
  let x = scalar(a);
  let y = scalar(b);
  if (typeof x !== typeof y) {
    const xn = Number(x);
    const yn = Number(y);
    if (x !== '' && y !== '' && Number.isFinite(xn) && Number.isFinite(yn)) [x, y] = [xn, yn];
    else [x, y] = [String(x), String(y)];
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** PocketBase `~`: plain text is a contains match; text with `%` is a LIKE pattern (`%`, `_`, `\` escapes). */
export function likeMatch(haystack: unknown, needle: unknown): boolean {
  const text = asciiLower(String(scalar(haystack)));
  const pattern = asciiLower(String(scalar(needle)));
  if (!pattern.includes('%')) return text.includes(pattern);
  let regex = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\' && i + 1 < pattern.length) regex += escapeRegex(pattern[++i] ?? '');
    else if (ch === '%') regex += '[\\s\\S]*';
    else if (ch === '_') regex += '[\\s\\S]';
    else regex += escapeRegex(ch);
  }
  return new RegExp(`^${regex}$`, 'u').test(text);
}

function escapeRegex(ch: string): string {
  return ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

function compare(op: CompareOp, a: unknown, b: unknown): boolean {
  switch (op) {
    case '=':
      return isEmpty(a) || isEmpty(b) ? isEmpty(a) && isEmpty(b) : compareValues(a, b) === 0;
    case '!=':
      return !compare('=', a, b);
    case '>':
      return compareValues(a, b) > 0;
    case '>=':
      return compareValues(a, b) >= 0;
    case '<':
      return compareValues(a, b) < 0;
    case '<=':
      return compareValues(a, b) <= 0;
    case '~':
      return likeMatch(a, b);
    case '!~':
      return !likeMatch(a, b);
  }
}

/**
 * Compiles a filter into a predicate. Throws FilterError for anything PocketBase would refuse
 * (FilterForbiddenError for `@request.*`); `isField` lets the caller reject unknown fields up front. `rule`: an
 * API rule of the schema (rules.ts), where `@request.auth.*` and `@request.body.*[:isset]` are paths `resolve` reads.
 */
export function compileFilter<T>(
  filter: string,
  resolve: (record: T, path: string) => unknown,
  isField: (path: string) => boolean = () => true,
  rule = false,
): (record: T) => boolean {
  if (filter.length > MAX_FILTER_LENGTH) throw new FilterError('Filter is too long.', MAX_FILTER_LENGTH);
  const tokens = tokenize(filter, rule);
  if (tokens.length === 0) return () => true;
  const ast = new Parser(tokens, isField, rule).parse();

  const value = (operand: Operand, record: T): unknown => {
    if (operand.kind === 'lit') return operand.value;
    if (operand.kind === 'macro') return macroValue(operand.name);
    return resolve(record, operand.path);
  };
  const evaluate = (node: FilterNode, record: T): boolean => {
    if (node.kind === 'and') return evaluate(node.left, record) && evaluate(node.right, record);
    if (node.kind === 'or') return evaluate(node.left, record) || evaluate(node.right, record);
    return compare(node.op, value(node.left, record), value(node.right, record));
  };
  return (record) => evaluate(ast, record);
}

/**
 * A filter's {:name} placeholders bound as the kit's findRecordsByFilter binds them, each value a quoted text
 * literal: for filters the double runs itself (a shared module's, with its own values).
 */
export function withParams(filter: string, params: Record<string, string>): string {
  return filter.replace(/\{:(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  });
}

/** A list's `sort` query ('-created,id') as PocketBase reads it: each field, descending or not. */
export function sortersOf(sort: string | null): { desc: boolean; field: string }[] {
  return (sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ desc: s.startsWith('-'), field: s.replace(/^[-+]/, '') }));
}

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/**
 * PocketBase's page of rows already filtered: `page` (1 by default), `perPage` (30 by default, at most 1000),
 * sorted by `sorters` (Array.prototype.sort is stable, so ties keep insertion order like SQLite's rowid), with
 * the totals, or -1 for both when the list was asked without them (skipTotal).
 */
export function pageOf<T>(
  rows: readonly T[],
  query: URLSearchParams,
  sorters: readonly { desc: boolean; field: string }[],
  resolve: (row: T, path: string) => unknown,
  skipTotal = false,
): { page: number; perPage: number; totalItems: number; totalPages: number; items: T[] } {
  const page = positiveInt(query.get('page'), 1);
  const perPage = Math.min(positiveInt(query.get('perPage'), 30), 1000);
  const sorted = [...rows].sort((a, b) => {
    for (const { field, desc } of sorters) {
      const c = compareValues(resolve(a, field), resolve(b, field));
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
  return {
    page,
    perPage,
    totalItems: skipTotal ? -1 : rows.length,
    totalPages: skipTotal ? -1 : Math.ceil(rows.length / perPage),
    items: sorted.slice((page - 1) * perPage, page * perPage),
  };
}
