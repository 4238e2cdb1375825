/**
 * Prerendered pages are live before their script has hydrated them. The inline boot script
 * (scripts/prerender.mjs) records clicks on buttons in that window; once React has hydrated, they are played
 * again, so a quick 'Login' or 'Contratar' is not lost. Links and <details> work without any script.
 */
declare global {
  interface Window {
    __earlyClicks?: { targets: HTMLElement[]; stop: () => void };
  }
}

let pending: HTMLElement[] = [];

/** Stops recording (React takes over the events from here) and keeps what was clicked. */
export function takeEarlyClicks() {
  const early = typeof window === 'undefined' ? undefined : window.__earlyClicks;
  if (!early) return;
  early.stop();
  pending = early.targets.slice();
  delete window.__earlyClicks;
}

/** Called once the hydrated tree has committed. */
export function replayEarlyClicks() {
  const targets = pending;
  pending = [];
  targets.forEach((target) => {
    if (target.isConnected) target.click();
  });
}
