import { describe, expect, it, vi } from 'vitest';
import { pb } from '@/lib/pocketbase';
import { readSession, saveSession, SESSION_EXPIRED_EVENT } from '@/lib/session';
import { makeToken } from '@/mocks/jwt';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';

describe('the PocketBase client', () => {
  it('ends a session whose token expired meanwhile instead of asking as a guest', async () => {
    saveSession(makeToken(DEMO_ACCOUNTS.agendado.id, 60), DEMO_ACCOUNTS.agendado);
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    const later = Date.now() + 3600_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await expect(pb.collection('pagamentos').getList(1, 1)).rejects.toThrow();
      expect(readSession()).toBeNull();
      expect(sessionStorage.getItem('token')).toBeNull();
      expect(expired).toHaveBeenCalledOnce();
    } finally {
      vi.restoreAllMocks();
      window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
    }
  });

  it('sends the token as a bearer token, and none at all for anonymous calls', async () => {
    const token = makeToken(DEMO_ACCOUNTS.agendado.id);
    saveSession(token, DEMO_ACCOUNTS.agendado);
    const seen: Array<string | null> = [];
    const fetchSpy = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get('Authorization'));
      return fetch(input, init);
    });
    await pb.collection('pagamentos').getList(1, 1, { fetch: fetchSpy });
    await pb.send('/api/collections/usuarios/request-verification', {
      method: 'POST',
      body: { email: 'x@example.com' },
      headers: { Authorization: '' },
      fetch: fetchSpy,
    });
    expect(seen).toEqual([`Bearer ${token}`, null]);
  });
});
