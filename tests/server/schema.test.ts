// pocketbase/schema.json is the schema the migrations make: this server ran them at start, and the file must
// say the same. A migration without a regenerated file fails here: run `npm run schema` and commit the file.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { readSchema, SCHEMA_FILE, schemaText } from '../../scripts/backend/schema.mjs';
import { PB_URL, superuser } from './helpers';

it('pocketbase/schema.json is what the migrations make (regenerate it with `npm run schema`)', async () => {
  const admin = await superuser();
  const live = schemaText(await readSchema(PB_URL, admin.authStore.token));
  expect(readFileSync(SCHEMA_FILE, 'utf8'), 'pocketbase/schema.json is stale: run `npm run schema`').toBe(
    live,
  );
});
