/**
 * `$app.db()` in the demo, which has no SQL: a query builder whose PRAGMAs do nothing (the demo has no data files
 * for `secure_delete` to zero, nor a WAL to checkpoint) and whose every other query throws "SQL is not available in
 * the demo" (the kit's modules that run SQL are served by the double's answers instead: sql.ts).
 */
const where = () => new Error().stack?.split('\n')[3]?.trim() ?? '';

export const db = () => ({
  newQuery(sql: string) {
    if (!/^\s*PRAGMA\s+secure_delete\b/i.test(sql))
      throw new Error(`SQL is not available in the demo: ${where()}`);
    const query = { bind: () => query, execute: () => ({ rowsAffected: () => 0 }) };
    return query;
  },
});
