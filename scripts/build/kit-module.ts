import type { Plugin } from 'vite';
import { KIT_RULES } from '../../eslint/zones.js';

/** The kit's folder of modules; those written for both runtimes are CommonJS. */
const KIT_LIB = /\/pocketbase\/pb_hooks\/lib\/[a-z_]+\.js$/;
/** The kit's hook files (routes and record hooks), which the demo double's JSVM stand-in runs (src/mocks/jsvm). */
const KIT_HOOKS = /\/pocketbase\/pb_hooks\/[a-z_]+\.pb\.js$/;

/** `require(`${__hooks}/lib/x.js`)`, as the JSVM loads a module of the kit. */
const KIT_REQUIRE = /require\(`\$\{__hooks\}\/lib\/([a-z_]+\.(?:js|json))`\)/g;

/**
 * A kit file as an ES module: its `require`s of other kit files become imports and its `module.exports` the default
 * export. A rules module (`shared`, eslint/zones.js KIT_RULES) may require only another rules module or the kit's
 * JSON, and its require is that module's default. Any other file (an adapter of lib/, or a hook file `*.pb.js`:
 * only the demo's JSVM stand-in loads those) may require any lib file; its require reads the module at the moment
 * it runs, through the stand-in's `__kitRequire` (which may serve a double-side module in its place), so that a
 * require inside a function stays lazy, as in goja, and a cycle between adapters (dia.js <-> agenda.js) loads.
 */
export function asEsModule(code: string, file: string, shared: readonly string[]): string {
  const imports: string[] = [];
  const hooks = KIT_HOOKS.test(file);
  const rules = !hooks && !(KIT_LIB.test(file) && !shared.includes(file.slice(file.lastIndexOf('/') + 1)));
  const body = code.replace(KIT_REQUIRE, (_, name: string) => {
    const local = `__kit${imports.length}`;
    const from = `${hooks ? './lib/' : './'}${name}`;
    if (rules || name.endsWith('.json')) {
      if (rules && !name.endsWith('.json') && !shared.includes(name)) {
        throw new Error(
          `${file} requires lib/${name}, which is not one of the kit's rules modules (eslint/zones.js KIT_RULES): ` +
            'the app and the demo may load only those.',
        );
      }
      imports.push(`import ${local} from '${from}';`);
      return local;
    }
    imports.push(`import * as ${local} from '${from}';`);
    return `globalThis.__kitRequire('${name}', ${local})`;
  });
  return `${imports.join('\n')}\nconst module = { exports: {} };\n${body}\nexport default module.exports;\n`;
}

/**
 * The kit's rules modules (pocketbase/pb_hooks/lib/comum.js, paginas.js and the others of KIT_RULES) are CommonJS, as
 * PocketBase's require() wants them; the app, the demo backend and the tests import them as ES modules whose
 * default export is their `module.exports`. One may require another (the São Paulo day is prazo.js's alone): the
 * require becomes an import. Which of the kit's files the app may import at all is listed once, in eslint/zones.js
 * (KIT_RULES): lint refuses any other, and so does this transform for a rules module's require. The kit's other
 * files (adapters, hook files) are transformed too, for the demo double's JSVM stand-in alone (src/mocks/jsvm).
 */
export function kitModule(shared: readonly string[] = KIT_RULES): Plugin {
  return {
    name: 'kit-commonjs',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!KIT_LIB.test(file) && !KIT_HOOKS.test(file)) return null;
      return { code: asEsModule(code, file, shared), map: null };
    },
  };
}
