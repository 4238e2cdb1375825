// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfigFromFile, type ConfigEnv } from 'vite';
import { prodBuildEnv } from '../../scripts/build/prod-build-env.mjs';

const build: ConfigEnv = { command: 'build', mode: 'production', isSsrBuild: false, isPreview: false };
const REAL = prodBuildEnv('https://api.passaporte-italiano.com.br');

/** Loads vite.config.ts as `vite build` does; the variables come from the environment (stubbed here). */
async function load(env: ConfigEnv, vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  const loaded = await loadConfigFromFile(env, 'vite.config.ts', process.cwd(), 'silent');
  return loaded?.config;
}

describe('vite.config.ts launch check', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('fails a production build whose support e-mail is still the example, naming the variable', async () => {
    await expect(load(build, { ...REAL, VITE_SUPPORT_EMAIL: 'contato@example.com' })).rejects.toThrow(
      /VITE_SUPPORT_EMAIL ainda é um valor de exemplo/,
    );
  });

  it('fails a production build with the contacts left unset', async () => {
    const unset = {
      VITE_SUPPORT_EMAIL: '',
      VITE_SUPPORT_WHATSAPP: '',
      VITE_SITE_URL: '',
    };
    await expect(load(build, { ...REAL, ...unset })).rejects.toThrow(
      /VITE_SUPPORT_WHATSAPP não está definida/,
    );
  });

  it('builds with real values, warning about the identification still to complete', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect((await load(build, REAL))?.define).toEqual({ __DEMO__: 'false' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('VITE_COMPANY_CNPJ'));
  });

  it("takes the demo's service worker and files out of a production build only", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const names = async (vars: Record<string, string>) =>
      ((await load(build, vars))?.plugins ?? []).flat().map((p) => (p && 'name' in p ? p.name : ''));
    expect(await names(REAL)).toContain('without-demo-files');
    expect(await names({ ...REAL, VITE_API_URL: '' })).not.toContain('without-demo-files');
  });

  it('leaves the demo build, the dev server and the prerender SSR build alone', async () => {
    const examples = { VITE_SUPPORT_EMAIL: 'contato@example.com' };
    expect((await load(build, { ...examples, VITE_API_URL: '' }))?.define).toEqual({ __DEMO__: 'true' });
    await expect(load({ ...build, command: 'serve' }, { ...REAL, ...examples })).resolves.toBeDefined();
    await expect(load({ ...build, isSsrBuild: true }, { ...REAL, ...examples })).resolves.toBeDefined();
  });
});
