import type { Plugin } from 'vite';

/**
 * pocketbase/pb_hooks/lib/comum.js is CommonJS, as PocketBase's require() wants it; the app, the demo backend
 * and the tests import it as an ES module whose default export is its `module.exports`.
 */
export function kitModule(): Plugin {
  return {
    name: 'kit-commonjs',
    transform(code, id) {
      if (!id.split('?')[0]?.endsWith('/pocketbase/pb_hooks/lib/comum.js')) return null;
      return {
        code: `const module = { exports: {} };\n${code}\nexport default module.exports;\n`,
        map: null,
      };
    },
  };
}
