/**
 * In demo mode the in-browser backend (a service worker) starts after the first paint;
 * API calls wait for it here instead of delaying the page.
 */
let markReady: () => void = () => undefined;
export const backendReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function setBackendReady() {
  markReady();
}
