/**
 * `$os.getenv` in the demo: the demo's settings the kit reads from the server's environment (the guarantee on
 * with demo-seed/dia.ts DEMO_GUARANTEE's windows, as the demo's /termos states it); anything else unset ('').
 */
import { DEMO_GUARANTEE } from '../../../demo-seed/dia';

const DEMO_ENV: Readonly<Record<string, string>> = {
  GARANTIA_ATIVA: String(DEMO_GUARANTEE.ativa),
  GARANTIA_JANELAS: String(DEMO_GUARANTEE.janelas),
};

export const getenv = (name: string): string => DEMO_ENV[name] ?? '';
