/**
 * Prerendered pages are live before their script has hydrated them. The inline boot script
 * (scripts/build/boot-script.mjs) records clicks on buttons in that window, and in the production build a press is
 * what loads the app; once React has hydrated, they are played again, so a 'Login' or 'Contratar' pressed
 * before is not lost. Links and <details> work without any script.
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
  // The page stops showing that it is waiting for the app (the boot script's bar, .app-loading in src/styles.css).
  document.querySelectorAll('.app-loading').forEach((bar) => bar.remove());
  const targets = pending;
  pending = [];
  targets.forEach((target) => {
    if (target.isConnected) target.click();
  });
}
