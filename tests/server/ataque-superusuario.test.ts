// The superuser's password guarded like a customer's: PocketBase's own default limits are replaced by the kit's
// (lib/seguranca.js aplicarLimites), which named only `usuarios`: the admin screen's login
// (/api/collections/_superusers/auth-with-password) took any number of guesses a second from one address.
import { expect, inject, it } from 'vitest';
import limites from '../../pocketbase/pb_hooks/lib/limites.json';
import { PB_URL, nextIp } from './helpers';

const login = (ip: string, password: string) =>
  fetch(`${PB_URL}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ identity: inject('superuser').email, password }),
  }).then((r) => r.status);

it("the superuser's login: a few guesses a minute from one address, then 429; another address still logs in", async () => {
  const ip = nextIp();
  const answers: number[] = [];
  for (let i = 0; i < 12; i++) answers.push(await login(ip, `palpite-${i}`));
  expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(answers.slice(10)).toEqual([429, 429]);
  expect(await login(ip, inject('superuser').password)).toBe(429);
  expect(await login(nextIp(), inject('superuser').password)).toBe(200);
  const rule = limites.porIp.find((r) => r.label === '_superusers:authWithPassword');
  expect(rule).toMatchObject({ maxRequests: 10, duration: 60 });
});
