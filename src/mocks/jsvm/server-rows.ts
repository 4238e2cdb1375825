/**
 * Collections only the server keeps and the double's store never seeded (the kit's defences, lib/seguranca.js:
 * the failed logins, the account e-mails sent; lib/processo.js: each account's uploads): their rows are made in the double's store on first use, so a
 * reset of the demo's data (a new seed) empties them and a reload keeps them, as the server's tables.
 */
import { getDb } from '../db';
import type { Json } from '../http';

const SERVER_ROWS: readonly string[] = ['falhas_login', 'envios_email', 'envios_arquivo'];

/** The rows of `collection` when it is one of SERVER_ROWS (made empty on first use), else undefined. */
export function serverRows(collection: string): Json[] | undefined {
  if (!SERVER_ROWS.includes(collection)) return undefined;
  const db = getDb() as unknown as { [name: string]: Json[] | undefined };
  return (db[collection] ??= []);
}
