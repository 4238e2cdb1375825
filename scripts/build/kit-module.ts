import type { Plugin } from 'vite';

/** The kit's folder of modules; those written for both runtimes are CommonJS and require nothing. */
const KIT_LIB = /\/pocketbase\/pb_hooks\/lib\/[a-z_]+\.js$/;

/**
 * The kit's rules modules (pocketbase/pb_hooks/lib/comum.js, paginas.js and the others of KIT_RULES) are CommonJS, as
 * PocketBase's require() wants them; the app, the demo backend and the tests import them as ES modules whose
 * default export is their `module.exports`. Which of the kit's files the app may import at all is listed once,
 * in eslint/zones.js (KIT_RULES): lint refuses any other.
 */
export function kitModule(): Plugin {
  return {
    name: 'kit-commonjs',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!KIT_LIB.test(file)) return null;
      return {
        code: `const module = { exports: {} };\n${code}\nexport default module.exports;\n`,
        map: null,
      };
    },
  };
}
