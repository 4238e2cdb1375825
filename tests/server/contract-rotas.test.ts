// The contract suite, the kit's own routes (issue #26): every route the kit guards with `$apis.requireAuth`,
// read from pocketbase/pb_hooks/*.pb.js, answers a call without a session with PocketBase's 401 on both
// backends, before anything of its own (a missing record, a staff-only refusal). A route added to the kit is
// asked here without being listed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resetDb } from '@/mocks/db';
import { answer, BACKENDS } from './contract-backends';

const HOOKS = path.resolve(__dirname, '../../pocketbase/pb_hooks');

/** [method, path] of each route a `.pb.js` file adds with `$apis.requireAuth`, its `{id}` as an unknown id. */
/** What the demo does not serve: the appointments' calendar file is linked from e-mails; the app makes its own. */
const NOT_IN_THE_DEMO = ['/api/agendamentos/{id}/calendario.ics'];

const guarded = readdirSync(HOOKS)
  .filter((file) => file.endsWith('.pb.js'))
  .flatMap((file) => readFileSync(path.join(HOOKS, file), 'utf8').split('routerAdd(').slice(1))
  .filter((call) => call.split(/\n\);|\);\n/)[0]?.includes('$apis.requireAuth('))
  .map((call) => {
    const [, method = '', route = ''] = /^\s*'(\w+)',\s*'([^']+)'/.exec(call) ?? [];
    return [method, route] as const;
  })
  .map(([method, route]) => ({ method, route, inDemo: !NOT_IN_THE_DEMO.includes(route) }));

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();

  it('the kit guards some routes (the list is read from its files)', () => {
    expect(guarded.length).toBeGreaterThan(20);
  });

  it.each(guarded.filter((r) => r.inDemo || backend.name.startsWith('PocketBase')))(
    '$method $route without a session answers 401',
    async ({ method, route }) => {
      const url = route.replace(/\{\w+\}/g, 'naoexiste000000');
      expect(
        await answer(backend.client().send(url, { method, body: method === 'GET' ? undefined : {} })),
      ).toMatchObject({
        status: 401,
        message: 'The request requires valid record authorization token.',
      });
    },
  );
});
