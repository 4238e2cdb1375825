// Starts the real backend once for the real-server tier and hands its addresses to the tests.
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/backend/pocketbase-server.mjs';
import { startRealBackend } from '../../scripts/backend/real-backend.mjs';
import { seedDemo } from '../../scripts/backend/seed.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    pbUrl: string;
    mailUrl: string;
    asaasUrl: string;
    dataDir: string;
    superuser: { email: string; password: string };
  }
}

export default async function setup(project: TestProject) {
  // The system's pick of a free port: two runs side by side (npm test runs this tier in two halves) never meet.
  const port = Number(process.env.PB_TEST_PORT ?? (await freePort()));
  // Service invoices on (tests/server/notas.test.ts); notas.test.ts starts a server of its own with them off.
  const backend = await startRealBackend({
    port,
    asaasTimeoutS: 2,
    noAnswerMs: 6_000,
    reconcileAfterS: 4,
    nfse: true,
    // The guarantee on with 2 windows (tests/server/garantia.test.ts, which starts a server of its own with it
    // off); other files' attempts all fall in the window running now, so none of theirs ever counts 2 over.
    garantia: true,
    // A relayed code lives 3 s here (600 in production), so its expiry is tested without waiting 10 minutes.
    relayLifeS: 3,
    // The after-the-slot job only when a test runs it for a given day (tests/server/pos-vaga.test.ts): the
    // appointments other files record on real dates must not close or be reminded by the clock.
    afterSlotCron: false,
  });
  // The demo's own seed, so the contract suite asks both backends about the same records.
  await seedDemo(backend.pb, { asaasUrl: backend.asaas?.url });
  project.provide('pbUrl', backend.pb.url);
  project.provide('mailUrl', backend.mail.httpUrl);
  project.provide('dataDir', backend.pb.dataDir);
  project.provide('asaasUrl', backend.asaas?.url.replace(/\/v3$/, '') ?? '');
  project.provide('superuser', {
    email: backend.pb.superuser.email,
    password: backend.pb.superuser.password,
  });
  return async () => {
    await backend.stop();
  };
}
