// A reminder's answer link needs no login (it carries its own token): from one address it is answered 20 times
// per 10 minutes (limites.json `/api/lembretes/`), so a script cannot post answers in a loop into the history.
import { expect, it } from 'vitest';
import limites from '../../pocketbase/pb_hooks/lib/limites.json';
import { PB_URL, nextIp } from './helpers';

it('the answer link: 20 per 10 minutes from one address, then 429; another address is counted apart', async () => {
  const max = limites.porIp.find((r) => r.label === '/api/lembretes/')?.maxRequests ?? 0;
  expect(max).toBe(20);
  const ip = nextIp();
  const post = (from: string) =>
    fetch(`${PB_URL}/api/lembretes/responder?t=forjado&r=vou_comparecer`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': from },
    });
  for (let i = 0; i < max; i++) expect((await post(ip)).status).toBe(400);
  expect((await post(ip)).status).toBe(429);
  expect((await post(nextIp())).status).toBe(400);
});
