// @ts-check
// `npm run schema`: the kit's collections as the migrations leave them, written to pocketbase/schema.json.
// It starts a real PocketBase on a fresh data directory (pocketbase/pb_migrations run at start), reads every
// collection of the app (PocketBase's own `_` collections left out) and keeps what defines it: fields, rules,
// indexes, relations by collection name. The real-server tier checks that the file is current
// (tests/server/schema.test.ts), and the demo double's field lists are checked against it
// (tests/unit/mocks-schema.test.ts). After merging migrations, run `npm run schema` and commit the file.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort, startPocketBase } from './pocketbase-server.mjs';

export const SCHEMA_FILE = fileURLToPath(new URL('../../pocketbase/schema.json', import.meta.url));

/**
 * A field as the file keeps it (`collection`: a relation's collection, by name), with its other options.
 * @typedef {{
 *   name: string, type: string, hidden?: boolean, system?: boolean, required?: boolean, collection?: string,
 *   [option: string]: unknown,
 * }} SchemaField
 */

/**
 * A collection as the file keeps it, with its rules and other options.
 * @typedef {{
 *   name: string, type: string, fields: SchemaField[], indexes?: string[], listRule?: string | null,
 *   [option: string]: unknown,
 * }} SchemaCollection
 */

/** @typedef {SchemaField & { id: string, collectionId?: string }} RawField what PocketBase says of a field */
/**
 * @typedef {{ id: string, name: string, type: string, fields: RawField[], listRule?: string | null, [option: string]: unknown }} RawCollection
 *   what PocketBase says of a collection
 */

/**
 * What PocketBase says of a field, less what a migration does not choose (ids, generated names).
 * @param {RawField} raw
 * @param {Map<string, string>} nameOf collection names by id
 * @returns {SchemaField}
 */
function field(raw, nameOf) {
  const { id: _id, collectionId, ...rest } = raw;
  /** @type {SchemaField} */
  const out = { ...rest };
  if (collectionId !== undefined) out.collection = nameOf.get(collectionId) ?? collectionId;
  return out;
}

/**
 * The bookings' list rule names the staff by id, written by the server from the accounts' admin flags
 * (pb_hooks/lib/lista_equipe.js): the file keeps it as it reads with no staff.
 */
const semEquipe = (/** @type {string | null | undefined} */ rule) =>
  typeof rule === 'string'
    ? rule.replace(/^\(@request\.auth\.collectionName = "usuarios" && \(.*\)\) \|\| /, '')
    : rule;

/**
 * The app's collections, sorted, from GET /api/collections (superuser).
 * @param {string} url
 * @param {string} token
 * @returns {Promise<SchemaCollection[]>}
 */
export async function readSchema(url, token) {
  const response = await fetch(`${url}/api/collections?perPage=500&sort=name`, {
    headers: { Authorization: token },
  });
  if (!response.ok) throw new Error(`GET /api/collections answered ${response.status}`);
  /** @type {{ items: RawCollection[] }} */
  const { items } = await response.json();
  const nameOf = new Map(items.map((c) => [c.id, c.name]));
  return items
    .filter((c) => !c.name.startsWith('_'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => {
      const { id: _id, created: _c, updated: _u, fields, ...rest } = c;
      if (c.name === 'agendamentos') rest.listRule = semEquipe(rest.listRule);
      return { ...rest, fields: fields.map((f) => field(f, nameOf)) };
    });
}

/** The schema as the file holds it (two-space JSON, one final newline). */
export const schemaText = (/** @type {SchemaCollection[]} */ schema) =>
  `${JSON.stringify(schema, null, 2)}\n`;

async function main() {
  const pb = await startPocketBase({ port: await freePort() });
  try {
    const schema = await readSchema(pb.url, pb.superuser.token);
    writeFileSync(SCHEMA_FILE, schemaText(schema));
    console.log(`pocketbase/schema.json: ${schema.length} collections from the migrations`);
  } finally {
    await pb.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
