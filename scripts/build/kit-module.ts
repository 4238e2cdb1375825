import type { Plugin } from 'vite';
import { KIT_RULES } from '../../eslint/zones.js';

/** The kit's folder of modules; those written for both runtimes are CommonJS. */
const KIT_LIB = /\/pocketbase\/pb_hooks\/lib\/[a-z_]+\.js$/;

/** `require(`${__hooks}/lib/x.js`)`, as the JSVM loads a module of the kit. */
const KIT_REQUIRE = /require\(`\$\{__hooks\}\/lib\/([a-z_]+\.(?:js|json))`\)/g;

/**
 * A rules module as an ES module: its `require`s of other kit files become imports (only of the files that
 * `shared` lists, or of the kit's JSON data), and its `module.exports` the default export.
 */
export function asEsModule(code: string, file: string, shared: readonly string[]): string {
  const imports: string[] = [];
  const body = code.replace(KIT_REQUIRE, (_, name: string) => {
    if (!name.endsWith('.json') && !shared.includes(name)) {
      throw new Error(
        `${file} requires lib/${name}, which is not one of the kit's rules modules (eslint/zones.js KIT_RULES): ` +
          'the app and the demo may load only those.',
      );
    }
    const local = `__kit${imports.length}`;
    imports.push(`import ${local} from './${name}';`);
    return local;
  });
  return `${imports.join('\n')}\nconst module = { exports: {} };\n${body}\nexport default module.exports;\n`;
}

/**
 * The kit's rules modules (pocketbase/pb_hooks/lib/comum.js, paginas.js and the others of KIT_RULES) are CommonJS, as
 * PocketBase's require() wants them; the app, the demo backend and the tests import them as ES modules whose
 * default export is their `module.exports`. One may require another (the São Paulo day is prazo.js's alone): the
 * require becomes an import. Which of the kit's files the app may import at all is listed once, in eslint/zones.js
 * (KIT_RULES): lint refuses any other, and so does this transform for a rules module's require.
 */
export function kitModule(shared: readonly string[] = KIT_RULES): Plugin {
  return {
    name: 'kit-commonjs',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!KIT_LIB.test(file)) return null;
      return { code: asEsModule(code, file, shared), map: null };
    },
  };
}
