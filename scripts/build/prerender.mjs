// @ts-check
// Writes the public pages as real HTML at build time (issue 5): dist/index.html, dist/services/<id>.html,
// dist/termos.html, dist/privacidade.html, dist/espera.html (with its own small script) and dist/404.html, with per-page head tags and JSON-LD, plus
// sitemap.xml and robots.txt, then the Content-Security-Policy files (dist/_headers, dist/nginx-csp.conf:
// scripts/build/csp.mjs), once every HTML file and its inline scripts are final.
// Runs after `vite build` (client) and `vite build --ssr src/entry-server.tsx --outDir .ssr`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bootScript } from './boot-script.mjs';
import { writeCsp } from './csp.mjs';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const ssrEntry = join(root, '.ssr', 'entry-server.js');

const escapeHtml = (/** @type {unknown} */ s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// JSON inside <script> must not be able to close the tag.
const safeJson = (/** @type {unknown} */ value) => JSON.stringify(value).replace(/</g, '\\u003c');

/** @type {typeof import('../../src/entry-server.tsx')} */
const { render, pages, env, appPathPattern } = await import(pathToFileURL(ssrEntry).href);
const template = await readFile(join(dist, 'index.html'), 'utf8');
// The checked configuration the pages were built with (src/lib/env.ts), so the sitemap agrees with them.
const siteUrl = env.siteUrl;

/** @param {ReturnType<typeof pages>[number]} page */
function head(page) {
  const url = `${siteUrl}${page.path === '/' ? '/' : page.path}`;
  const image = `${siteUrl}/og-image.jpg`;
  const tags = [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    page.indexable
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:site_name" content="Passaporte Italiano" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(page.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    ...page.jsonLd.map((ld) => `<script type="application/ld+json">${safeJson(ld)}</script>`),
  ];
  return tags.join('\n    ');
}

/**
 * Moves the app's entry script and its module preloads out of the page into the boot script (scripts/build/boot-script.mjs),
 * which starts them after the first paint (demo build) or when the page first needs the app (production build):
 * the prerendered HTML is already the page (measured: LCP 1.84 s with the scripts in <head>, against 0.91 s for
 * the same HTML with none).
 * @param {string} html
 */
function deferBoot(html) {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let out = html.replace(entry[0], '');
  for (const p of preloads) out = out.replace(p[0], '');
  const boot = bootScript({
    entry: entry[1] ?? '',
    preloads: preloads.map((p) => p[1] ?? ''),
    lazy: !env.demo,
    appPaths: appPathPattern(),
  });
  return out.replace('</body>', `  ${boot}\n  </body>`);
}

// The wait page's own script (vite.config.ts, a second entry of the client build): drawn from the manifest,
// which is not published.
const manifestFile = join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
const waitScript = manifest['src/features/catalog/wait-page-script.ts']?.file;
if (!waitScript) throw new Error('the build has no wait page script (vite.config.ts WAIT_ENTRY)');
await rm(join(dist, '.vite'), { recursive: true, force: true });
/** @type {Record<string, string>} */
const ownScripts = {
  '/espera': `<script type="module" crossorigin src="/${waitScript}"></script>`,
};

const list = pages();
for (const page of list) {
  const body = await render(page.path);
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  const html = deferBoot(template)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
    .replace('</head>', `  ${head(page)}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${escapeHtml(page.path)}">${body}</div>`,
    )
    .replace('</body>', `${ownScripts[page.path] ? `  ${ownScripts[page.path]}\n  ` : ''}</body>`);
  const file = join(dist, page.file);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, html);
  console.log(
    `prerendered ${page.path.padEnd(24)} -> dist/${page.file} (${(html.length / 1024).toFixed(1)} KB)`,
  );
}

const today = new Date().toISOString().slice(0, 10);
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${list
  .filter((p) => p.indexable)
  .map((p) => `  <url><loc>${siteUrl}${p.path}</loc><lastmod>${today}</lastmod></url>`)
  .join('\n')}
</urlset>
`;
await writeFile(join(dist, 'sitemap.xml'), sitemap);
await writeFile(
  join(dist, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /tracking\nDisallow: /dashboard\nDisallow: /booking-details/\nDisallow: /minha-conta\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
);
await rm(join(root, '.ssr'), { recursive: true, force: true });
console.log('wrote dist/sitemap.xml and dist/robots.txt');
const csp = writeCsp(dist, { apiUrl: env.apiUrl, demo: env.demo });
console.log(
  `wrote dist/_headers, dist/nginx-csp.conf and dist/headers.json: Content-Security-Policy: ${csp}`,
);
