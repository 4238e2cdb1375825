// @vitest-environment node
// The demo double holds the server's schema: its field lists come from pocketbase/schema.json (kept current by
// tests/server/schema.test.ts), and its seeded rows hold no field the server does not have.
import { describe, expect, it } from 'vitest';
import { FIELDS, type CollectionName } from '@/mocks/collections';
import { buildSeed } from '../../demo-seed/seed';
import schema from '../../pocketbase/schema.json';

/** What the SDK adds to every record, beside the collection's fields. */
const RECORD_KEYS = ['collectionId', 'collectionName', 'expand'];

describe('the demo double and pocketbase/schema.json', () => {
  it('knows the fields the migrations added after it was first written', () => {
    expect(FIELDS.pagamentos).toEqual(
      expect.arrayContaining(['cobranca', 'parcelamento', 'valor_estornado', 'pago_em']),
    );
    expect(FIELDS.cobrancas).toEqual(expect.arrayContaining(['parcelamento', 'duplicada', 'estorno']));
    expect(FIELDS.usuarios).not.toContain('password');
  });

  it('seeds no field the server lacks', () => {
    const db = buildSeed();
    for (const name of Object.keys(FIELDS) as CollectionName[]) {
      // Hidden fields too: the double stores the password as the server does, and never returns it.
      const all = schema.find((c) => c.name === name)?.fields.map((f) => f.name) ?? [];
      const extra = new Set<string>();
      for (const row of db[name] as object[])
        for (const key of Object.keys(row))
          if (!all.includes(key) && !RECORD_KEYS.includes(key)) extra.add(key);
      expect([...extra], `${name}: fields the schema does not have`).toEqual([]);
    }
  });
});
