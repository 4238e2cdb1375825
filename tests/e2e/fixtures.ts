// Shared fixtures for the browser tests. Import `test` and `expect` from here, not from '@playwright/test':
//   import { test, expect, expectNoAxeViolations, shot } from './fixtures';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const MAX_NODES_SHOWN = 5;

/**
 * Set when the tests drive a production build against the real backend (playwright.real.config.ts: PocketBase
 * with this project's kit) instead of the demo build's in-browser backend.
 */
export const REAL_BACKEND = {
  pb: process.env.E2E_REAL_PB_URL ?? '',
  mail: process.env.E2E_REAL_MAIL_URL ?? '',
  asaas: process.env.E2E_REAL_ASAAS_URL ?? '',
};

/** Lines MSW prints about itself; harmless. */
const HARMLESS = [/^\[MSW\]/];

export interface ConsoleErrors {
  /** Every console.error / uncaught page error seen so far, harmless ones excluded. */
  readonly messages: string[];
  /** Declare an error the test expects (for example a 4xx the test provokes), so it does not fail the test. */
  allow(pattern: RegExp | string): void;
}

interface Options {
  /**
   * Demo runs: page.goto() returns only once the demo backend (a service worker) controls the page. MSW
   * reloads a page that its worker does not control yet, and a reload in the middle of a step breaks it
   * ("Execution context was destroyed"). Off for a test that must act before the scripts have started.
   */
  awaitDemoBackend: boolean;
}

interface Fixtures {
  consoleErrors: ConsoleErrors;
}

export const test = base.extend<Fixtures & Options>({
  awaitDemoBackend: [true, { option: true }],

  consoleErrors: async ({}, use) => {
    const allowed: (RegExp | string)[] = [];
    const messages: string[] = [];
    await use({
      messages,
      allow: (pattern) => {
        allowed.push(pattern);
      },
    });
    const unexpected = messages.filter(
      (message) => !allowed.some((p) => (typeof p === 'string' ? message.includes(p) : p.test(message))),
    );
    if (unexpected.length > 0) {
      throw new Error(
        `The page logged ${unexpected.length} unexpected error(s):\n${unexpected.map((m) => `  - ${m}`).join('\n')}\n` +
          'If a test provokes an error on purpose, declare it with consoleErrors.allow(/pattern/).',
      );
    }
  },

  // A page in a context of its own, opened with browser.newContext() (AxeBuilder refuses pages from
  // browser.newPage()), carrying the project's options (viewport, touch, locale...).
  page: async (
    {
      browser,
      consoleErrors,
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      userAgent,
      locale,
      timezoneId,
      colorScheme,
      serviceWorkers,
      contextOptions,
      awaitDemoBackend,
    },
    use,
  ) => {
    const context = await browser.newContext({
      ...contextOptions,
      baseURL,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      userAgent,
      locale,
      timezoneId,
      colorScheme,
      serviceWorkers,
    });
    const page = await context.newPage();
    if (awaitDemoBackend && !REAL_BACKEND.pb) {
      const goto = page.goto.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForDemoBackend(page);
        return response;
      };
    }

    page.on('console', (message) => {
      const text = message.text();
      if (message.type() !== 'error' || HARMLESS.some((pattern) => pattern.test(text))) return;
      const { url, lineNumber } = message.location();
      consoleErrors.messages.push(`console.error: ${text}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => consoleErrors.messages.push(`uncaught ${error.name}: ${error.message}`));

    await use(page);
    await context.close();
  },
});

/** Polls until a service worker controls the page; a reload on the way (MSW's) is waited out, not fatal. */
async function waitForDemoBackend(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(() => navigator.serviceWorker.controller !== null)
          .catch(() => false /* the page was reloading */),
      { message: 'the demo backend (mock service worker) never took control of the page' },
    )
    .toBe(true);
}

interface AxeOptions {
  /** CSS selectors left out of the scan (third-party widgets the app does not control). */
  exclude?: string[];
  /** Rule ids switched off, each with a reason in a comment at the call site. */
  disableRules?: string[];
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function formatViolation(violation: Violation): string {
  const nodes = violation.nodes.slice(0, MAX_NODES_SHOWN).map((node) => {
    // failureSummary reads "Fix any of the following:\n  reason\n  reason" (maybe several groups):
    // one line per group, reasons separated by ';'.
    const groups = (node.failureSummary ?? '').split(/\n(?=Fix )/).map((group) => {
      const [heading = '', ...reasons] = group.split('\n').map((line) => line.trim());
      return `${heading} ${reasons.filter(Boolean).join('; ')}`;
    });
    return [`      - ${node.target.join(' ')}`, ...groups.map((group) => `        ${group}`)].join('\n');
  });
  const more = violation.nodes.length - MAX_NODES_SHOWN;
  if (more > 0) nodes.push(`      ... and ${more} more`);
  return [
    `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}`,
    `    ${violation.helpUrl}`,
    ...nodes,
  ].join('\n');
}

/** Entrance effects (a toast sliding in, a modal fading in) are shorter than this; a toast's
 *  progress bar (its whole auto-close time) and spinners (endless) are longer. */
const ENTRANCE_EFFECT_MAX_MS = 2_000;

/**
 * Waits for the entrance animations running now to end, so axe judges the colours a user reads,
 * not a frame half-way through a fade.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async (maxMs) => {
    // Two frames first: a class just changed (a button enabled again) starts its transition on the next one.
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const entrances = document.getAnimations().filter((animation) => {
      const endTime = Number(animation.effect?.getComputedTiming().endTime ?? Infinity);
      return endTime <= maxMs;
    });
    await Promise.all(entrances.map((animation) => animation.finished.catch(() => undefined)));
  }, ENTRANCE_EFFECT_MAX_MS);
}

/** Runs axe (WCAG 2.0/2.1 A and AA, plus best practices) on the page as it is now; fails with a readable list. */
export async function expectNoAxeViolations(
  page: Page,
  label: string,
  options: AxeOptions = {},
): Promise<void> {
  await test.step(`axe: ${label}`, async () => {
    await settleAnimations(page);
    const violations = await runAxe(page, options);
    if (violations.length === 0) return;

    await test.info().attach(`axe-${label}.json`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
    const report = violations.map(formatViolation).join('\n');
    const message = `axe found ${violations.length} violation(s) on "${label}":\n${report}\n`;
    expect(violations.length, message).toBe(0);
  });
}

/** axe-core's source, the very copy @axe-core/playwright injects. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/**
 * What `new AxeBuilder({ page }).setLegacyMode(true).withTags(AXE_TAGS).analyze()` does, the same axe-core and
 * rules, without its two costs per call: the 550 KB source compiled again in every frame, and (outside legacy
 * mode) a new page opened to merge the frames' results. Each document gets the source once; `axe.run` in the
 * top document reaches the app's same-origin frames (the app loads no other origin's frames: CSP frame-src).
 * Measured on a public page: 2–5 s a call with AxeBuilder, 0.2–1.5 s this way.
 */
async function runAxe(page: Page, { exclude = [], disableRules = [] }: AxeOptions): Promise<Violation[]> {
  for (const frame of page.frames()) {
    const present = await frame
      .evaluate(() => 'axe' in window)
      .catch(() => true /* detached: nothing to test */);
    if (!present) await frame.evaluate(AXE_SOURCE);
  }
  return page.evaluate(
    async ({ tags, exclude, disableRules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document;
      const results = await axe.run(context as import('axe-core').ElementContext, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
      });
      return JSON.parse(JSON.stringify(results.violations)) as typeof results.violations;
    },
    { tags: AXE_TAGS, exclude, disableRules },
  );
}

/**
 * Saves a screenshot to test-results/<folder>/<project>-<name>.png: the full page in `screens` unless told
 * otherwise (`fullPage: false` keeps what the viewport shows, as the customer sees a modal or a notice).
 */
export async function shot(
  page: Page,
  name: string,
  { folder = 'screens', fullPage = true }: { folder?: string; fullPage?: boolean } = {},
): Promise<string> {
  const info = test.info();
  const file = path.join(info.project.outputDir, folder, `${info.project.name}-${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
