import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setBackendReady } from '@/lib/backend-ready';
import { resetDb } from '@/mocks/db';
import { server } from './helpers/server';

// findBy*/waitFor wait up to 5 s (not 1 s): a loaded 2-core CI machine can take that long to load a lazy
// route in jsdom. Only the wait is longer; what must appear is the same.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout: record scroll requests so tests can assert them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();

// Every test talks to the same stand-in as the demo: the PocketBase + Asaas handlers over msw/node.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setBackendReady();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetDb();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
