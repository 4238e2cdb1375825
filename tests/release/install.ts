// Running deploy/install.sh the way CI does: into a temporary root, without systemd and TLS (--raiz, --sem-systemd,
// --http), with the pinned PocketBase of this machine instead of a download (--pocketbase).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pocketbaseBinary } from '../../scripts/backend/pocketbase-server.mjs';

/** The pinned PocketBase's path (install.sh copies it). */
export function pocketbasePath(): string {
  const bin = pocketbaseBinary();
  if (bin.includes('/')) return path.resolve(bin);
  return spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).stdout.trim();
}

/** Extracts a release archive into a fresh directory; returns the release's own directory. */
export function extract(archive: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-'));
  const tar = spawnSync('tar', ['-xzf', archive, '-C', dir], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`tar -xzf ${archive}: ${tar.stderr}`);
  return path.join(dir, path.basename(archive, '.tar.gz'));
}

export interface Installation {
  root: string;
  url: string;
  port: number;
}

export const installation = (root: string, port: number): Installation => ({
  root,
  port,
  url: `http://127.0.0.1:${port}`,
});

/** Runs `<release>/deploy/install.sh` for `target` with `env`; returns its exit status and output. */
export function install(release: string, target: Installation, env: Record<string, string> = {}) {
  const result = spawnSync(
    path.join(release, 'deploy', 'install.sh'),
    [
      '--raiz',
      target.root,
      '--sem-systemd',
      '--http',
      `127.0.0.1:${target.port}`,
      '--pocketbase',
      pocketbasePath(),
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A value of the installed server's .env. */
export function installedEnv(target: Installation, name: string): string {
  const text = readFileSync(path.join(target.root, 'etc/passaporte/passaporte.env'), 'utf8');
  return text.match(new RegExp(`^${name}='([^']*)'`, 'm'))?.[1] ?? '';
}

/** Stops the installed service (the pid install.sh wrote). */
export function stopInstalled(target: Installation): void {
  const pidFile = path.join(target.root, 'run/passaporte.pid');
  if (!existsSync(pidFile)) return;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
  } catch {
    /* already gone */
  }
}
