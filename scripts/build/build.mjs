// @ts-check
// The two builds the measuring scripts need, made with `npm run build` into dist/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { prodBuildEnv } from './prod-build-env.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const BUILDS = {
  // What visitors load: no demo code. A placeholder backend unless one is given: signed out, the public pages
  // call no API.
  // Real-looking contacts and addresses (scripts/build/prod-build-env.mjs), so the launch check lets it build.
  production: prodBuildEnv(process.env.VITE_API_URL || 'http://127.0.0.1:9'),
  // The in-browser demo backend with its seeded data.
  demo: { VITE_API_URL: '' },
};

/**
 * Runs `npm run build` for `kind` (a key of BUILDS); throws if it fails. Build output goes to stderr only.
 * @param {keyof typeof BUILDS} kind
 */
export function build(kind) {
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...BUILDS[kind] },
  });
  if (result.status !== 0) throw new Error(`the ${kind} build (npm run build) failed`);
}
