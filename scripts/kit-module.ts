import type { Plugin } from 'vite';

/** The kit's files written for both runtimes (CommonJS, requiring nothing). */
const SHARED = [
  '/pocketbase/pb_hooks/lib/comum.js',
  '/pocketbase/pb_hooks/lib/prazo.js',
  '/pocketbase/pb_hooks/lib/janelas.js',
];

/**
 * pocketbase/pb_hooks/lib/comum.js and prazo.js are CommonJS, as PocketBase's require() wants them; the app, the
 * demo backend and the tests import them as ES modules whose default export is their `module.exports`.
 */
export function kitModule(): Plugin {
  return {
    name: 'kit-commonjs',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!SHARED.some((shared) => file.endsWith(shared))) return null;
      return {
        code: `const module = { exports: {} };\n${code}\nexport default module.exports;\n`,
        map: null,
      };
    },
  };
}
