// The double's limiter (src/mocks/limits.ts) against PocketBase's own (apis/middlewares_rate_limit.go,
// core/settings_model.go FindRateLimitRule) with the kit's rules (pocketbase/pb_hooks/lib/limites.json).
import { beforeEach, describe, expect, it } from 'vitest';
import { findRule, rateLimited, resetLimits } from '@/mocks/limits';
import limites from '../../pocketbase/pb_hooks/lib/limites.json';

const rule = (label: string) => limites.porIp.find((r) => r.label === label);
const request = (method: string, path: string, from = '10.9.0.1') =>
  new Request(`http://msw.local${path}`, { method, headers: { 'X-Forwarded-For': from } });
/** Sends `count` requests at `at` ms; how many the limiter refused. */
function refused(method: string, path: string, count: number, at: number, from = '10.9.0.1'): number {
  let n = 0;
  for (let i = 0; i < count; i++) if (rateLimited(request(method, path, from), at)) n++;
  return n;
}

beforeEach(() => {
  resetLimits();
});

describe('which rule a request falls under', () => {
  it('a collection and action first, then a path exactly, then a path prefix ending in /', () => {
    expect(findRule(['usuarios:create', '*:create', 'POST /api/collections/usuarios/records'])).toBe(
      rule('usuarios:create'),
    );
    expect(findRule(['POST /api/conta/exportar', '/api/conta/exportar'])).toBe(rule('/api/conta/'));
    expect(findRule(['GET /api/conta', '/api/conta'])).toBe(rule('/api/conta/'));
    // The webhook's own rule, named with its method, before the proxy's prefix.
    expect(findRule(['POST /payments/asaas/webhook', '/payments/asaas/webhook'])).toBe(
      rule('POST /payments/asaas/webhook'),
    );
    expect(findRule(['POST /payments/asaas/pix', '/payments/asaas/pix'])).toBe(rule('/payments/asaas/'));
    expect(findRule(['agendamentos:list', '*:list', 'GET /api/collections/agendamentos/records'])).toBe(
      undefined,
    );
    // A wildcard rule for every collection, when a list has one.
    const star = [{ label: '*:create', maxRequests: 1, duration: 1 }];
    expect(findRule(['requerentes:create', '*:create'], star)).toBe(star[0]);
  });

  it('every route the double serves is counted under its rule: records, auth routes, the kit’s paths', () => {
    const max = (label: string) => rule(label)?.maxRequests ?? 0;
    expect(
      refused(
        'POST',
        '/api/collections/solicitacoes_exclusao/records',
        max('solicitacoes_exclusao:create') + 1,
        0,
      ),
    ).toBe(1);
    expect(refused('PATCH', '/api/collections/usuarios/records/abc', max('usuarios:update') + 1, 0)).toBe(1);
    expect(
      refused(
        'POST',
        '/api/collections/usuarios/confirm-verification',
        max('usuarios:confirmVerification') + 2,
        0,
      ),
    ).toBe(2);
    expect(
      refused(
        'POST',
        '/api/collections/usuarios/request-email-change',
        max('usuarios:requestEmailChange') + 1,
        0,
      ),
    ).toBe(1);
    expect(refused('GET', '/payments/asaas/pix/123', max('/payments/asaas/') + 1, 0)).toBe(1);
    // One count for every path under a prefix rule.
    expect(refused('GET', '/api/conta/exportar', max('/api/conta/'), 0)).toBe(0);
    expect(refused('POST', '/api/conta/outra', 1, 0)).toBe(1);
    // No rule: never refused; nor a collection the schema lacks (PocketBase answers 404 first).
    expect(refused('GET', '/api/collections/agendamentos/records', 200, 0)).toBe(0);
    expect(refused('POST', '/api/collections/nenhuma/confirm-verification', 50, 0)).toBe(0);
  });

  it('each address and each rule counts apart', () => {
    const max = rule('usuarios:authWithPassword')?.maxRequests ?? 0;
    expect(refused('POST', '/api/collections/usuarios/auth-with-password', max + 1, 0, '10.9.1.1')).toBe(1);
    expect(refused('POST', '/api/collections/usuarios/auth-with-password', 1, 0, '10.9.1.2')).toBe(0);
    expect(refused('POST', '/api/collections/usuarios/request-password-reset', 1, 0, '10.9.1.1')).toBe(0);
  });

  it('a request is counted once, however many handlers look at it', () => {
    const max = rule('retransmissoes:create')?.maxRequests ?? 0;
    const same = request('POST', '/api/collections/retransmissoes/records');
    for (let i = 0; i < max + 5; i++) expect(rateLimited(same, 0)).toBe(false);
  });
});

describe('fixed windows, as PocketBase counts', () => {
  it('the window opens with the first request and refills whole once its duration has passed', () => {
    const login = rule('usuarios:authWithPassword');
    if (!login) throw new Error('no login rule');
    const path = '/api/collections/usuarios/auth-with-password';
    const t0 = 1_700_000_000_000;
    expect(refused('POST', path, 1, t0)).toBe(0);
    expect(refused('POST', path, login.maxRequests - 1, t0 + (login.duration - 1) * 1000)).toBe(0);
    expect(refused('POST', path, 1, t0 + (login.duration - 1) * 1000)).toBe(1);
    // A sliding window would let one through here (the first has left it); a fixed one refills all of them.
    expect(refused('POST', path, login.maxRequests, t0 + login.duration * 1000)).toBe(0);
    expect(refused('POST', path, 1, t0 + login.duration * 1000)).toBe(1);
  });
});
