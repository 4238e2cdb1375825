import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { chromePath, chromiumArgs } from './scripts/test/chromium.mjs';

// The kit's rules modules require one another from `__hooks`, the kit's pb_hooks folder, as PocketBase's JSVM
// gives it: specs that import one (calendario.js, csv_agendamentos.js) run it in Node with the same global.
(globalThis as { __hooks?: string }).__hooks ??= fileURLToPath(
  new URL('./pocketbase/pb_hooks', import.meta.url),
);

// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Debian's Chromium instead of `playwright install`.
const launchOptions = { executablePath: chromePath, args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  // By folder: the demo's journeys and the public pages' (shared/); those that need the real backend
  // (real/) run in playwright.real.config.ts. A new spec joins its tier by the folder it is written in.
  testMatch: ['demo/**/*.spec.ts', 'shared/**/*.spec.ts'],
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // Headroom for a loaded 2-core CI machine: a wait may take longer, never a different outcome.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the film strip of
    // screenshots: encoding a frame at every change cost a third of the tier's wall time on 2 cores, and the
    // failure's own screenshot (below) is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  // The demo tier runs each journey at its user's width: a customer's on a 390 px phone, staff's (tagged @staff)
  // at 1280 px; a test tagged @both-widths drives both itself and runs once. The real-server tier
  // (playwright.real.config.ts) has the same projects. Desktop first: its few journeys are the longest (staff's
  // review, booking day), and started last they left one worker alone for the tier's last minute.
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grep: /@staff|@both-widths/ },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grepInvert: /@staff|@both-widths/,
    },
  ],
  // Serves the already-built `dist/` (npm test runs `npm run build:demo` first).
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
