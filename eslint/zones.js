// A local ESLint rule: who may import what, by where the imported file lives (docs/map.md says the same in
// prose). Each zone names the importers it applies to, the files they may not import, and why.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const under = (...parts) => path.join(ROOT, ...parts) + path.sep;
const SRC = under('src');

/** The kit's modules written for both runtimes (CommonJS, requiring only each other and the kit's JSON; scripts/build/kit-module.ts serves them). */
export const KIT_RULES = [
  'comum.js',
  'prazo.js',
  'pedido_aberto.js',
  'processo_comum.js',
  'janelas.js',
  'dia_comum.js',
  'calendario.js',
  'espera.js',
  'garantia_comum.js',
  'csv_agendamentos.js',
  'email_texto.js',
  'cobranca_comum.js',
  'proxy_comum.js',
  'paginas.js',
  'busca_texto.js',
  'agenda_comum.js',
  'estorno_comum.js',
  'estorno_fluxo.js',
  'pedido_fluxo.js',
  'proxy_fluxo.js',
  'retransmissao_fluxo.js',
  'processo_fluxo.js',
  'conta_comum.js',
  'contas_comum.js',
  'historico_comum.js',
  'webhook_comum.js',
  'remarcar_fluxo.js',
  'consulta_comum.js',
  'agenda_fluxo.js',
];

/** The demo's entry points: the only app files that may load the demo double (src/mocks). */
const DEMO_ENTRIES = ['src/main.tsx', 'src/app/demo-tools.tsx'].map((f) => path.join(ROOT, f));

/** Files that may call the PocketBase SDK: api/ folders, files named api.ts, and the client itself. */
const isApiFile = (file) =>
  file.split(path.sep).includes('api') ||
  path.basename(file) === 'api.ts' ||
  file === path.join(ROOT, 'src/lib/pocketbase.ts');

/** @type {{ id: string, applies: (file: string) => boolean, forbids: (target: string, spec: string, names: string[]) => boolean, message: string }[]} */
const ZONES = [
  {
    id: 'mocks',
    applies: (file) =>
      file.startsWith(SRC) && !file.startsWith(under('src', 'mocks')) && !DEMO_ENTRIES.includes(file),
    forbids: (target) => target.startsWith(under('src', 'mocks')) || target.startsWith(under('fake-asaas')),
    message:
      'src/mocks (the demo double) and its Asaas (fake-asaas/) are loaded only by the demo entry points (src/main.tsx, src/app/demo-tools.tsx).',
  },
  {
    id: 'demo-seed',
    applies: (file) => file.startsWith(SRC) && !file.startsWith(under('src', 'mocks')),
    forbids: (target) => target.startsWith(under('demo-seed')),
    message:
      "demo-seed/ (the demo's dataset, written to both backends) is loaded only by the double (src/mocks), scripts/backend's seed and the tests.",
  },
  {
    id: 'scripts',
    applies: (file) => file.startsWith(SRC),
    forbids: (target) => target.startsWith(under('scripts')),
    message: 'Nothing in src imports scripts/ (build and test tooling). Move what the app needs into src.',
  },
  {
    id: 'kit',
    // The demo double's JSVM stand-in (src/mocks/jsvm) runs the kit's own adapters and hook files; nothing else may.
    applies: (file) => file.startsWith(SRC) && !file.startsWith(under('src', 'mocks', 'jsvm')),
    forbids: (target) =>
      target.startsWith(under('pocketbase')) &&
      target !== path.join(ROOT, 'pocketbase/schema.json') &&
      !(
        path.dirname(target) === path.join(ROOT, 'pocketbase/pb_hooks/lib') &&
        (target.endsWith('.json') || KIT_RULES.includes(path.basename(target)))
      ),
    message: `The app reaches the kit (pocketbase/) only through its rules and schema: schema.json, pb_hooks/lib/*.json and ${KIT_RULES.join(', ')} (its other files: the demo double's JSVM stand-in, src/mocks/jsvm, alone).`,
  },
  {
    id: 'lib-config',
    applies: (file) => file.startsWith(under('src', 'lib')),
    forbids: (target) => target.startsWith(under('src', 'config')),
    message: 'src/lib is below src/config: config may import lib, lib may not import config.',
  },
  {
    id: 'below-components',
    applies: (file) => file.startsWith(under('src', 'lib')) || file.startsWith(under('src', 'config')),
    forbids: (target) => target.startsWith(under('src', 'components')),
    message: 'src/lib and src/config are below src/components: they may not import it.',
  },
  {
    id: 'sdk',
    applies: (file) => file.startsWith(SRC) && !isApiFile(file),
    forbids: (target, spec, names) =>
      (target === path.join(ROOT, 'src/lib/pocketbase') && (names.includes('pb') || names.includes('*'))) ||
      (spec === 'pocketbase' && names.includes('default')),
    message:
      'PocketBase SDK calls live in api/ files (an api/ folder or api.ts): import the call from there.',
  },
];

/** The file an import names, without its extension; the spec itself for a package. */
function target(file, spec) {
  if (spec.startsWith('@/')) return path.join(ROOT, 'src', spec.slice(2)).replace(/\.(tsx?|m?js)$/, '');
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec).replace(/\.(tsx?|m?js)$/, '');
  return spec;
}

export const zones = {
  meta: {
    type: 'problem',
    docs: { description: 'Who may import what (docs/map.md).' },
    schema: [],
    messages: { zone: '{{message}} ({{spec}})' },
  },
  create(context) {
    const file = context.filename;
    const active = ZONES.filter((z) => z.applies(file));
    if (active.length === 0) return {};
    const check = (node, source, names) => {
      if (!source || typeof source.value !== 'string') return;
      const spec = source.value;
      let resolved = target(file, spec);
      // Keep the extension of files that are not modules of the app (.mjs scripts, .json and .js of the kit).
      if (spec.startsWith('.') || spec.startsWith('@/')) {
        const full = spec.startsWith('@/')
          ? path.join(ROOT, 'src', spec.slice(2))
          : path.resolve(path.dirname(file), spec);
        if (!full.startsWith(SRC)) resolved = full;
      }
      for (const zone of active) {
        if (zone.forbids(resolved, spec, names, file))
          context.report({ node, messageId: 'zone', data: { message: zone.message, spec } });
      }
    };
    const namesOf = (node) =>
      (node.specifiers ?? []).map((s) =>
        s.type === 'ImportDefaultSpecifier'
          ? 'default'
          : s.type === 'ImportNamespaceSpecifier'
            ? '*'
            : (s.imported?.name ?? s.local?.name ?? ''),
      );
    return {
      ImportDeclaration: (node) => check(node, node.source, namesOf(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, namesOf(node)),
      ExportAllDeclaration: (node) => check(node, node.source, ['*']),
      ImportExpression: (node) => check(node, node.source, ['*']),
    };
  },
};
