import { z } from 'zod/mini';

const url = (name: string) =>
  z.string().check(
    z.refine((v) => {
      try {
        new URL(v);
        return true;
      } catch {
        return false;
      }
    }, `${name} precisa ser uma URL completa (https://...)`),
  );

const envSchema = z.object({
  VITE_API_URL: z.optional(z.union([z.literal(''), url('VITE_API_URL')])),
  VITE_IP_LOOKUP_URL: z.optional(url('VITE_IP_LOOKUP_URL')),
  VITE_DOCUMENTS_FORM_URL: z.optional(url('VITE_DOCUMENTS_FORM_URL')),
  VITE_SUPPORT_EMAIL: z.optional(z.email('VITE_SUPPORT_EMAIL precisa ser um e-mail')),
  VITE_SUPPORT_WHATSAPP: z.optional(z.string()),
  VITE_SITE_URL: z.optional(url('VITE_SITE_URL')),
  VITE_HOLDER_POSTAL_CODE: z.optional(z.string().check(z.regex(/^\d{5}-?\d{3}$/, 'VITE_HOLDER_POSTAL_CODE precisa ser um CEP'))),
  VITE_HOLDER_ADDRESS_NUMBER: z.optional(z.string()),
});

/** Blank values count as unset, so `.env.example` can be copied as it is. */
function clean(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([k, v]) => k === 'VITE_API_URL' || v !== ''));
}

export function parseEnv(raw: Record<string, unknown>) {
  const result = envSchema.safeParse(clean(raw));
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'configuração');
    throw new Error(`Configuração inválida em ${variable}: ${issue?.message ?? 'valor inválido'}`);
  }
  const e = result.data;
  const apiUrl = (e.VITE_API_URL ?? '').replace(/\/+$/, '');
  return {
    apiUrl,
    demo: apiUrl === '',
    ipLookupUrl: e.VITE_IP_LOOKUP_URL ?? 'https://api.ipify.org?format=json',
    documentsFormUrl: e.VITE_DOCUMENTS_FORM_URL ?? 'https://forms.example.com/enviar-documentos-PLACEHOLDER',
    supportEmail: e.VITE_SUPPORT_EMAIL ?? 'contato@example.com',
    supportWhatsapp: e.VITE_SUPPORT_WHATSAPP ?? '+55 11 90000-0000',
    siteUrl: (e.VITE_SITE_URL ?? 'https://www.example.com').replace(/\/+$/, ''),
    holderPostalCode: (e.VITE_HOLDER_POSTAL_CODE ?? '01310-100').replace('-', ''),
    holderAddressNumber: e.VITE_HOLDER_ADDRESS_NUMBER ?? '1000',
  };
}

export type Env = ReturnType<typeof parseEnv>;

/** A bad value must stop start-up with a message naming the variable; main.tsx shows it. */
function load(): { env: Env; envError: string | null } {
  try {
    return { env: parseEnv(import.meta.env), envError: null };
  } catch (error) {
    return { env: parseEnv({}), envError: error instanceof Error ? error.message : String(error) };
  }
}

export const { env, envError } = load();
