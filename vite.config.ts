/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { kitModule } from './scripts/build/kit-module.ts';
import { launchCheck } from './src/lib/env.ts';

/**
 * A production build (VITE_API_URL set) goes live: it may not carry an example contact or address
 * (decisions.md). Fails naming each variable; what the pages mark '[a completar pela empresa]' is a warning.
 */
function checkLaunch(env: Record<string, string>): void {
  const { problems, toComplete } = launchCheck(env);
  if (problems.length > 0) {
    throw new Error(
      `Build de produção recusado (VITE_API_URL está definida):\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Defina os valores reais no ambiente ou no .env (README, "Configuração").',
    );
  }
  if (toComplete.length > 0) {
    console.warn(
      `Aviso: ${toComplete.join(', ')} sem valor; as páginas mostram "[a completar pela empresa]" no lugar.`,
    );
  }
}

/**
 * A production build ships nothing of the demo: its MSW service worker (public/mockServiceWorker.js) and its files
 * (public/demo/: the example invoice PDF the demo's invoices link to), copied with the rest of public/, are taken
 * out of its output.
 */
function withoutDemoFiles(): Plugin {
  let outDir = '';
  return {
    name: 'without-demo-files',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      rmSync(path.join(outDir, 'mockServiceWorker.js'), { force: true });
      rmSync(path.join(outDir, 'demo'), { recursive: true, force: true });
    },
  };
}

/** The public wait page's script (src/features/catalog/wait-page-script.ts), an entry of its own. */
const WAIT_ENTRY = 'src/features/catalog/wait-page-script.ts';
const WAIT_ENTRY_NAME = 'espera-pagina';

// Tests run in São Paulo, where staff and customers are, unless TZ says otherwise (`npm run test:unit` runs
// the unit tests once more in Tokyo, ahead of UTC). Set before vitest starts its workers, which inherit it.
process.env.TZ ??= 'America/Sao_Paulo';

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // loadEnv gives variables already in the environment priority over .env files.
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const apiUrl = env.VITE_API_URL ?? '';
  // The client build is what ships; the prerender's SSR build of the same sources need not say it twice.
  if (command === 'build' && !isSsrBuild && apiUrl.trim() !== '') checkLaunch(env);
  return {
    // Demo code (the MSW stand-in) is compiled out of builds that name a real backend.
    define: { __DEMO__: JSON.stringify(apiUrl.trim() === '') },
    plugins: [
      react(),
      tailwindcss(),
      kitModule(),
      ...(command === 'build' && !isSsrBuild && apiUrl.trim() !== '' ? [withoutDemoFiles()] : []),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: {
      target: 'es2022',
      sourcemap: false,
      // The client build has a second entry: the public wait page's own small script (issue #28), which the
      // prerender adds to that page only, found through the manifest (scripts/build/prerender.mjs, which removes it).
      ...(command === 'build' && !isSsrBuild
        ? {
            manifest: true,
            rolldownOptions: { input: { index: 'index.html', [WAIT_ENTRY_NAME]: WAIT_ENTRY } },
          }
        : {}),
    },
    server: { host: '127.0.0.1', port: 5173 },
    preview: { host: '127.0.0.1', port: 4173 },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./tests/setup.ts'],
      include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
      environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
      testTimeout: 15000,
    },
  };
});
