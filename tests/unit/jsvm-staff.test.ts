// @vitest-environment node
// What the demo double's JSVM stand-in (src/mocks/jsvm) gives the kit's staff files and the guarantee: the demo's
// guarantee settings in its environment, and a stored booking's case summary as the server keeps it on the booking.
import { getResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { caseSummary } from '@/mocks/case-summary';
import { getDb, resetDb } from '@/mocks/db';
import '@/mocks/jsvm/kit';
import { garantiaRoutes } from '@/mocks/jsvm/kit';
import { app } from '@/mocks/jsvm/pocketbase';
import { DEMO_GUARANTEE } from '../../demo-seed/dia';
import { DIA_SEED } from '../../demo-seed/processo-seed';

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

  it("a stored booking read by the kit has its case summary's consulate and documentation", () => {
    const id = DIA_SEED.pronto.booking;
    const summary = caseSummary(getDb(), id);
    expect(summary.consulado).not.toBe('');
    const booking = app.findRecordById('agendamentos', id);
    expect(booking.getString('consulado')).toBe(summary.consulado);
    expect(booking.get('documentacao')).toBe(summary.documentacao);
  });
});
