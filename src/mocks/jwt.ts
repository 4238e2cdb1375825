/** Real-looking JWTs: the PocketBase SDK decodes `exp` on the client, so opaque strings would read as expired. */
import { TOKEN_S } from './collections';

export const USERS_COLLECTION_ID = '_pb_users_auth_';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
// Not a secret: it only lets readToken refuse hand-edited tokens, as a real signature would.
const DEMO_KEY = 'demo-backend-not-a-secret';

function base64UrlEncode(text: string): string {
  let binary = '';
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return decoder.decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** FNV-1a, twice with different seeds, rendered as base64url: looks like a signature, is deterministic. */
function fakeSignature(data: string): string {
  const hash = (seed: number): string => {
    let h = seed >>> 0;
    for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data.charCodeAt(i), 16777619) >>> 0;
    return h.toString(16).padStart(8, '0');
  };
  return base64UrlEncode(hash(2166136261) + hash(0x9747b28c) + hash(0x5bd1e995) + hash(0x27d4eb2f));
}

type TokenPayload = Record<string, string | number | boolean>;

export function signToken(payload: TokenPayload): string {
  const unsigned = `${base64UrlEncode(JSON.stringify(HEADER))}.${base64UrlEncode(JSON.stringify(payload))}`;
  return `${unsigned}.${fakeSignature(unsigned + DEMO_KEY)}`;
}

/** Payload of a well-formed, correctly "signed", unexpired token; null otherwise. */
export function verifyToken(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, signature] = parts;
  if (!header || !body || signature !== fakeSignature(`${header}.${body}${DEMO_KEY}`)) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(body));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const exp = 'exp' in payload ? payload.exp : undefined;
    if (typeof exp !== 'number' || exp * 1000 <= Date.now()) return null;
    return payload as TokenPayload;
  } catch {
    return null;
  }
}

export function makeToken(userId: string, ttlSeconds = TOKEN_S.auth): string {
  return signToken({
    id: userId,
    type: 'auth',
    collectionId: USERS_COLLECTION_ID,
    refreshable: true,
    exp: Math.floor(Date.now() / 1000) + ttlSeconds,
  });
}

/** User id of a valid auth token (raw or "Bearer ..."); null means guest, as PocketBase treats bad tokens on record routes. */
export function readToken(authorizationHeader: string | null): string | null {
  if (!authorizationHeader) return null;
  const token = authorizationHeader.replace(/^Bearer\s+/i, '').trim();
  const payload = verifyToken(token);
  if (!payload || payload.type !== 'auth' || typeof payload.id !== 'string') return null;
  return payload.id;
}
