// @ts-check
// Builds the app for production in the release's layout (the API on the site's own origin, VITE_API_URL=/; no demo
// code in the build) and runs playwright.real.config.ts against it: one PocketBase (127.0.0.1:8091, or
// E2E_REAL_PB_PORT) with this project's kit serving that build and the API. Leaves dist/ holding that build.
// With PROD_DIST set (npm test: scripts/test/test-all.mjs made that build once, for every tier that needs it) it tests
// that folder and builds nothing.
import { spawnSync } from 'node:child_process';
import { pocketbaseBinary } from '../backend/pocketbase-server.mjs';
import { prodBuildEnv } from '../build/prod-build-env.mjs';
import { SAME_ORIGIN } from '../build/release.mjs';

// Fails loudly, before building, when the pinned PocketBase is missing.
pocketbaseBinary();
/** @type {(cmd: string, args: string[], env?: Record<string, string>) => void} */
const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (!process.env.PROD_DIST) run('npm', ['run', 'build'], prodBuildEnv(SAME_ORIGIN));
run('node', ['scripts/test/e2e.mjs', '--config', 'playwright.real.config.ts', ...process.argv.slice(2)]);
