/**
 * The server's defences as the demo sees them (pocketbase/pb_hooks/lib/seguranca.js, same figures from
 * limites.json): the per-IP limits of the routes the demo serves (the demo is one browser, one address) and
 * the lockout of an account after repeated failed logins. Kept in memory: a reload starts afresh.
 */
import limits from '../../pocketbase/pb_hooks/lib/limites.json';

const hits = new Map<string, number[]>();

function recent(key: string, windowMs: number, now: number): number[] {
  const kept = (hits.get(key) ?? []).filter((at) => now - at < windowMs);
  hits.set(key, kept);
  return kept;
}

/**
 * Counts one request under PocketBase's rule `label`; true when it is over the rule (the server's 429). The
 * address is X-Forwarded-For's, as the test server trusts it; the demo in a browser is one address.
 */
export function overRateLimit(label: string, request: Request, now = Date.now()): boolean {
  const rule = limits.porIp.find((r) => r.label === label);
  if (!rule) return false;
  const ip = request.headers.get('X-Forwarded-For') ?? 'demo';
  const kept = recent(`ip:${label}:${ip}`, rule.duration * 1000, now);
  if (kept.length >= rule.maxRequests) return true;
  kept.push(now);
  return false;
}

const lockoutKey = (email: string) => `falha:${email.trim().toLowerCase()}`;
const lockoutWindowMs = limits.bloqueio.janelaMin * 60_000;

export function loginLocked(email: string, now = Date.now()): boolean {
  return recent(lockoutKey(email), lockoutWindowMs, now).length >= limits.bloqueio.falhas;
}

export function recordLoginFailure(email: string, now = Date.now()): void {
  recent(lockoutKey(email), lockoutWindowMs, now).push(now);
}

export function resetLimits(): void {
  hits.clear();
}
