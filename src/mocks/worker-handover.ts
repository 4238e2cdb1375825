/** Demo mode only: the page waits for a mock worker that is still installing instead of being reloaded. */

/** How long a page waits for a demo worker that an earlier page is still installing. */
const WORKER_HANDOVER_MS = 5_000;

/**
 * MSW reloads the page when its worker is registered but does not control the page. That is right after a
 * hard reload, but it also happens when the page before this one registered the worker a moment ago and it
 * is still installing; the worker claims every open page as it activates, so this waits for that instead
 * of reloading the page under the visitor.
 */
export async function awaitInstallingWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  timeoutMs = WORKER_HANDOVER_MS,
): Promise<void> {
  if (!container || container.controller) return;
  let stopWaiting = () => {};
  const claimed = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    const onChange = () => resolve();
    container.addEventListener('controllerchange', onChange, { once: true });
    stopWaiting = () => {
      clearTimeout(timer);
      container.removeEventListener('controllerchange', onChange);
    };
  });
  const registrations = await container.getRegistrations();
  // A registration with no active, activated worker is still on its way: being registered (no worker yet),
  // installing, waiting or activating. Only an activated worker that does not control the page (a hard
  // reload) is left to MSW's reload.
  const installing = registrations.some(
    (registration) => registration.active === null || registration.active.state !== 'activated',
  );
  if (installing && !container.controller) await claimed;
  stopWaiting();
}

/**
 * MSW asks the browser to look for a newer worker script and drops the answer. When that check fails (the
 * page is being left, the registration was just replaced), the browser reports an uncaught 'Failed to update
 * a ServiceWorker' although the worker in place goes on serving: the failed check is caught here.
 */
export function catchFailedUpdateChecks(
  registration: Pick<ServiceWorkerRegistration, 'update'> = ServiceWorkerRegistration.prototype,
): void {
  const update = registration.update;
  registration.update = function (this: ServiceWorkerRegistration) {
    const check = update.call(this);
    check.catch(() => undefined);
    return check;
  };
}
