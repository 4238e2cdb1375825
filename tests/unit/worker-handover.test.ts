// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { awaitInstallingWorker, catchFailedUpdateChecks } from '../../src/mocks/worker-handover';

type WorkerState = ServiceWorkerState;

/** A ServiceWorkerContainer with just what the handover reads: controller, registrations, controllerchange. */
function fakeContainer(
  registrations: Array<{ installing?: boolean; waiting?: boolean; active?: WorkerState }>,
) {
  const target = new EventTarget() as EventTarget & { controller: object | null };
  target.controller = null;
  const regs = registrations.map((r) => ({
    installing: r.installing ? {} : null,
    waiting: r.waiting ? {} : null,
    active: r.active ? { state: r.active } : null,
  }));
  return Object.assign(target, {
    getRegistrations: () => Promise.resolve(regs),
    claim() {
      target.controller = {};
      target.dispatchEvent(new Event('controllerchange'));
    },
  });
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('awaitInstallingWorker (demo mode)', () => {
  afterEach(() => vi.useRealTimers());

  it('returns at once on a first visit, with no worker registered', async () => {
    vi.useFakeTimers();
    const container = fakeContainer([]);
    expect(await settled(awaitInstallingWorker(container as unknown as ServiceWorkerContainer))).toBe(true);
  });

  it('returns at once when the worker already controls the page', async () => {
    vi.useFakeTimers();
    const container = fakeContainer([{ installing: true }]);
    container.controller = {};
    expect(await settled(awaitInstallingWorker(container as unknown as ServiceWorkerContainer))).toBe(true);
  });

  it('returns at once after a hard reload (an active worker that does not control the page)', async () => {
    vi.useFakeTimers();
    const container = fakeContainer([{ active: 'activated' }]);
    expect(await settled(awaitInstallingWorker(container as unknown as ServiceWorkerContainer))).toBe(true);
  });

  it.each([
    ['still being registered (no worker yet)', {}],
    ['installing', { installing: true }],
    ['waiting', { waiting: true }],
    ['activating', { active: 'activating' as WorkerState }],
  ])('waits while the worker is %s and goes on when it claims the page', async (_, registration) => {
    vi.useFakeTimers();
    const container = fakeContainer([registration]);
    const waiting = awaitInstallingWorker(container as unknown as ServiceWorkerContainer, 5_000);
    expect(await settled(waiting)).toBe(false);
    container.claim();
    expect(await settled(waiting)).toBe(true);
  });

  it('gives up after the time limit, leaving MSW to reload', async () => {
    vi.useFakeTimers();
    const container = fakeContainer([{ installing: true }]);
    const waiting = awaitInstallingWorker(container as unknown as ServiceWorkerContainer, 5_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});

describe('a failed check for a newer mock worker', () => {
  it('is caught, not reported as an uncaught error, and the caller still sees it fail', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failure = new TypeError('Failed to update a ServiceWorker for scope: Not found');
      const registration = { update: () => Promise.reject(failure) };
      catchFailedUpdateChecks(registration as unknown as ServiceWorkerRegistration);
      // MSW calls update() and drops the promise.
      void registration.update();
      const awaited = registration.update();
      await expect(awaited).rejects.toBe(failure);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
