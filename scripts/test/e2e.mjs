// @ts-check
// Runs the Playwright browser tests against the built app: `node scripts/test/e2e.mjs [playwright args...]`.
// A script rather than a bare `playwright test` so that CHROME_PATH gets its default (Debian's Chromium)
// and the missing-build case fails with a clear message.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' };

if (!existsSync(env.CHROME_PATH)) {
  console.error(`e2e: no browser at ${env.CHROME_PATH}. Install it with: apt-get install -y chromium`);
  process.exit(1);
}
if (!existsSync(new URL('../../dist/index.html', import.meta.url))) {
  console.error('e2e: dist/index.html is missing. Build the demo first: npm run build:demo');
  process.exit(1);
}

const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});

// Pass Ctrl-C / CI cancellation on to Playwright so it can stop its web server.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => child.kill(signal));
}

child.on('error', (error) => {
  console.error(`e2e: could not start Playwright: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
