// A local ESLint rule: no import cycle among the app's modules (src/). No import plugin is installed, and the
// check needs only the import lines, so it reads them itself: the linted file from its AST, the others with a
// regular expression (cached by modification time). Type-only imports are left out (TypeScript erases them),
// and so are dynamic import() calls (a lazy route loads after its importer has run).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

// `import x from 'y'`, `import { a, type B } from 'y'`, `export * from 'y'`, `import 'y'` at a statement's start.
const STATEMENT = /(?:^|[\n;])[ \t]*(import|export)\s+(type\s+)?(?:([^'";]*?)\s*from\s*)?['"]([^'"\n]+)['"]/g;

/** The file in src/ that `spec`, imported from `from`, names; null for packages and files outside src/. */
function resolve(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  if (!base.startsWith(SRC + path.sep)) return null;
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** `{ type A, type B }`: every name is a type, so the import is erased. */
const onlyTypes = (clause) => {
  const names = /^\{([^}]*)\}$/.exec((clause ?? '').trim());
  if (!names) return false;
  const parts = names[1]
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((p) => p.startsWith('type '));
};

const cache = new Map();

/** The runtime imports of `file` that are files in src/. */
function importsOf(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtime === mtime) return hit.deps;
  const text = fs.readFileSync(file, 'utf8');
  const deps = new Set();
  for (const m of text.matchAll(STATEMENT)) {
    const [, keyword, typeOnly, clause, spec] = m;
    if (typeOnly || onlyTypes(clause)) continue;
    if (keyword === 'export' && clause === undefined) continue; // `export 'x'` is not a statement
    const target = resolve(file, spec);
    if (target) deps.add(target);
  }
  cache.set(file, { mtime, deps: [...deps] });
  return cache.get(file).deps;
}

/** A chain of imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, chain] = stack.pop();
    if (file === goal) return chain;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) stack.push([next, [...chain, next]]);
  }
  return null;
}

const rel = (file) => path.relative(ROOT, file);

export const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles among the modules of src/.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{chain}}. Imports run one way; move what both sides need into a module both may import.',
    },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(SRC + path.sep)) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const specifiers = node.specifiers ?? [];
      if (
        specifiers.length > 0 &&
        specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
      )
        return;
      const target = resolve(file, node.source.value);
      if (!target) return;
      const chain = pathBack(target, file);
      if (chain)
        context.report({ node, messageId: 'cycle', data: { chain: [file, ...chain].map(rel).join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
