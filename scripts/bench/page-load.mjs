// @ts-check
// How the measuring scripts (budget, bench) load a page in Chromium: on which phone, on which network, and how
// long they wait for it to settle.
import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';

/** @typedef {import('playwright-core').Page} Page */

const screen = screenEmulationMetrics.mobile;

/** Lighthouse's phone (a Moto G Power: 412x823 at 1.75x, touch), as Playwright context options. */
export const PHONE = {
  viewport: { width: screen.width, height: screen.height },
  deviceScaleFactor: screen.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: userAgents.mobile,
  locale: 'pt-BR',
};

/**
 * Applies Lighthouse's slow 4G (the request latency and throughput its DevTools throttling uses: 562.5 ms,
 * 1.4 Mbps down) and a 4x CPU slowdown to a Playwright page, in the browser itself (not simulated afterwards).
 * @param {Page} page
 */
export async function throttle(page) {
  const { requestLatencyMs, downloadThroughputKbps, uploadThroughputKbps, cpuSlowdownMultiplier } =
    throttling.mobileSlow4G;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: requestLatencyMs,
    downloadThroughput: (downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdownMultiplier });
}

/** Slow 4G and 4x CPU, in words, for reports. */
export const THROTTLING_LABEL = `slow 4G (${throttling.mobileSlow4G.requestLatencyMs} ms, ${(
  throttling.mobileSlow4G.downloadThroughputKbps / 1024
).toFixed(
  1,
)} Mbps), ${throttling.mobileSlow4G.cpuSlowdownMultiplier}x CPU slowdown, ${screen.width}x${screen.height} phone`;

/**
 * Resolves once no request has been in flight for `quietMs` and then none has started for `settleMs` more
 * ("network idle and a second more"); a request that starts in that second (a chunk imported on idle) restarts
 * the wait. Listens from the moment it is called: call it before `page.goto`. Gives up after `timeoutMs`.
 * @param {Page} page
 * @param {{ quietMs?: number, settleMs?: number, timeoutMs?: number }} [options]
 */
export async function waitForQuiet(page, { quietMs = 500, settleMs = 1000, timeoutMs = 60_000 } = {}) {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight++;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight--;
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeoutMs;
    while (inFlight > 0 || Date.now() - lastChange < quietMs + settleMs) {
      if (Date.now() > deadline) throw new Error(`the network did not go quiet within ${timeoutMs / 1000} s`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
