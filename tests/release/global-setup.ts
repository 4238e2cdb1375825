// Packages dist/ (or PROD_DIST, the copy scripts/test/test-all.mjs made) with `npm run release`'s code, installs the archive with deploy/install.sh into a temporary root
// (no systemd, no TLS) and starts the installed service, wired to an SMTP capture and the Asaas stand-in, whose
// webhook carries the token install.sh generated. The smoke test then talks to it like the real tier's helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAsaasStandIn } from '../../scripts/backend/asaas-stand-in.mjs';
import { startMailCapture } from '../../scripts/backend/mail-capture.mjs';
import { freePort } from '../../scripts/backend/pocketbase-server.mjs';
import { TEST_ASAAS_KEY } from '../../scripts/backend/real-backend.mjs';
import { release } from '../../scripts/build/release.mjs';
import { extract, install, installation, installedEnv, stopInstalled } from './install';

// pbUrl, mailUrl, asaasUrl and superuser as tests/server/global-setup.ts declares them, for its helpers.
declare module 'vitest' {
  export interface ProvidedContext {
    archive: string;
    releaseDir: string;
    installOutput: string;
  }
}

export const SUPERUSER = { email: 'dono@passaporte-italiano.test', password: 'senha-do-dono-123' };

export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(tmpdir(), 'release-tier-'));
  const { archive, dir } = release({
    dist: path.resolve(process.env.PROD_DIST ?? 'dist'),
    out: work,
    version: 'teste',
  });
  const target = installation(path.join(work, 'raiz'), await freePort());
  const mail = await startMailCapture();
  const asaasPort = await freePort();
  const { status, output } = install(extract(archive), target, {
    DOMINIO: 'www.passaporte-italiano.test',
    APP_URL: target.url,
    ASAAS_API_KEY: TEST_ASAAS_KEY,
    ASAAS_AMBIENTE: 'sandbox',
    ASAAS_API_URL: `http://127.0.0.1:${asaasPort}/v3`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.smtpPort),
    MAIL_SENDER_ADDRESS: 'nao-responda@passaporte-italiano.test',
    MAIL_SENDER_NAME: 'Passaporte Italiano',
    ADMIN_EMAIL: SUPERUSER.email,
    ADMIN_SENHA: SUPERUSER.password,
    // The helpers give each customer an address of their own (as a proxy would), so the rate limits apply per
    // customer as they would in production.
    TRUSTED_PROXY_HEADER: 'X-Forwarded-For',
  });
  console.log(output);
  if (status !== 0) {
    stopInstalled(target);
    await mail.close();
    throw new Error(`install.sh failed (${status})`);
  }
  const asaas = await startAsaasStandIn({
    port: asaasPort,
    apiKey: TEST_ASAAS_KEY,
    webhook: {
      url: `${target.url}/payments/asaas/webhook`,
      token: installedEnv(target, 'ASAAS_WEBHOOK_TOKEN'),
    },
  });
  project.provide('pbUrl', target.url);
  project.provide('mailUrl', mail.httpUrl);
  project.provide('asaasUrl', asaas.url.replace(/\/v3$/, ''));
  project.provide('superuser', SUPERUSER);
  project.provide('archive', archive);
  project.provide('releaseDir', dir);
  project.provide('installOutput', output);
  return async () => {
    stopInstalled(target);
    await asaas.close();
    await mail.close();
    rmSync(work, { recursive: true, force: true });
  };
}
