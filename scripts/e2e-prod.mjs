// Builds the app for production against the stand-in server (no demo code in it) and runs the browser tests
// against that build (playwright.prod.config.ts). Leaves dist/ holding the production build.
import { spawnSync } from 'node:child_process';

const STAND_IN = 'http://127.0.0.1:8090';
const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', [
  'vite',
  'build',
  '--ssr',
  'src/mocks/stand-in-server.ts',
  '--outDir',
  '.standin',
  '--emptyOutDir',
]);
run('npm', ['run', 'build'], { VITE_API_URL: STAND_IN, VITE_IP_LOOKUP_URL: `${STAND_IN}/ip` });
run('node', ['scripts/e2e.mjs', '--config', 'playwright.prod.config.ts', ...process.argv.slice(2)]);
