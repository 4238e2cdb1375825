// `npm run release`'s packaging (scripts/build/release.mjs): only a build for the release's layout (the API on the site's
// own origin) is packaged, and the archive holds what deploy/install.sh needs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { writeCsp } from '../../scripts/build/csp.mjs';
import { POCKETBASE_VERSION } from '../../scripts/backend/pocketbase-server.mjs';
import { release } from '../../scripts/build/release.mjs';

const dirs = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-test-'));
  dirs.push(dir);
  return dir;
};

/** A built site whose policy is the one a build with these settings writes. */
function built(csp) {
  const dir = temp();
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeCsp(dir, csp);
  return dir;
}

describe('release', () => {
  test('refuses a demo build and a build for another API origin', () => {
    assert.throws(
      () => release({ dist: built({ apiUrl: '' }), out: temp(), version: 't' }),
      /VITE_API_URL=\//,
    );
    assert.throws(
      () => release({ dist: built({ apiUrl: 'https://api.exemplo.test' }), out: temp(), version: 't' }),
      /VITE_API_URL=\//,
    );
  });

  test('packages a same-origin build with the kit, deploy/, the version and the pinned PocketBase', () => {
    const out = temp();
    const { archive } = release({ dist: built({ apiUrl: '', demo: false }), out, version: '9.9.9-teste' });
    assert.equal(path.basename(archive), 'passaporte-italiano-9.9.9-teste.tar.gz');
    const listing = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' }).stdout.split('\n');
    for (const file of [
      'pb_public/index.html',
      'pb_public/headers.json',
      'pb_hooks/site.pb.js',
      'pb_migrations/1763900000_usuarios.js',
      'deploy/install.sh',
      'deploy/passaporte.service',
      'deploy/env.template',
    ]) {
      assert.ok(listing.includes(`passaporte-italiano-9.9.9-teste/${file}`), file);
    }
    const dir = path.join(out, 'passaporte-italiano-9.9.9-teste');
    assert.equal(readFileSync(path.join(dir, 'POCKETBASE_VERSION'), 'utf8'), `${POCKETBASE_VERSION}\n`);
    assert.equal(readFileSync(path.join(dir, 'VERSION'), 'utf8'), '9.9.9-teste\n');
  });
});
