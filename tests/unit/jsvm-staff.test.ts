// @vitest-environment node
// What the demo double's JSVM stand-in (src/mocks/jsvm) gives the kit's staff files and the guarantee: the demo's
// guarantee settings in its environment.
import { getResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '@/mocks/db';
import '@/mocks/jsvm/kit';
import { garantiaRoutes } from '@/mocks/jsvm/kit';
import { DEMO_GUARANTEE } from '../../demo-seed/dia';

const jsvm = globalThis as unknown as { $os: { getenv: (name: string) => string } };

beforeEach(() => resetDb());

const get = (path: string) => new Request(`http://demo.local${path}`);

describe("the JSVM stand-in's staff and guarantee ports", () => {
  it("$os.getenv gives the demo's guarantee: on, with its windows", () => {
    expect(jsvm.$os.getenv('GARANTIA_ATIVA')).toBe('true');
    expect(jsvm.$os.getenv('GARANTIA_JANELAS')).toBe(String(DEMO_GUARANTEE.janelas));
  });

  it("GET /api/garantia is the kit's answer from that environment", async () => {
    const answer = await getResponse(garantiaRoutes, get('/api/garantia'));
    expect(answer?.status).toBe(200);
    expect(await answer?.json()).toEqual({ ativa: true, janelas: DEMO_GUARANTEE.janelas });
  });
});
