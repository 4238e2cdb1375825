/**
 * The demo server's environment for the guarantee (`$os.getenv`, lib/config.js garantia): on, with the demo's
 * number of windows (DEMO_GUARANTEE in demo-seed/dia.ts, which the demo's booking day marks attempts by). Any other
 * name keeps the answer it had before this file.
 */
import { DEMO_GUARANTEE } from '../../../demo-seed/dia';

const jsvm = globalThis as unknown as { $os: { getenv: (name: string) => string } };

export const GARANTIA_ENV: Readonly<Record<string, string>> = {
  GARANTIA_ATIVA: String(DEMO_GUARANTEE.ativa),
  GARANTIA_JANELAS: String(DEMO_GUARANTEE.janelas),
};

const before = jsvm.$os.getenv;
jsvm.$os.getenv = (name: string) => (Object.hasOwn(GARANTIA_ENV, name) ? GARANTIA_ENV[name]! : before(name));
