import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { setBackendReady } from '@/lib/backend-ready';
import { resetDb } from '@/mocks/db';
import { server } from './helpers/server';

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
