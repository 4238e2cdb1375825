import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '@/mocks/jwt';

const refreshSession = vi.fn(() => Promise.resolve());
vi.mock('@/lib/api/session-refresh', () => ({ refreshSession }));

const record = {
  id: 'u1',
  nome_completo: 'Maria Aparecida Souza',
  email: 'maria@example.com',
  celular: '11987654321',
  cpf: '529.982.247-25',
  admin: false,
};

/** The hook's module reads the session once, at load: each test loads it afresh after arranging storage. */
async function loadHook() {
  vi.resetModules();
  const session = await import('@/lib/session');
  const { useSessionRefresh } = await import('@/lib/use-session-refresh');
  return { session, useSessionRefresh };
}

async function flush() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

describe('useSessionRefresh: when the stored session is checked', () => {
  beforeEach(() => {
    sessionStorage.clear();
    refreshSession.mockClear();
  });
  afterEach(() => sessionStorage.clear());

  it('checks a session brought from before as soon as the app starts', async () => {
    const early = await import('@/lib/session');
    early.saveSession(makeToken('u1'), record);
    const { useSessionRefresh } = await loadHook();
    renderHook(() => useSessionRefresh());
    await flush();
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it('does not check a session signed in on this page, nor on a focus right after', async () => {
    const { session, useSessionRefresh } = await loadHook();
    renderHook(() => useSessionRefresh());
    act(() => session.saveSession(makeToken('u1'), record));
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(refreshSession).not.toHaveBeenCalled();
  });
});
