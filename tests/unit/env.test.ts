import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isExampleValue, launchCheck, parseEnv, PLACEHOLDERS } from '@/lib/env';
import { prodBuildEnv } from '../../scripts/build/prod-build-env.mjs';

const REAL = {
  VITE_API_URL: 'https://api.passaporte-italiano.com.br',
  VITE_SUPPORT_EMAIL: 'atendimento@passaporte-italiano.com.br',
  VITE_SUPPORT_WHATSAPP: '+55 11 91234-5678',
  VITE_SITE_URL: 'https://www.passaporte-italiano.com.br',
};

/** The variables .env.example sets, as written there. */
function envExample(): Record<string, string> {
  const text = readFileSync(path.join(process.cwd(), '.env.example'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^VITE_\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('environment', () => {
  it('is demo mode when VITE_API_URL is empty and uses the documented defaults', () => {
    const env = parseEnv({ VITE_API_URL: '' });
    expect(env.demo).toBe(true);
    expect(env.supportEmail).toBe(PLACEHOLDERS.VITE_SUPPORT_EMAIL);
    expect(env.company).toEqual({ legalName: null, cnpj: null, address: null });
    expect(env.dpo).toEqual({ name: null, email: null });
  });

  it('takes a real backend URL without its trailing slash', () => {
    const env = parseEnv({ VITE_API_URL: 'https://pb.example.com/' });
    expect(env).toMatchObject({ demo: false, apiUrl: 'https://pb.example.com' });
  });

  it('takes "/" as the API on the page’s own origin (the release’s layout): not the demo', () => {
    expect(parseEnv({ VITE_API_URL: '/' })).toMatchObject({ demo: false, apiUrl: '' });
    expect(launchCheck({ ...REAL, VITE_API_URL: '/' }).problems).toEqual([]);
  });

  it('reads the company identification, with the CNPJ masked', () => {
    const env = parseEnv({
      VITE_COMPANY_NAME: 'Assessoria Exemplo Ltda.',
      VITE_COMPANY_CNPJ: '11222333000181',
      VITE_COMPANY_ADDRESS: 'Rua Um, 100, São Paulo - SP, 01000-000',
      VITE_DPO_NAME: 'Ana Souza',
      VITE_DPO_EMAIL: 'privacidade@assessoria.com.br',
    });
    expect(env.company).toEqual({
      legalName: 'Assessoria Exemplo Ltda.',
      cnpj: '11.222.333/0001-81',
      address: 'Rua Um, 100, São Paulo - SP, 01000-000',
    });
    expect(env.dpo).toEqual({ name: 'Ana Souza', email: 'privacidade@assessoria.com.br' });
  });

  it.each([
    ['VITE_API_URL', 'pb.example.com'],
    ['VITE_SUPPORT_EMAIL', 'contato'],
    ['VITE_SUPPORT_WHATSAPP', 'fale conosco'],
    ['VITE_COMPANY_CNPJ', '11.222.333/0001-80'],
    ['VITE_DPO_EMAIL', 'dpo'],
  ])('stops start-up naming %s when its value is bad', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });
});

describe('example values', () => {
  it.each([
    'contato@example.com',
    'suporte@EXAMPLE.org',
    'https://www.example.net/',
    'https://forms.example.com/x',
    'https://loja.example',
    'equipe@empresa.example',
    'https://forms.gle/PLACEHOLDER',
    '+55 11 90000-0000',
    '(21) 90000-0000',
    ...Object.values(PLACEHOLDERS),
  ])('%s is an example', (value) => {
    expect(isExampleValue(value)).toBe(true);
  });

  it.each([
    'atendimento@passaporte-italiano.com.br',
    'https://www.passaporte-italiano.com.br',
    'https://counterexample.com',
    'https://example.com.br',
    '+55 11 91234-5678',
  ])('%s is not', (value) => {
    expect(isExampleValue(value)).toBe(false);
  });
});

describe('launch check (production builds)', () => {
  it('passes real values and lists the identification still to complete', () => {
    expect(launchCheck(REAL)).toEqual({
      problems: [],
      toComplete: [
        'VITE_COMPANY_NAME',
        'VITE_COMPANY_CNPJ',
        'VITE_COMPANY_ADDRESS',
        'VITE_DPO_NAME',
        'VITE_DPO_EMAIL',
      ],
    });
  });

  it.each(['VITE_SUPPORT_EMAIL', 'VITE_SUPPORT_WHATSAPP', 'VITE_SITE_URL'] as const)(
    'names %s when it is unset or an example',
    (name) => {
      const unset = launchCheck({ ...REAL, [name]: '' }).problems;
      expect(unset).toHaveLength(1);
      expect(unset[0]).toContain(name);
      const example = launchCheck({ ...REAL, [name]: PLACEHOLDERS[name] }).problems;
      expect(example).toHaveLength(1);
      expect(example[0]).toContain(name);
    },
  );

  it('refuses every address .env.example ships with', () => {
    const problems = launchCheck({ ...envExample(), VITE_API_URL: REAL.VITE_API_URL }).problems.join('\n');
    for (const name of ['VITE_SUPPORT_EMAIL', 'VITE_SUPPORT_WHATSAPP', 'VITE_SITE_URL'])
      expect(problems).toContain(name);
  });

  it('refuses an example DPO e-mail and reports a bad value as a problem', () => {
    expect(launchCheck({ ...REAL, VITE_DPO_EMAIL: 'dpo@example.com' }).problems).toEqual([
      'VITE_DPO_EMAIL ainda é um valor de exemplo: dpo@example.com',
    ]);
    expect(launchCheck({ ...REAL, VITE_SUPPORT_EMAIL: 'contato' }).problems[0]).toContain(
      'Configuração inválida em VITE_SUPPORT_EMAIL',
    );
  });

  it('the test and bench production builds pass it (scripts/build/prod-build-env.mjs)', () => {
    expect(launchCheck(prodBuildEnv('http://127.0.0.1:8090')).problems).toEqual([]);
  });
});
