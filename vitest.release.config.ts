/// <reference types="vitest/config" />
// The release tier: `npm run release`'s archive installed by deploy/install.sh into a temporary root (no systemd,
// no TLS), its service started, a smoke test of the installed product, then the upgrade path and its rollback.
// Needs a same-origin build in dist/ (`npm run test:e2e:real` leaves one). tests/release/global-setup.ts.
import { defineConfig } from 'vite';
import server from './vitest.server.config';

export default defineConfig({
  ...server,
  test: {
    ...server.test,
    include: ['tests/release/**/*.test.ts'],
    globalSetup: ['tests/release/global-setup.ts'],
  },
});
