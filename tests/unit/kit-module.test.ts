import { asEsModule } from '../../scripts/build/kit-module.ts';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';

describe('a rules module as the app loads it (scripts/build/kit-module.ts)', () => {
  it("turns a require of another rules module, or of the kit's JSON, into an import", () => {
    const code =
      'const prazo = require(`${__hooks}/lib/prazo.js`);\nconst r = require(`${__hooks}/lib/regras.json`);\nmodule.exports = { prazo, r };';
    const out = asEsModule(code, 'x.js', ['prazo.js']);
    expect(out).toContain("import __kit0 from './prazo.js';");
    expect(out).toContain("import __kit1 from './regras.json';");
    expect(out).toContain('const prazo = __kit0;');
    expect(out).not.toContain('require(');
    expect(out).toMatch(/export default module\.exports;\n$/);
  });

  it('refuses a require of a kit file that is not a rules module (an adapter would call PocketBase)', () => {
    const code = 'const r = require(`${__hooks}/lib/registros.js`);';
    expect(() => asEsModule(code, 'x.js', ['prazo.js'])).toThrow(/requires lib\/registros\.js/);
  });

  it("reads an adapter's or a hook file's require when it runs, through the demo's JSVM stand-in (src/mocks/jsvm)", () => {
    const code = 'function f() {\n  return require(`${__hooks}/lib/registros.js`).achar;\n}';
    const adapter = asEsModule(code, '/r/pocketbase/pb_hooks/lib/agenda.js', ['prazo.js']);
    expect(adapter).toContain("import * as __kit0 from './registros.js';");
    expect(adapter).toContain("return globalThis.__kitRequire('registros.js', __kit0).achar;");
    const hooks = asEsModule(code, '/r/pocketbase/pb_hooks/agendamentos.pb.js', ['prazo.js']);
    expect(hooks).toContain("import * as __kit0 from './lib/registros.js';");
    // A rules module of the kit still may not.
    expect(() => asEsModule(code, '/r/pocketbase/pb_hooks/lib/prazo.js', ['prazo.js'])).toThrow(
      /registros\.js/,
    );
  });

  it("gives one São Paulo zone to every module that reads one: janelas.js's is prazo.js's", () => {
    expect(prazo.FUSO).toBe('America/Sao_Paulo');
    expect(janelas.FUSO_PADRAO).toBe(prazo.FUSO);
    expect(janelas.horaLocal(Date.UTC(2026, 10, 27, 15, 0), undefined, false)).toBe('12:00');
    expect(prazo.diaSaoPaulo(Date.UTC(2026, 10, 28, 2, 59))).toBe('2026-11-27');
  });
});
