/** Small helpers of the demo backend: ids, PocketBase's date format and the seed's CPFs. */
import comum from '../../pocketbase/pb_hooks/lib/comum.js';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random number in [0, 1) from the platform CSPRNG, so new ids do not repeat across reloads. */
function cryptoRandom(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return (buf[0] ?? 0) / 2 ** 32;
}

/** Lowercase alphanumeric id; 15 chars like PocketBase record ids. */
export function newId(length = 15, random: () => number = cryptoRandom): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length)] ?? 'a';
  return out;
}

/** PocketBase's wire format for dates: "2024-01-02 15:04:05.123Z" (UTC, space instead of T). */
export function pbDate(d: Date): string {
  return d.toISOString().replace('T', ' ');
}

/** Parses what PocketBase accepts for a date field; null when the value does not parse (PB then stores ""). */
export function parsePbDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text.replace(' ', 'T');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The instant of a stored date in ms (parsePbDate), NaN when it does not parse. */
export const pbMs = (value: unknown): number => parsePbDate(value)?.getTime() ?? Number.NaN;

/** A record's id, collection and times, as PocketBase makes one (now, with a new id, unless given). */
export const meta = (name: string, id = newId(), at = pbDate(new Date())) => ({
  id,
  collectionId: `pbc_${name}`,
  collectionName: name,
  created: at,
  updated: at,
});

/**
 * At most once every `intervalMs` per key (comum.js vezLiberada), remembered in memory as the kit's app store
 * remembers it (pb_hooks/lib/registros.js daVez): `due(key)` says whether it may go now and notes it as gone.
 */
export function onceEvery(intervalMs: number): {
  due: (key: string, now?: number) => boolean;
  clear: () => void;
} {
  const last = new Map<string, number>();
  return {
    due(key, now = Date.now()) {
      if (!comum.vezLiberada(last.get(key) ?? 0, now, intervalMs)) return false;
      last.set(key, now);
      return true;
    },
    clear: () => last.clear(),
  };
}
