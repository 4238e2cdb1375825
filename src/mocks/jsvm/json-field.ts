/**
 * A JSON field's value as PocketBase stores one set from a request's body: a text that reads as JSON is that JSON
 * (the SDK may send a list as its text), any other text stays a text (a JSON string).
 */
export function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
