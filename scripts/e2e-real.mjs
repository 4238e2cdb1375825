// Builds the app for production against the real backend of the browser tests (PocketBase on 127.0.0.1:8091,
// or E2E_REAL_PB_PORT, with this project's kit; no demo code in the build) and runs playwright.real.config.ts against it.
// Leaves dist/ holding that production build.
import { spawnSync } from 'node:child_process';
import { pocketbaseBinary } from './pocketbase-server.mjs';
import { prodBuildEnv } from './prod-build-env.mjs';

// Fails loudly, before building, when the pinned PocketBase is missing.
pocketbaseBinary();
const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npm', ['run', 'build'], prodBuildEnv(`http://127.0.0.1:${process.env.E2E_REAL_PB_PORT ?? 8091}`));
run('node', ['scripts/e2e.mjs', '--config', 'playwright.real.config.ts', ...process.argv.slice(2)]);
