import { afterEach, vi } from 'vitest';

// Most unit tests are pure logic and run in node (`// @vitest-environment node` at their top): they skip the
// DOM, the demo double and msw, which cost about a second per file to set up. The rest get all of it.
if (typeof window !== 'undefined') await import('./setup-dom');

afterEach(() => {
  vi.useRealTimers();
});
