import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The same browser tests against a production build (no demo code) that talks to the stand-in HTTP server
 * (src/mocks/stand-in-server.ts) the way it would talk to PocketBase: over the network, with CORS.
 * One worker, because every test resets the one shared server. Run by scripts/e2e-prod.mjs.
 */
const STAND_IN_PORT = 8090;
process.env.E2E_STAND_IN_URL = `http://127.0.0.1:${STAND_IN_PORT}`;

export default defineConfig({
  ...base,
  workers: 1,
  projects: base.projects?.filter((project) => project.name === 'desktop'),
  webServer: [
    {
      command: `node .standin/stand-in-server.js`,
      env: { STAND_IN_PORT: String(STAND_IN_PORT) },
      url: `http://127.0.0.1:${STAND_IN_PORT}/ip`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...(Array.isArray(base.webServer) ? base.webServer : base.webServer ? [base.webServer] : []),
  ],
});
