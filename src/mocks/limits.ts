/**
 * PocketBase's own rate limiter per IP, with the kit's rules (pocketbase/pb_hooks/lib/seguranca.js aplicarLimites,
 * from limites.json). The kit's lockout after failed logins and its cap on account e-mails run as the kit's own
 * hooks (seguranca.pb.js, through src/mocks/jsvm/auth-events.ts). Kept in memory: a reload starts afresh.
 */
import limits from '../../pocketbase/pb_hooks/lib/limites.json';
import schema from '../../pocketbase/schema.json';

interface Rule {
  label: string;
  maxRequests: number;
  duration: number;
}

/** The kit's rules, as seguranca.js aplicarLimites hands them to PocketBase (audience '': guests and users). */
const RULES: readonly Rule[] = limits.porIp;

/**
 * The rule for a request's labels, as PocketBase picks it (core/settings_model.go FindRateLimitRule): label by
 * label in order, a rule named exactly so first, else a rule ending in '/' that prefixes the label (first in
 * the list wins).
 */
export function findRule(labels: readonly string[], rules: readonly Rule[] = RULES): Rule | undefined {
  const prefixRules: Rule[] = [];
  for (const [i, label] of labels.entries()) {
    for (const rule of rules) {
      if (label === rule.label) return rule;
      if (i === 0 && rule.label.endsWith('/')) prefixRules.push(rule);
    }
    const prefix = prefixRules.find((rule) => `${label}/`.startsWith(rule.label));
    if (prefix) return prefix;
  }
  return undefined;
}

/** PocketBase's rateClient: a fixed window from the first request, in whole seconds, of maxRequests. */
interface Window {
  start: number;
  available: number;
}

/** Per limiter (PocketBase's rtId), per client address. */
const windows = new Map<string, Map<string, Window>>();

function consume(limiter: string, rule: Rule, ip: string, now: number): boolean {
  const clients = windows.get(limiter) ?? new Map<string, Window>();
  windows.set(limiter, clients);
  const client = clients.get(ip) ?? { start: -Infinity, available: 0 };
  clients.set(ip, client);
  const nowS = Math.floor(now / 1000);
  if (nowS - client.start >= rule.duration) {
    client.available = rule.maxRequests;
    client.start = nowS;
  }
  if (client.available > 0) {
    client.available--;
    return true;
  }
  return false;
}

/** The auth routes' tags (apis/record_auth.go collectionPathRateLimit), by the path's last segment. */
const AUTH_TAGS: Record<string, { method: string; tags: string[] }> = {
  'auth-methods': { method: 'GET', tags: ['listAuthMethods'] },
  'auth-refresh': { method: 'POST', tags: ['authRefresh'] },
  'auth-with-password': { method: 'POST', tags: ['authWithPassword', 'auth'] },
  'auth-with-oauth2': { method: 'POST', tags: ['authWithOAuth2', 'auth'] },
  'request-otp': { method: 'POST', tags: ['requestOTP'] },
  'auth-with-otp': { method: 'POST', tags: ['authWithOTP', 'auth'] },
  'request-password-reset': { method: 'POST', tags: ['requestPasswordReset'] },
  'confirm-password-reset': { method: 'POST', tags: ['confirmPasswordReset'] },
  'request-verification': { method: 'POST', tags: ['requestVerification'] },
  'confirm-verification': { method: 'POST', tags: ['confirmVerification'] },
  'request-email-change': { method: 'POST', tags: ['requestEmailChange'] },
  'confirm-email-change': { method: 'POST', tags: ['confirmEmailChange'] },
};

/** The record API's action (apis/record_crud.go), by method and whether the path names a record. */
function recordAction(method: string, withId: boolean): string | undefined {
  if (method === 'GET') return withId ? 'view' : 'list';
  if (method === 'POST' && !withId) return 'create';
  if (method === 'PATCH' && withId) return 'update';
  if (method === 'DELETE' && withId) return 'delete';
  return undefined;
}

/** A collection's route: the collection and the tags PocketBase labels it with; undefined for other routes. */
function collectionRoute(method: string, path: string): { collection: string; tags: string[] } | undefined {
  const records = /^\/api\/collections\/([^/]+)\/records(?:\/([^/]+))?\/?$/.exec(path);
  const action = records && recordAction(method, records[2] !== undefined);
  if (records?.[1] && action) return { collection: records[1], tags: [action] };
  const auth = /^\/api\/collections\/([^/]+)\/([a-z0-9-]+)$/.exec(path);
  const route = auth?.[2] ? AUTH_TAGS[auth[2]] : undefined;
  if (auth?.[1] && route?.method === method) return { collection: auth[1], tags: route.tags };
  const file = /^\/api\/files\/([^/]+)\/[^/]+\/[^/]+$/.exec(path);
  if (file?.[1] && method === 'GET') return { collection: file[1], tags: ['file'] };
  return undefined;
}

function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/**
 * The limiter and the rule of a request, as PocketBase finds them (apis/middlewares_rate_limit.go): a
 * collection's route is labelled `<collection>:<tag>` for each of its tags, then `*:<tag>`, then as every other
 * route by method and path (`POST /api/conta/x`, `/api/conta/x`), and counted per collection and route; every
 * other route is counted per rule. A collection the schema lacks answers 404 before any count.
 */
function limiterOf(request: Request): { limiter: string; rule: Rule } | undefined {
  const url = new URL(request.url);
  const path = decodedPath(url);
  const method = request.method.toUpperCase();
  const byPath = [`${method} ${path}`, path];
  const route = collectionRoute(method, path);
  if (!route) {
    const rule = findRule(byPath);
    return rule && { limiter: rule.label, rule };
  }
  if (!schema.some((c) => c.name === route.collection)) return undefined;
  const labels = [
    ...route.tags.map((tag) => `${route.collection}:${tag}`),
    ...route.tags.map((tag) => `*:${tag}`),
    ...byPath,
  ];
  const rule = findRule(labels);
  return rule && { limiter: `${route.collection} ${method} ${route.tags.join('')}`, rule };
}

/** The address PocketBase counts: X-Forwarded-For's, as the test server trusts it; the demo is one address. */
const clientIp = (request: Request) => request.headers.get('X-Forwarded-For') ?? 'demo';

/** The requests the limiter has counted already (MSW hands every handler the same Request). */
const counted = new WeakSet<Request>();

/**
 * Counts one request under the rule PocketBase would apply to it; true when it is over the rule (the server's
 * 429 'Too Many Requests.'). auth.ts asks it in front of every route. The double has no superusers, whom
 * PocketBase never limits.
 */
export function rateLimited(request: Request, now = Date.now()): boolean {
  if (counted.has(request)) return false;
  counted.add(request);
  const found = limiterOf(request);
  return !!found && !consume(found.limiter, found.rule, clientIp(request), now);
}

export function resetLimits(): void {
  windows.clear();
}
