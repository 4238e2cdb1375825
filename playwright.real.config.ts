import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import base from './playwright.config';

/**
 * The browser tests of a production build (no demo code) against the real backend in the release's layout: one
 * PocketBase with this project's kit serving the build from its public directory (SITE_DIR=dist) and the API on
 * one origin, seeded with the demo data, with the Asaas stand-in and the SMTP capture (scripts/backend/backend.mjs).
 * The journeys of tests/e2e/real/ (server.spec.ts, every charge outcome in checkout.spec.ts, ...) and the public
 * pages' tests (tests/e2e/shared/). Run by scripts/test/e2e-real.mjs.
 */
// E2E_REAL_PB_PORT, E2E_REAL_MAIL_PORT and E2E_REAL_ASAAS_PORT let two checkouts run this tier side by side.
export const REAL = {
  pb: Number(process.env.E2E_REAL_PB_PORT ?? 8091),
  mail: Number(process.env.E2E_REAL_MAIL_PORT ?? 8026),
  asaas: Number(process.env.E2E_REAL_ASAAS_PORT ?? 8092),
};
process.env.E2E_REAL_PB_URL = `http://127.0.0.1:${REAL.pb}`;
process.env.E2E_REAL_MAIL_URL = `http://127.0.0.1:${REAL.mail}`;
process.env.E2E_REAL_ASAAS_URL = `http://127.0.0.1:${REAL.asaas}`;

export default defineConfig({
  ...base,
  use: { ...base.use, baseURL: process.env.E2E_REAL_PB_URL },
  // By folder (tests/e2e/real/ and the public pages' shared/): a new real-server spec joins by being written there.
  testMatch: ['real/**/*.spec.ts', 'shared/**/*.spec.ts'],
  testIgnore: [],
  // Its own folder: the demo tier, which may run at the same time (npm test), empties test-results/ as it starts.
  outputDir: 'test-results-real',
  // Each journey once, at its user's width, as in the demo tier (base.projects): a customer's on a 390 px phone,
  // staff's (tagged @staff) at 1280 px; one that drives both widths itself (@both-widths) once.
  webServer: [
    {
      command: 'node scripts/backend/backend.mjs --fresh',
      env: {
        PB_PORT: String(REAL.pb),
        PB_DATA_DIR: '.pocketbase-e2e',
        MAIL_HTTP_PORT: String(REAL.mail),
        ASAAS_STANDIN_PORT: String(REAL.asaas),
        // Short, so that a charge without an answer ('4000 0000 0000 0044') turns unknown within a test.
        ASAAS_TIMEOUT_S: '5',
        // ...and Asaas lists it (confirmed) 25 s after it was sent: time to see it unknown on another device.
        ASAAS_NO_ANSWER_MS: '25000',
        // A Pix is paid when a test says so (real/checkout.spec.ts), never behind its back.
        PIX_AUTO_PAY_MS: '0',
        APP_URL: process.env.E2E_REAL_PB_URL,
        SITE_DIR: path.resolve(process.env.PROD_DIST ?? fileURLToPath(new URL('./dist', import.meta.url))),
        // Every journey comes from 127.0.0.1: the per-IP limits (registrations, logins, payments) are
        // multiplied so that the suite is not one abusive client. The server tier tests the real figures.
        RATE_LIMIT_SCALE: '100',
        // Paid orders get their service invoice (NFS-e) from the stand-in (real/money.spec.ts).
        NFSE_ATIVA: 'true',
      },
      wait: { stdout: /Now, in another terminal/ },
      stdout: 'pipe',
      reuseExistingServer: false,
      timeout: 90_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
