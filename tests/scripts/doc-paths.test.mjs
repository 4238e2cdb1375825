// Docs that stay true: every file or folder that README.md and docs/*.md name exists in the repository, and
// none points outside it (a machine's /work/..., a sibling ../shared/...).
//   node --test tests/scripts/
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
/** The repository's files (tracked, and new ones not ignored). */
const FILES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);
const DIRS = new Set(
  FILES.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const EXTENSION = /\.(?:ts|tsx|mts|js|mjs|cjs|json|md|py|css|html|yml|yaml|sh|txt|svg|png|toml)$/;
const NOT_PATHS = /^(?:text|application|image|audio|video|multipart|font)\//; // MIME types
/**
 * Names the docs give of files that the product writes or finds outside the repository: the build's output
 * (dist/), a server's folders, nginx's, the customer's download, a date format. Kept short: a name here is never
 * checked, so a source file belongs nowhere in it.
 */
const NOT_IN_REPO = new Set([
  '.html',
  '404.html',
  'services/individual.html',
  'headers.json',
  'pb_public/',
  'pb_data/backups',
  'snippets/',
  'meus-dados.json',
  'dd/mm/aaaa',
]);

/** Those of `tokens` that git ignores (build output, test results, local data folders), asked in one call. */
function ignored(tokens) {
  const answer = spawnSync('git', ['check-ignore', '--no-index', '--stdin'], {
    cwd: ROOT,
    input: tokens.join('\n'),
    encoding: 'utf8',
  });
  return new Set(answer.stdout.split('\n').filter(Boolean));
}

/** The names in backticks and the targets of relative links that look like paths of the repository. */
function pathsIn(text) {
  const found = new Set();
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    const token = code.trim().replace(/[:,.;)]+$/, '');
    if (/[\s*{}<>$|=?'"()[\]]/.test(token) || token.includes('://')) continue; // commands, globs, URLs
    if (token.startsWith('/') && !/^\/(?:work|tmp|home|root)\//.test(token)) continue; // routes of the app
    if (token.startsWith('@') && !token.startsWith('@/')) continue; // npm scopes
    if (NOT_PATHS.test(token)) continue;
    if (NOT_IN_REPO.has(token) || /(?:^|\/)[A-Z]+\//.test(token)) continue; // see NOT_IN_REPO; `DIR/run`
    if (token.includes('/') || EXTENSION.test(token)) found.add(token);
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g))
    if (!target.includes('://') && !target.startsWith('mailto:') && /[/.]/.test(target)) found.add(target);
  const skip = ignored([...found].filter((token) => !token.startsWith('/') && !token.startsWith('..')));
  return [...found].filter((token) => !skip.has(token));
}

/** Whether `token`, named in `doc`, is a file or folder of the repository. */
function exists(doc, token) {
  if (/^\/|^\.\.\/|^~/.test(token) && !existsSync(path.resolve(ROOT, path.dirname(doc), token))) return false;
  if (token.startsWith('/') || token.startsWith('~')) return false; // outside the repository
  const clean = token.replace(/^@\//, 'src/').replace(/^\.\//, '').replace(/\/$/, '');
  const relative = path.relative(ROOT, path.resolve(ROOT, path.dirname(doc), clean));
  if (relative.startsWith('..')) return false;
  if (FILES.includes(clean) || DIRS.has(clean) || FILES.includes(relative) || DIRS.has(relative)) return true;
  // Docs name paths from a part's own folder (`pb_hooks/lib/comum.js`, `features/checkout/`, `app.tsx`).
  if (FILES.some((f) => f.endsWith(`/${clean}`)) || [...DIRS].some((d) => d.endsWith(`/${clean}`)))
    return true;
  // A package's own path (`react-datepicker/dist/react-datepicker.css`) or a build output.
  const first = clean.split('/')[0];
  return (
    existsSync(path.join(ROOT, 'node_modules', first)) ||
    ['dist', '.dist-prod', '.ssr', 'coverage'].includes(first)
  );
}

for (const doc of DOCS) {
  test(`${doc} names only paths that exist in the repository`, () => {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    const missing = pathsIn(text).filter((token) => !exists(doc, token));
    assert.deepEqual(missing, [], `${doc} names paths that do not exist: ${missing.join(', ')}`);
  });
}
