// @ts-check
// `npm run release`: one versioned archive that puts the product online with one command (deploy/install.sh):
//   release/passaporte-italiano-<version>.tar.gz, holding passaporte-italiano-<version>/ with
//     pb_public/       the site, built for the release's layout (VITE_API_URL=/: the API on the site's own origin)
//     pb_migrations/   pb_hooks/   the kit
//     deploy/          install.sh, passaporte.service (systemd), env.template (the server's .env, in pt-BR)
//     VERSION          POCKETBASE_VERSION (the pinned PocketBase install.sh installs)
// The build takes the business's VITE_* values from the environment or .env (README "Configuration"); the launch
// check refuses example contacts. <version> is package.json's version and the commit (plus -modificado when the
// tree has uncommitted changes).
//   node scripts/build/release.mjs [--dist DIR] [--out DIR] [--version V]
//     --dist DIR   package an already built site instead of building (it must be a same-origin build)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HEADERS_JSON } from './csp.mjs';
import { KIT, POCKETBASE_VERSION } from '../backend/pocketbase-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** VITE_API_URL of a build served by its own PocketBase (src/lib/env.ts SAME_ORIGIN). */
export const SAME_ORIGIN = '/';

/** @param {string[]} args */
function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

/**
 * package.json's version and the commit, e.g. 0.1.0-3f2a9c1.
 * @returns {string}
 */
export function releaseVersion() {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const commit = git('rev-parse', '--short', 'HEAD') || 'sem-git';
  return `${version}-${commit}${git('status', '--porcelain') ? '-modificado' : ''}`;
}

/**
 * Fails unless `dist` is a built site whose API is its own origin (what PocketBase serving it needs).
 * @param {string} dist
 */
function checkSameOrigin(dist) {
  const headers = path.join(dist, HEADERS_JSON);
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(headers))
    throw new Error(`${dist} is not a build of this site (index.html, ${HEADERS_JSON}): run npm run build`);
  /** @type {string} */
  const csp = JSON.parse(readFileSync(headers, 'utf8'))['Content-Security-Policy'] ?? '';
  // A same-origin build calls only its own origin; the demo's also allows its service worker.
  if (!/connect-src 'self';/.test(csp) || /worker-src/.test(csp))
    throw new Error(
      `${dist} was built for another API origin or for the demo (${csp.match(/connect-src[^;]*(?:; worker-src[^;]*)?/)?.[0]}): ` +
        'the release needs VITE_API_URL=/',
    );
}

/**
 * Writes the release directory and its archive into `out`; returns the archive's path.
 * @param {{ dist: string, out?: string, version?: string }} options
 * @returns {{ archive: string, dir: string }}
 */
export function release({ dist, out = path.join(root, 'release'), version = releaseVersion() }) {
  checkSameOrigin(dist);
  const name = `passaporte-italiano-${version}`;
  const dir = path.join(out, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(dist, path.join(dir, 'pb_public'), { recursive: true });
  cpSync(KIT.migrations, path.join(dir, 'pb_migrations'), { recursive: true });
  cpSync(KIT.hooks, path.join(dir, 'pb_hooks'), { recursive: true });
  cpSync(path.join(root, 'deploy'), path.join(dir, 'deploy'), { recursive: true });
  writeFileSync(path.join(dir, 'VERSION'), `${version}\n`);
  writeFileSync(path.join(dir, 'POCKETBASE_VERSION'), `${POCKETBASE_VERSION}\n`);
  const archive = path.join(out, `${name}.tar.gz`);
  const tar = spawnSync('tar', ['-czf', archive, '-C', out, name], { stdio: 'inherit' });
  if (tar.status !== 0) throw new Error('tar failed');
  return { archive, dir };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const arg = (/** @type {string} */ flag) => {
    const i = process.argv.indexOf(flag);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  let dist = arg('--dist');
  if (!dist) {
    const built = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, VITE_API_URL: SAME_ORIGIN },
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
    dist = path.join(root, 'dist');
  }
  const { archive } = release({ dist: path.resolve(dist), out: arg('--out'), version: arg('--version') });
  console.log(`
wrote ${path.relative(root, archive)}
On the server (Debian or Ubuntu, with the domain's DNS pointing to it):
  tar -xzf ${path.basename(archive)} && sudo ./${path.basename(archive, '.tar.gz')}/deploy/install.sh
`);
}
