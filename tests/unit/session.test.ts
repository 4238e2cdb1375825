import { describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  isTokenExpired,
  readSession,
  saveSession,
  subscribeSession,
  tokenExpiry,
} from '@/lib/session';
import { makeToken } from '@/mocks/jwt';

const record = {
  id: 'u1',
  nome_completo: 'Maria da Conceição Souza',
  email: 'maria@example.com',
  celular: '11987654321',
  cpf: '529.982.247-25',
  admin: false,
};

describe('session store', () => {
  it('saves the seed keys plus admin in sessionStorage and reads them back', () => {
    const token = makeToken('u1');
    saveSession(token, record);
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(sessionStorage.getItem('nome_completo')).toBe(record.nome_completo);
    expect(sessionStorage.getItem('admin')).toBe('false');
    expect(readSession()).toEqual({ ...record, token });
  });

  it.each(['id', 'token', 'nome_completo', 'email', 'celular', 'cpf'])(
    'is absent when %s is missing',
    (key) => {
      saveSession(makeToken('u1'), record);
      sessionStorage.removeItem(key);
      expect(readSession()).toBeNull();
    },
  );

  it('is absent when the token has expired; a token without a readable exp is left to the server', () => {
    saveSession(makeToken('u1', -10), record);
    expect(readSession()).toBeNull();
    saveSession('not-a-jwt', record);
    expect(readSession()?.token).toBe('not-a-jwt');
  });

  it('reads the JWT exp', () => {
    const token = makeToken('u1', 60);
    const exp = tokenExpiry(token) ?? 0;
    expect(exp * 1000).toBeGreaterThan(Date.now());
    expect(isTokenExpired(token)).toBe(false);
    expect(isTokenExpired(token, (exp + 1) * 1000)).toBe(true);
    expect(tokenExpiry('a.%%%.c')).toBeNull();
  });

  it('keeps the admin flag across a reload (it is stored)', () => {
    saveSession(makeToken('a1'), { ...record, admin: true });
    expect(readSession()?.admin).toBe(true);
  });

  it('logout clears every key, not only name and token', () => {
    saveSession(makeToken('u1'), record);
    sessionStorage.setItem('verify_email_address', 'maria@example.com');
    clearSession();
    expect(sessionStorage.getItem('verify_email_address')).toBeNull();
    for (const key of ['id', 'token', 'nome_completo', 'email', 'celular', 'cpf', 'admin']) {
      expect(sessionStorage.getItem(key)).toBeNull();
    }
  });

  it('notifies subscribers on save and clear', () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    saveSession(makeToken('u1'), record);
    clearSession();
    stop();
    saveSession(makeToken('u1'), record);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('returns the same object while nothing changes (stable snapshot for React)', () => {
    saveSession(makeToken('u1'), record);
    expect(readSession()).toBe(readSession());
  });
});
