/**
 * The unique indexes of pocketbase/schema.json (the migrations'), which SQLite enforces under every save: the
 * kit relies on them (a second live charge of a customer, an order written twice for one charge, an event
 * recorded twice fail there). A write that breaks one throws SQLite's error, which the kit reads as such
 * (lib/registros.js violaUnicidade).
 */
import schema from '../../../pocketbase/schema.json';

type Json = { [key: string]: unknown };
interface Unico {
  colunas: string[];
  /** the index's partial condition: `col != ''` or `col = TRUE` */
  onde: { coluna: string; valor: unknown; igual: boolean } | null;
}

const UNICO =
  /^CREATE UNIQUE INDEX\s+`?\w+`?\s+ON\s+`?(\w+)`?\s*\(([^)]+)\)(?:\s+WHERE\s+`?(\w+)`?\s*(!?=)\s*(.+))?$/i;

const valorSql = (texto: string): unknown =>
  /^true$/i.test(texto) ? true : /^false$/i.test(texto) ? false : texto.replace(/^'(.*)'$/, '$1');

const UNICOS = new Map<string, Unico[]>();
for (const c of schema as { name: string; indexes?: string[] }[]) {
  for (const sql of c.indexes ?? []) {
    const m = UNICO.exec(sql.trim());
    if (!m) continue;
    const [, colecao = '', colunas = '', coluna, op, valor = ''] = m;
    const lista = UNICOS.get(colecao) ?? [];
    lista.push({
      colunas: colunas.split(',').map((x) => x.trim().replace(/`/g, '').split(/\s/)[0] ?? ''),
      onde: coluna ? { coluna, valor: valorSql(valor.trim()), igual: op === '=' } : null,
    });
    UNICOS.set(colecao, lista);
  }
}

/** Columns the double does not keep: an account's token key (the double signs its tokens itself, jwt.ts). */
const SEM_GUARDA = ['tokenKey'];

const indexado = (row: Json, onde: Unico['onde']) =>
  !onde || ((row[onde.coluna] ?? '') === onde.valor) === onde.igual;

/** Throws SQLite's error when `row` (to be written in `rows`, in place of its own id's) breaks a unique index. */
export function conferirUnicos(colecao: string, row: Json, rows: readonly Json[]): void {
  for (const { colunas, onde } of UNICOS.get(colecao) ?? []) {
    if (!indexado(row, onde) || colunas.some((k) => SEM_GUARDA.includes(k))) continue;
    const igual = rows.some(
      (r) => r.id !== row.id && indexado(r, onde) && colunas.every((k) => (r[k] ?? '') === (row[k] ?? '')),
    );
    if (igual)
      throw new Error(`UNIQUE constraint failed: ${colunas.map((k) => `${colecao}.${k}`).join(', ')}`);
  }
}
