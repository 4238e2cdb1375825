/**
 * Configuration from VITE_* variables, checked at start-up: a bad value stops the app with a message
 * naming the variable. Hand-written checks (no schema library) keep this out of the first bundle's budget.
 * vite.config.ts reads it too, to refuse a production build while a contact or address is still an example
 * (launchCheck); hence relative imports with extensions: the config loads before the `@/` alias exists.
 */
import { formatCnpj, isValidCnpj } from './cnpj.ts';

type Raw = Record<string, unknown>;

class EnvError extends Error {}

/** Stand-ins until the business sets the real values (the same as .env.example); a production build refuses them. */
export const PLACEHOLDERS = {
  VITE_SUPPORT_EMAIL: 'contato@example.com',
  VITE_SUPPORT_WHATSAPP: '+55 11 90000-0000',
  VITE_SITE_URL: 'https://www.example.com',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function read(raw: Raw, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function url(raw: Raw, name: string): string | undefined {
  const value = read(raw, name);
  if (value === undefined) return undefined;
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
  } catch {
    throw new EnvError(`Configuração inválida em ${name}: precisa ser uma URL completa (https://...)`);
  }
  return value;
}

function matching(
  raw: Raw,
  name: string,
  test: RegExp | ((value: string) => boolean),
  what: string,
): string | undefined {
  const value = read(raw, name);
  const ok = (v: string) => (typeof test === 'function' ? test(v) : test.test(v));
  if (value !== undefined && !ok(value)) throw new EnvError(`Configuração inválida em ${name}: ${what}`);
  return value;
}

/** VITE_API_URL for a site served by the PocketBase it talks to (the release's layout): the page's own origin. */
export const SAME_ORIGIN = '/';

export function parseEnv(raw: Raw) {
  const sameOrigin = read(raw, 'VITE_API_URL') === SAME_ORIGIN;
  // Empty for both the demo and a same-origin build: the client then talks to the page's own origin.
  const apiUrl = sameOrigin ? '' : (url(raw, 'VITE_API_URL') ?? '').replace(/\/+$/, '');
  const cnpj = matching(raw, 'VITE_COMPANY_CNPJ', isValidCnpj, 'precisa ser um CNPJ válido');
  return {
    apiUrl,
    demo: apiUrl === '' && !sameOrigin,
    supportEmail:
      matching(raw, 'VITE_SUPPORT_EMAIL', EMAIL, 'precisa ser um e-mail') ?? PLACEHOLDERS.VITE_SUPPORT_EMAIL,
    supportWhatsapp:
      matching(
        raw,
        'VITE_SUPPORT_WHATSAPP',
        (v) => /^[\d\s()+-]+$/.test(v) && /^\d{10,15}$/.test(v.replace(/\D/g, '')),
        'precisa ser um telefone com DDD, de preferência com o código do país (+55 11 91234-5678)',
      ) ?? PLACEHOLDERS.VITE_SUPPORT_WHATSAPP,
    siteUrl: (url(raw, 'VITE_SITE_URL') ?? PLACEHOLDERS.VITE_SITE_URL).replace(/\/+$/, ''),
    /** Who sells (Decreto 7.962/2013 art. 2): null until the business sets it; pages then say so. */
    company: {
      legalName: read(raw, 'VITE_COMPANY_NAME') ?? null,
      cnpj: cnpj === undefined ? null : formatCnpj(cnpj),
      address: read(raw, 'VITE_COMPANY_ADDRESS') ?? null,
    },
    /** The data protection officer (encarregado, LGPD art. 41): null until the business names one. */
    dpo: {
      name: read(raw, 'VITE_DPO_NAME') ?? null,
      email: matching(raw, 'VITE_DPO_EMAIL', EMAIL, 'precisa ser um e-mail') ?? null,
    },
  };
}

export type Env = ReturnType<typeof parseEnv>;

/** Addresses reserved for examples (RFC 2606): example.com/.net/.org and anything under .example. */
const EXAMPLE_HOST = /(?:^|\.)(?:example\.(?:com|net|org)|example)$/i;

function hostOf(value: string): string | null {
  const at = value.lastIndexOf('@');
  if (at >= 0) return value.slice(at + 1).replace(/[>\s].*$/, '');
  try {
    return new URL(value).hostname;
  } catch {
    return null;
  }
}

const normalized = (value: string) => value.trim().toLowerCase().replace(/\/+$/, '');

/** True for a stand-in: a PLACEHOLDER mark, an example address, a default value or a phone of zeros. */
export function isExampleValue(value: string): boolean {
  if (/placeholder/i.test(value)) return true;
  if (Object.values(PLACEHOLDERS).some((p) => normalized(p) === normalized(value))) return true;
  const host = hostOf(value.trim());
  if (host !== null && EXAMPLE_HOST.test(host)) return true;
  // '+55 11 90000-0000' and its kin: a DDD followed by nothing but zeros.
  return /^(?:55)?\d{2}9?0{8}$/.test(value.replace(/\D/g, ''));
}

/** What a production build needs real values for (decisions.md: contacts and the site address). */
const LAUNCH_REQUIRED = ['VITE_SUPPORT_EMAIL', 'VITE_SUPPORT_WHATSAPP', 'VITE_SITE_URL'] as const;
/** Optional, but never an example when set. */
const LAUNCH_CHECKED_IF_SET = ['VITE_DPO_EMAIL'] as const;
/** Shown as '[a completar pela empresa]' while unset: worth a warning, not a failed build. */
const LAUNCH_TO_COMPLETE = [
  'VITE_COMPANY_NAME',
  'VITE_COMPANY_CNPJ',
  'VITE_COMPANY_ADDRESS',
  'VITE_DPO_NAME',
  'VITE_DPO_EMAIL',
] as const;

/**
 * Whether these variables can go live (vite.config.ts runs it for builds with VITE_API_URL set):
 * `problems` fail the build, each naming its variable; `toComplete` are left for the pages to mark.
 */
export function launchCheck(raw: Raw): { problems: string[]; toComplete: string[] } {
  const problems: string[] = [];
  try {
    parseEnv(raw);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    problems.push(error.message);
  }
  for (const name of LAUNCH_REQUIRED) {
    const value = read(raw, name);
    if (value === undefined)
      problems.push(`${name} não está definida (o padrão, ${PLACEHOLDERS[name]}, é um exemplo)`);
    else if (isExampleValue(value)) problems.push(`${name} ainda é um valor de exemplo: ${value}`);
  }
  for (const name of LAUNCH_CHECKED_IF_SET) {
    const value = read(raw, name);
    if (value !== undefined && isExampleValue(value))
      problems.push(`${name} ainda é um valor de exemplo: ${value}`);
  }
  return { problems, toComplete: LAUNCH_TO_COMPLETE.filter((name) => read(raw, name) === undefined) };
}

function load(): { env: Env; envError: string | null } {
  // `?? {}`: vite.config.ts imports this module in Node, where there is no import.meta.env.
  const raw: Raw = import.meta.env ?? {};
  try {
    return { env: parseEnv(raw), envError: null };
  } catch (error) {
    return { env: parseEnv({}), envError: error instanceof Error ? error.message : String(error) };
  }
}

export const { env, envError } = load();
