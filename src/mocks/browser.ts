/** Demo mode only: the app imports this dynamically when VITE_API_URL is empty, so real builds carry none of it. */
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';
import { awaitInstallingWorker, catchFailedUpdateChecks } from './worker-handover';

export async function startDemoBackend(): Promise<ServiceWorkerRegistration | undefined> {
  catchFailedUpdateChecks();
  await awaitInstallingWorker();
  const worker = setupWorker(...handlers);
  return worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    // BASE_URL keeps the worker script reachable when the app is served under a sub-path.
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
}
