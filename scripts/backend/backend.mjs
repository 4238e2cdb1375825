// @ts-check
// `npm run backend`: PocketBase on 127.0.0.1:8090 with this project's kit, seeded with the demo mode's
// accounts and bookings and their booking day, an SMTP capture (mails printed here and at
// http://127.0.0.1:8025/mails) and the Asaas stand-in, unless ASAAS_API_KEY is set (then the real Asaas at
// ASAAS_API_URL, the sandbox by default).
// Then: VITE_API_URL=http://127.0.0.1:8090 npm run dev
// Or, as the release runs: SITE_DIR=dist (a build made with VITE_API_URL=/) and the site is served at 8090 too.
//
//   npm run backend            keeps its data in .pocketbase-dev/ between runs (seeded on the first)
//   npm run backend -- --fresh starts from an empty data directory and seeds again
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRealBackend } from './real-backend.mjs';
import { seedDemo } from './seed.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = process.env.PB_DATA_DIR
  ? path.resolve(process.env.PB_DATA_DIR)
  : path.join(root, '.pocketbase-dev');
const fresh = process.argv.includes('--fresh') || !existsSync(path.join(dataDir, 'data.db'));
if (fresh) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const realAsaas = Boolean(process.env.ASAAS_API_KEY);
const port = Number(process.env.PB_PORT ?? 8090);
const backend = await startRealBackend({
  port,
  // The e-mails' links: the site PocketBase serves itself (SITE_DIR), or `npm run dev`'s.
  appUrl:
    process.env.APP_URL ?? (process.env.SITE_DIR ? `http://127.0.0.1:${port}` : 'http://127.0.0.1:5173'),
  dataDir,
  realAsaas,
  asaasTimeoutS: Number(process.env.ASAAS_TIMEOUT_S ?? 60),
  // The stand-in pays a Pix a few seconds after it is made, so the whole journey can be seen (PIX_AUTO_PAY_MS;
  // 0: only when told, through its control endpoint).
  pixAutoPayMs: Number(process.env.PIX_AUTO_PAY_MS ?? 8000),
  // How long the stand-in's no-answer card keeps Asaas silent (ASAAS_NO_ANSWER_MS).
  noAnswerMs: Number(process.env.ASAAS_NO_ANSWER_MS ?? 10_000),
  mailHttpPort: Number(process.env.MAIL_HTTP_PORT ?? 8025),
  asaasPort: Number(process.env.ASAAS_STANDIN_PORT ?? 0),
  // Multiplies the per-IP rate limits (RATE_LIMIT_SCALE): the browser tests send everything from 127.0.0.1.
  rateLimitScale: Number(process.env.RATE_LIMIT_SCALE ?? 0) || undefined,
  // A new charge's webhooks, as Asaas sends them: one charge's before its answer, the next one's after.
  eventsOnCreate: 'alternate',
  // Service invoices (NFS-e) through the stand-in, with the test settings (NFSE_ATIVA=true to turn them on).
  nfse: !realAsaas && process.env.NFSE_ATIVA === 'true',
  log: true,
});
if (fresh) {
  const seeded = await seedDemo(backend.pb, { asaasUrl: backend.asaas?.url });
  console.log(
    `\nSeeded ${seeded.accounts} accounts and ${seeded.bookings} bookings (password ${seeded.password}), and their ` +
      `booking day: ${seeded.handlings} handlings, ${seeded.attempts} attempts, ${seeded.appointments} ` +
      `appointments, ${seeded.consulates} consulates changed (São Paulo's demo window 10 minutes from now).`,
  );
}
console.log(`
PocketBase (this project's kit): ${backend.pb.url}   admin screen: ${backend.pb.url}/_/
  superuser: ${backend.pb.superuser.email} / ${backend.pb.superuser.password}
Asaas: ${realAsaas ? `the real API at ${process.env.ASAAS_API_URL ?? 'the sandbox'}` : `stand-in at ${backend.asaas?.url} (test cards in README)`}
E-mails: printed here and listed at ${backend.mail.httpUrl}/mails
Demo accounts: cliente@demo.com.br, agendado@demo.com.br, pendente@demo.com.br, admin@demo.com.br (Demo@2026)
  booking day: dia.pronto@, dia.codigo@, dia.compromisso@, dia.confirmar@, dia.flex@demo.com.br (README)

Now, in another terminal: VITE_API_URL=${backend.pb.url} npm run dev
`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void backend.stop().then(() => process.exit(0));
  });
}
