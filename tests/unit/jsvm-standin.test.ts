// @vitest-environment node
// The demo double's stand-in of PocketBase's JSVM (src/mocks/jsvm), which runs the kit's own adapters and hook
// files over the double's rows: its transactions, model hooks, error answers, and the kit's lazy requires.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb, resetDb } from '@/mocks/db';
import { diaStore } from '@/mocks/dia-store';
import { kitRoute } from '@/mocks/jsvm/events';
import '@/mocks/jsvm/kit';
import { enrichRecord } from '@/mocks/jsvm/enrich';
import { app, BadRequestError, Record, registry, ValidationError } from '@/mocks/jsvm/pocketbase';

type Hooks = typeof registry.hooks;
const hooksBefore: { hooks: Hooks; routes: typeof registry.routes } = { hooks: [], routes: [] };
const jsvm = globalThis as unknown as {
  onRecordUpdate: (
    handler: (e: { record: { set: (f: string, v: unknown) => void }; next: () => void }) => void,
    collection: string,
  ) => void;
  routerAdd: (method: string, path: string, handler: () => void) => void;
};

beforeEach(() => {
  resetDb();
  hooksBefore.hooks = [...registry.hooks];
  hooksBefore.routes = [...registry.routes];
});
afterEach(() => {
  registry.hooks.splice(0, registry.hooks.length, ...hooksBefore.hooks);
  registry.routes.splice(0, registry.routes.length, ...hooksBefore.routes);
});

describe('the JSVM stand-in of the demo double', () => {
  it('runInTransaction puts every row back as it was when its function throws', () => {
    const [booking] = getDb().agendamentos;
    const before = booking!.nota_cliente;
    expect(() =>
      app.runInTransaction(() => {
        const record = app.findRecordById('agendamentos', booking!.id);
        record.set('nota_cliente', 'escrito e desfeito');
        app.save(record);
        expect(getDb().agendamentos.find((b) => b.id === booking!.id)?.nota_cliente).toBe(
          'escrito e desfeito',
        );
        throw new Error('falhou');
      }),
    ).toThrow('falhou');
    expect(getDb().agendamentos.find((b) => b.id === booking!.id)?.nota_cliente).toBe(before);
  });

  it("a save runs the collection's model hooks, each going on with e.next(), then writes the row", () => {
    const consulado = diaStore().consulados[0]!;
    jsvm.onRecordUpdate((e) => {
      e.record.set('nome', `${String(consulado.nome)} (revisto)`);
      e.next();
    }, 'consulados');
    const record = app.findRecordById('consulados', consulado.id);
    app.save(record);
    expect(diaStore().consulados[0]?.nome).toMatch(/\(revisto\)$/);
  });

  it("an ApiError thrown by a kit's route becomes PocketBase's error answer", async () => {
    jsvm.routerAdd('POST', '/api/teste/{id}', () => {
      throw new BadRequestError('Dados inválidos.', {
        motivo: new ValidationError('validation_x', 'errado'),
      });
    });
    const answer = await getResponse(
      [kitRoute('POST', '/api/teste/{id}')],
      new Request('http://demo.local/api/teste/abc', { method: 'POST', body: '{}' }),
    );
    expect(answer?.status).toBe(400);
    expect(await answer?.json()).toEqual({
      status: 400,
      message: 'Dados inválidos.',
      data: { motivo: { code: 'validation_x', message: 'Errado.' } },
    });
  });

  it("$apis.enrichRecord runs the collection's enrich hooks: a hidden field shown to staff only", () => {
    const handling = diaStore().atendimentos[0]!;
    Object.assign(handling, { responsavel: 'equipe000000001', responsavel_nome: 'Ana Souza' });
    const asReadBy = (admin: boolean) => {
      const record = app.findRecordById('atendimentos', handling.id);
      const auth = new Record('usuarios', { id: 'leitor000000001', admin });
      enrichRecord({ app, requestInfo: () => ({ auth }) }, record);
      return JSON.parse(JSON.stringify(record)) as object;
    };
    // lib/dia.js mostrarEquipe (dia.pb.js's onRecordEnrich): who holds the case is staff's to know.
    expect(asReadBy(true)).toMatchObject({ responsavel_nome: 'Ana Souza' });
    expect(asReadBy(false)).not.toHaveProperty('responsavel_nome');
    expect((globalThis as unknown as { $apis: object }).$apis).toHaveProperty('enrichRecord', enrichRecord);
  });

  it('$app.db() lets the kit turn secure_delete on (no data files in the demo) and refuses any other SQL', () => {
    // lib/retransmissao.js's transaction of a relayed value's write turns it on first.
    expect(() => app.db().newQuery('PRAGMA secure_delete = ON').execute()).not.toThrow();
    expect(() => app.db().newQuery('DELETE FROM retransmissoes').execute()).toThrow(
      /SQL is not available in the demo/,
    );
  });

  it("a JSON field set from a text holds the JSON it reads as, as PocketBase stores a body's text", () => {
    const record = app.findRecordById('consulados', diaStore().consulados[0]!.id);
    record.set('janelas', '[{"dia": 1, "hora": "09:00"}]');
    expect(record.get('janelas')).toEqual([{ dia: 1, hora: '09:00' }]);
    record.set('janelas', '[{"dia": 1, "hora": ');
    expect(record.get('janelas')).toBe('[{"dia": 1, "hora": ');
  });

  it('two kit adapters that require each other inside their functions load and reach each other', async () => {
    // Files of the kit's shape in a folder of the kit's layout: scripts/build/kit-module.ts transforms them.
    const lib = path.join(mkdtempSync(path.join(tmpdir(), 'jsvm-')), 'pocketbase', 'pb_hooks', 'lib');
    mkdirSync(lib, { recursive: true });
    const adapter = (self: string, other: string) =>
      `const proprio = '${self}';\nfunction outro() {\n  return require(\`\${__hooks}/lib/${other}.js\`).nome();\n}\n` +
      `module.exports = { nome: () => proprio, outro };\n`;
    writeFileSync(path.join(lib, 'ciclo_a.js'), adapter('a', 'ciclo_b'));
    writeFileSync(path.join(lib, 'ciclo_b.js'), adapter('b', 'ciclo_a'));
    const a = (
      (await import(/* @vite-ignore */ path.join(lib, 'ciclo_a.js'))) as { default: { outro: () => string } }
    ).default;
    const b = (
      (await import(/* @vite-ignore */ path.join(lib, 'ciclo_b.js'))) as { default: { outro: () => string } }
    ).default;
    expect([a.outro(), b.outro()]).toEqual(['b', 'a']);
  });
});
