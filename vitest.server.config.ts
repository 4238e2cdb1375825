/// <reference types="vitest/config" />
// The real-server tier: a real PocketBase with this project's kit (pocketbase/), the Asaas stand-in and an
// SMTP capture, started once by tests/server/global-setup.ts. Files run one after another on one server.
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { kitModule } from './scripts/build/kit-module.ts';

export default defineConfig({
  define: { __DEMO__: 'true' },
  plugins: [kitModule()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    include: ['tests/server/**/*.test.ts'],
    globalSetup: ['tests/server/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What Asaas's webhooks and the after-commit work write arrives a moment after the call that caused it; on a
    // busy machine (npm test runs this tier in two halves side by side) that moment can pass vitest's default 1 s.
    expect: { poll: { timeout: 5_000 } },
  },
});
