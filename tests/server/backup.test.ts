// The restore drill: data and files made, a backup taken through PocketBase's API, the data directory wiped, the
// backup restored through the API, and every record and file back. On a PocketBase of its own (its data directory
// is wiped), with the kit's migrations plus a collection holding an ordinary and a protected file: the kit has no
// file fields yet, and a backup must carry uploads too.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, KIT, startPocketBase } from '../../scripts/backend/pocketbase-server.mjs';
import { registration } from './helpers';

const work = mkdtempSync(path.join(tmpdir(), 'restore-drill-'));
const migrations = path.join(work, 'pb_migrations');
const dataDir = path.join(work, 'pb_data');
cpSync(KIT.migrations, migrations, { recursive: true });
writeFileSync(
  path.join(migrations, '1999999990_arquivos_do_teste.js'),
  `migrate((app) => {
  app.save(new Collection({
    type: 'base',
    name: 'arquivos_do_teste',
    fields: [
      { type: 'text', name: 'nome' },
      { type: 'file', name: 'comum', maxSelect: 1, maxSize: 1048576 },
      { type: 'file', name: 'protegido', maxSelect: 1, maxSize: 1048576, protected: true },
    ],
  }));
});
`,
);

let stop: (() => Promise<void>) | null = null;
afterAll(async () => {
  await stop?.();
  rmSync(work, { recursive: true, force: true });
});

async function start(port: number) {
  const pb = await startPocketBase({ port, dataDir, migrationsDir: migrations });
  stop = pb.stop;
  let token = pb.superuser.token;
  /** Signs the superuser in again: a restored database has its own superuser record, and so its own tokens. */
  const login = async () => {
    const response = await fetch(`${pb.url}/api/collections/_superusers/auth-with-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ identity: pb.superuser.email, password: pb.superuser.password }),
    });
    token = ((await response.json()) as { token: string }).token;
  };
  const call = (pathname: string, init: RequestInit = {}) =>
    fetch(`${pb.url}${pathname}`, { ...init, headers: { Authorization: token, ...init.headers } });
  const json = async (pathname: string, init: RequestInit = {}) => {
    const response = await call(pathname, init);
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as Record<string, unknown>,
    };
  };
  return { pb, call, json, login };
}

const COMUM = 'um arquivo comum do teste de restauração\n';
const PROTEGIDO = 'um arquivo protegido: só com token\n';

describe('the restore drill', () => {
  it(
    'data and files backed up through the API come back after the data directory is wiped',
    { timeout: 90_000 },
    async () => {
      const port = await freePort();
      let server = await start(port);
      const account = registration();
      const conta = await server.json('/api/collections/usuarios/records', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...account, verified: true }),
      });
      expect(conta.status).toBe(200);
      const form = new FormData();
      form.set('nome', 'documentos');
      form.set('comum', new Blob([COMUM], { type: 'text/plain' }), 'comum.txt');
      form.set('protegido', new Blob([PROTEGIDO], { type: 'text/plain' }), 'protegido.txt');
      const arquivos = await server.json('/api/collections/arquivos_do_teste/records', {
        method: 'POST',
        body: form,
      });
      expect(arquivos.status).toBe(200);

      // The backup, through the API, and a copy of it off the server (pb_data is about to go).
      const created = await server.call('/api/backups', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'exercicio.zip' }),
      });
      expect(created.status).toBe(204);
      const { body: fileToken } = await server.json('/api/files/token', { method: 'POST' });
      const download = await fetch(
        `${server.pb.url}/api/backups/exercicio.zip?token=${String(fileToken.token)}`,
      );
      expect(download.status).toBe(200);
      const zip = new Uint8Array(await download.arrayBuffer());

      // The data directory wiped: a fresh server without the records.
      await server.pb.stop();
      rmSync(dataDir, { recursive: true, force: true });
      server = await start(port);
      expect((await server.json(`/api/collections/usuarios/records/${String(conta.body.id)}`)).status).toBe(
        404,
      );

      // Restored through the API: PocketBase restarts itself on the backup's data.
      const upload = new FormData();
      upload.set('file', new Blob([zip], { type: 'application/zip' }), 'exercicio.zip');
      expect((await server.call('/api/backups/upload', { method: 'POST', body: upload })).status).toBe(204);
      expect((await server.call('/api/backups/exercicio.zip/restore', { method: 'POST' })).status).toBe(204);
      await expect
        .poll(
          async () => {
            try {
              await server.login();
              return (await server.json(`/api/collections/usuarios/records/${String(conta.body.id)}`)).status;
            } catch {
              return 0; // restarting
            }
          },
          { timeout: 30_000, interval: 250 },
        )
        .toBe(200);

      const restored = await server.json(`/api/collections/usuarios/records/${String(conta.body.id)}`);
      expect(restored.body).toMatchObject({
        email: account.email,
        nome_completo: account.nome_completo,
        cpf: conta.body.cpf,
        verified: true,
      });
      const record = (
        await server.json(`/api/collections/arquivos_do_teste/records/${String(arquivos.body.id)}`)
      ).body;
      expect(record).toMatchObject({
        nome: 'documentos',
        comum: arquivos.body.comum,
        protegido: arquivos.body.protegido,
      });
      const files = `${server.pb.url}/api/files/arquivos_do_teste/${String(record.id)}`;
      expect(await (await fetch(`${files}/${String(record.comum)}`)).text()).toBe(COMUM);
      expect((await fetch(`${files}/${String(record.protegido)}`)).status).toBe(404);
      const { body: token } = await server.json('/api/files/token', { method: 'POST' });
      expect(
        await (await fetch(`${files}/${String(record.protegido)}?token=${String(token.token)}`)).text(),
      ).toBe(PROTEGIDO);
    },
  );
});
