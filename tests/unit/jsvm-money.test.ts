// @vitest-environment node
// What the demo double's JSVM stand-in (src/mocks/jsvm) gives the kit's money files: the demo's environment, $http
// answered by the demo's Asaas, a route's function middlewares, the answer's headers, and the unique indexes.
import { getResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb, resetDb } from '@/mocks/db';
import { kitRoute } from '@/mocks/jsvm/events';
import '@/mocks/jsvm/kit';
import { DEMO_ASAAS_URL, DEMO_WEBHOOK_TOKEN } from '@/mocks/jsvm/env';
import { app, Record, registry } from '@/mocks/jsvm/pocketbase';

type Handler = (e: {
  next: () => unknown;
  json: (status: number, data: unknown) => void;
  string: (status: number, text: string) => void;
  flush: () => void;
  response: { header: () => Headers };
}) => unknown;
const jsvm = globalThis as unknown as {
  routerAdd: (method: string, path: string, handler: Handler, ...middlewares: unknown[]) => void;
  $os: { getenv: (name: string) => string };
  $http: {
    send: (r: { url: string; method: string; body?: string }) => { statusCode: number; json: unknown };
  };
};

const routesBefore: typeof registry.routes = [];
beforeEach(() => {
  resetDb();
  routesBefore.splice(0, routesBefore.length, ...registry.routes);
});
afterEach(() => registry.routes.splice(0, registry.routes.length, ...routesBefore));

const post = (path: string) => new Request(`http://demo.local${path}`, { method: 'POST', body: '{}' });

describe("the JSVM stand-in's money ports", () => {
  it("$os.getenv gives the demo's Asaas key, address and webhook token; any other name ''", () => {
    expect(jsvm.$os.getenv('ASAAS_API_URL')).toBe(DEMO_ASAAS_URL);
    expect(jsvm.$os.getenv('ASAAS_API_KEY')).not.toBe('');
    expect(jsvm.$os.getenv('ASAAS_WEBHOOK_TOKEN')).toBe(DEMO_WEBHOOK_TOKEN);
    expect(jsvm.$os.getenv('NADA_DISSO')).toBe('');
  });

  it("$http.send to the demo's Asaas address is answered at once by the demo's Asaas", () => {
    const made = jsvm.$http.send({
      url: `${DEMO_ASAAS_URL}/customers`,
      method: 'POST',
      body: JSON.stringify({ name: 'Maria Teste', cpfCnpj: '52998224725', email: 'maria@exemplo.com.br' }),
    });
    expect(made.statusCode).toBe(200);
    const id = (made.json as { id: string }).id;
    expect(getDb().asaasCustomers.map((c) => c.id)).toContain(id);
    expect(getDb().asaasCustomers.find((c) => c.id === id)).toMatchObject({ name: 'Maria Teste' });
  });

  it("a route's function middlewares run in turn before its handler; one that throws answers for it", async () => {
    const ran: string[] = [];
    jsvm.routerAdd(
      'POST',
      '/api/teste/passa',
      (e) => {
        ran.push('handler');
        e.json(200, { ok: true });
      },
      (e: { next: () => unknown }) => {
        ran.push('middleware');
        return e.next();
      },
    );
    jsvm.routerAdd(
      'POST',
      '/api/teste/barra',
      () => ran.push('barrado'),
      () => {
        throw new (globalThis as unknown as { ApiError: new (s: number, m: string) => Error }).ApiError(
          503,
          'Indisponível.',
        );
      },
    );
    const ok = await getResponse([kitRoute('POST', '/api/teste/passa')], post('/api/teste/passa'));
    expect(await ok?.json()).toEqual({ ok: true });
    const refused = await getResponse([kitRoute('POST', '/api/teste/barra')], post('/api/teste/barra'));
    expect(refused?.status).toBe(503);
    expect(ran).toEqual(['middleware', 'handler']);
  });

  it('the headers the kit sets on e.response.header() go with its e.string answer, flushed or not', async () => {
    jsvm.routerAdd('POST', '/api/teste/texto', (e) => {
      e.response.header().set('Content-Type', 'application/json');
      e.string(200, '{"recebido":true}');
      e.flush();
    });
    const answer = await getResponse([kitRoute('POST', '/api/teste/texto')], post('/api/teste/texto'));
    expect(answer?.headers.get('Content-Type')).toBe('application/json');
    expect(await answer?.json()).toEqual({ recebido: true });
  });

  it("a save that breaks one of the schema's unique indexes throws SQLite's error and writes nothing", () => {
    const usuario = getDb().usuarios.find((u) => !u.admin)!.id;
    const cobranca = (tentativa: string) => {
      const r = new Record('cobrancas');
      r.load({
        usuario,
        tentativa,
        metodo: 'pix',
        tipo_servico: 'familiar',
        status: 'ENVIANDO',
        ativa: true,
      });
      return r;
    };
    const live = getDb().cobrancas.filter((c) => c.usuario === usuario && c.ativa).length;
    if (live === 0) app.save(cobranca('primeira-tentativa'));
    expect(() => app.save(cobranca('segunda-tentativa'))).toThrow(
      /UNIQUE constraint failed: cobrancas.usuario/,
    );
    expect(getDb().cobrancas.filter((c) => c.usuario === usuario && c.ativa)).toHaveLength(1);
  });

  it("a reset of the demo's data clears $app.store(), as a new server's memory starts empty", () => {
    app.store().set('conciliacao:teste', Date.now());
    resetDb();
    expect(app.store().has('conciliacao:teste')).toBe(false);
  });
});
