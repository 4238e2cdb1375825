// The installed product (tests/release/global-setup.ts: the release archive, deploy/install.sh into a temporary
// root, the service it started), smoke-tested the way a customer and staff use it; then the upgrade path from the
// previous release's layout, and an upgrade that fails and returns to the backup.
import { cpSync, existsSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/backend/pocketbase-server.mjs';
import {
  asaasCustomer,
  asaasEvent,
  cardRequest,
  mailsTo,
  newCustomer,
  payByCard,
  PB_URL,
  superuser,
} from '../server/helpers';
import { install, installation, stopInstalled, type Installation } from './install';

describe('the installed service (smoke)', () => {
  it('told the operator what to paste into Asaas and what is still a placeholder', () => {
    const output = inject('installOutput');
    expect(output).toContain(`URL do webhook:          ${PB_URL}/payments/asaas/webhook`);
    expect(output).toMatch(/Token de autenticação: {3}[A-Za-z0-9]{40}\n/);
    expect(output).toContain('PAYMENT_CONFIRMED');
    expect(output).toContain('Site, API, remetente, SMTP e cópias de segurança agendadas: ok.');
    expect(output).toContain('"[a completar pela empresa]"');
    expect(output).toContain('revisão dos Termos e da Política de Privacidade por um advogado');
  });

  it('serves the home page with its Content-Security-Policy', async () => {
    const response = await fetch(`${PB_URL}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'self'/);
    expect(await response.text()).toContain('data-prerendered="/"');
  });

  it('register and verify, a card charge, the webhook, a staff save', async () => {
    const customer = await newCustomer(); // registers, follows the e-mailed link, logs in
    const charge = await payByCard(customer, cardRequest(await asaasCustomer(customer), customer));
    expect(charge.status).toBe('CONFIRMED');
    const su = await superuser();
    const filter = su.filter('usuario = {:id}', { id: customer.id });
    const [booking] = await su.collection('agendamentos').getFullList({ filter });
    expect(booking?.status_agendamento).toBe('NOVO');

    expect((await asaasEvent(charge.id, 'PAYMENT_RECEIVED')).status).toBe(200);
    const [payment] = await su.collection('pagamentos').getFullList({ filter });
    expect(payment?.status_asaas).toBe('RECEIVED');

    const staff = await newCustomer({ admin: true });
    await staff.pb.collection('agendamentos').update(booking?.id ?? '', { status_agendamento: 'ANALISE_OK' });
    expect((await customer.pb.collection('agendamentos').getOne(booking?.id ?? '')).status_agendamento).toBe(
      'ANALISE_OK',
    );
    expect(await mailsTo(customer.email, { count: 2, subject: /Passaporte Italiano/ })).not.toHaveLength(0);
  });

  it('has backups scheduled and rate limits on, from the installed .env', async () => {
    const settings = await (await superuser()).settings.getAll();
    expect(settings.backups).toMatchObject({ cron: '0 3 * * *', cronMaxKeep: 7 });
    expect(settings.rateLimits).toMatchObject({ enabled: true });
    expect(settings.meta).toMatchObject({
      appURL: PB_URL,
      senderAddress: 'nao-responda@passaporte-italiano.test',
    });
  });
});

// ---------------------------------------------------------------- upgrades

const work = mkdtempSync(path.join(tmpdir(), 'release-upgrade-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of this release under another version, changed by `edit` (its directory). */
function variant(version: string, edit: (dir: string) => void): string {
  const dir = path.join(work, `passaporte-italiano-${version}`);
  cpSync(inject('releaseDir'), dir, { recursive: true });
  writeFileSync(path.join(dir, 'VERSION'), `${version}\n`);
  edit(dir);
  return dir;
}

const MIGRATIONS = readdirSync(path.join(inject('releaseDir'), 'pb_migrations')).sort();
// The previous release's layout is this kit before the step that gave each booking its search column, and every
// step after it: the upgrade then has a known effect to check, whatever migrations later releases add.
const SINCE = '1763900700_agendamentos_busca.js';
const LATER = MIGRATIONS.filter((name) => name >= SINCE);

const ENV = {
  DOMINIO: 'www.passaporte-italiano.test',
  ASAAS_API_KEY: 'chave-de-teste',
  ASAAS_AMBIENTE: 'sandbox',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '9',
  MAIL_SENDER_ADDRESS: 'nao-responda@passaporte-italiano.test',
  ADMIN_EMAIL: 'dono@passaporte-italiano.test',
  ADMIN_SENHA: 'senha-do-dono-123',
};

/** fetch, once more when the pooled connection was one the restarted server had closed. */
async function fetchAgain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error && (error.cause as { code?: string } | undefined);
    if (!cause || cause.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

async function superuserToken(target: Installation) {
  const response = await fetchAgain(`${target.url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: ENV.ADMIN_EMAIL, password: ENV.ADMIN_SENHA }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function api(target: Installation, token: string, pathname: string, init: RequestInit = {}) {
  const response = await fetchAgain(`${target.url}${pathname}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: token, ...init.headers },
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const running = (target: Installation) => readlinkSync(path.join(target.root, 'opt/passaporte/atual'));

describe('upgrading an installation of the previous release', () => {
  const targets: Installation[] = [];
  afterAll(() => targets.forEach(stopInstalled));

  // Three installs and a rollback, each waiting for its service to answer: minutes on a busy 2-core machine.
  it(
    'backs up, installs the new files, migrates, restarts; a failed upgrade returns to the backup',
    { timeout: 180_000 },
    async () => {
      // The previous release's layout: the same kit before the booking's search column (SINCE) and what came after.
      expect(LATER[0]).toBe(SINCE);
      const previous = variant('anterior', (dir) =>
        LATER.forEach((name) => rmSync(path.join(dir, 'pb_migrations', name))),
      );
      const target = installation(path.join(work, 'raiz'), await freePort());
      targets.push(target);
      const first = install(previous, target, ENV);
      expect(first.status, first.output).toBe(0);
      let token = await superuserToken(target);
      const booking = async () =>
        (await api(target, token, '/api/collections/agendamentos')).json.fields as { name: string }[];
      expect((await booking()).map((f) => f.name)).not.toContain('busca');
      const account = await api(target, token, '/api/collections/usuarios/records', {
        method: 'POST',
        body: JSON.stringify({
          nome_completo: 'Cliente de Antes',
          email: 'antes@passaporte-italiano.test',
          password: 'Senha@2026',
          passwordConfirm: 'Senha@2026',
          cpf: '529.982.247-25',
          celular: '(11) 98765-4321',
        }),
      });
      expect(account.status).toBe(200);

      const upgrade = install(
        variant('nova', () => {}),
        target,
      );
      expect(upgrade.status, upgrade.output).toBe(0);
      expect(upgrade.output).toContain('Atualizando anterior -> nova');
      expect(running(target)).toBe('releases/nova');
      token = await superuserToken(target);
      expect((await booking()).map((f) => f.name)).toContain('busca');
      expect((await api(target, token, `/api/collections/usuarios/records/${account.json.id}`)).status).toBe(
        200,
      );
      const copies = readdirSync(path.join(target.root, 'var/lib/passaporte/copias-instalacao'));
      expect(copies).toEqual([expect.stringMatching(/^pb_data-\d{8}-\d{6}-anterior$/)]);
      expect(
        existsSync(
          path.join(target.root, 'var/lib/passaporte/copias-instalacao', copies[0] ?? '', 'data.db'),
        ),
      ).toBe(true);

      // A release whose migration fails: the upgrade is undone, the previous version runs on the data of before.
      const broken = variant('quebrada', (dir) =>
        writeFileSync(
          path.join(dir, 'pb_migrations', '1999999999_quebrada.js'),
          "migrate((app) => { throw new Error('migração quebrada'); });\n",
        ),
      );
      const failed = install(broken, target);
      expect(failed.status).not.toBe(0);
      expect(failed.output).toContain(
        'atualização para quebrada desfeita: nova voltou a funcionar, com os dados de antes.',
      );
      expect(running(target)).toBe('releases/nova');
      token = await superuserToken(target);
      expect(
        (await api(target, token, `/api/collections/usuarios/records/${account.json.id}`)).json,
      ).toMatchObject({
        nome_completo: 'Cliente de Antes',
      });
      expect(readFileSync(path.join(target.root, 'opt/passaporte/atual/VERSION'), 'utf8')).toBe('nova\n');

      // The same release again (a re-run): the running copy is kept apart for a way back, not overwritten.
      const again = install(path.join(work, 'passaporte-italiano-nova'), target);
      expect(again.status, again.output).toBe(0);
      expect(running(target)).toBe('releases/nova');
      expect(existsSync(path.join(target.root, 'opt/passaporte/releases/nova.anterior/VERSION'))).toBe(true);
    },
  );
});
