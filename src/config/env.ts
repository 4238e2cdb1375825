/**
 * Configuration from VITE_* variables, checked at start-up: a bad value stops the app with a message
 * naming the variable. Hand-written checks (no schema library) keep this out of the first bundle's budget.
 */
type Raw = Record<string, unknown>;

class EnvError extends Error {}

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

function matching(raw: Raw, name: string, pattern: RegExp, what: string): string | undefined {
  const value = read(raw, name);
  if (value !== undefined && !pattern.test(value))
    throw new EnvError(`Configuração inválida em ${name}: ${what}`);
  return value;
}

export function parseEnv(raw: Raw) {
  const apiUrl = (url(raw, 'VITE_API_URL') ?? '').replace(/\/+$/, '');
  return {
    apiUrl,
    demo: apiUrl === '',
    ipLookupUrl: url(raw, 'VITE_IP_LOOKUP_URL') ?? 'https://api.ipify.org?format=json',
    documentsFormUrl:
      url(raw, 'VITE_DOCUMENTS_FORM_URL') ?? 'https://forms.example.com/enviar-documentos-PLACEHOLDER',
    supportEmail:
      matching(raw, 'VITE_SUPPORT_EMAIL', /^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'precisa ser um e-mail') ??
      'contato@example.com',
    supportWhatsapp: read(raw, 'VITE_SUPPORT_WHATSAPP') ?? '+55 11 90000-0000',
    siteUrl: (url(raw, 'VITE_SITE_URL') ?? 'https://www.example.com').replace(/\/+$/, ''),
    holderPostalCode: (
      matching(raw, 'VITE_HOLDER_POSTAL_CODE', /^\d{5}-?\d{3}$/, 'precisa ser um CEP (00000-000)') ??
      '01310-100'
    ).replace('-', ''),
    holderAddressNumber: read(raw, 'VITE_HOLDER_ADDRESS_NUMBER') ?? '1000',
  };
}

export type Env = ReturnType<typeof parseEnv>;

function load(): { env: Env; envError: string | null } {
  try {
    return { env: parseEnv(import.meta.env), envError: null };
  } catch (error) {
    return { env: parseEnv({}), envError: error instanceof Error ? error.message : String(error) };
  }
}

export const { env, envError } = load();
