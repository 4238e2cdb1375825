// Serving the built site (dist/ of `npm run build`, installed as pb_public/) the way the README asks a static host
// to: `path` -> `path.html` (the prerendered pages), any other path without an extension -> index.html (the app
// renders it), the build's Content-Security-Policy (headers.json, scripts/build/csp.mjs) on every HTML answer, hashed
// /assets/ cacheable for a year and HTML not cached. The API's own prefixes are never the site's.

/** Files the build writes for hosts, not for visitors (scripts/build/csp.mjs HOST_FILES). */
const NAO_PUBLICADOS = ['_headers', 'nginx-csp.conf', 'headers.json'];
/** Paths that belong to PocketBase and the kit: an unknown one is a 404, not the app. */
const DA_API = /^(?:api|payments|_)(?:\/|$)/;

/** The site's directory, or '' when there is no built site to serve. */
function diretorio() {
  const dir = $os.getenv('SITE_DIR') || $filepath.join(__hooks, '..', 'pb_public');
  return arquivo(dir, 'index.html') ? dir : '';
}

/** Whether `nome` is a file (not a directory) under `dir`. */
function arquivo(dir, nome) {
  try {
    return !$os.stat($filepath.join(dir, nome)).isDir();
  } catch (_) {
    return false;
  }
}

/** The file under `dir` that answers the request path `caminho` (without its leading '/'), or '' for a 404. */
function resolver(dir, caminho) {
  const nome = $filepath.toSlash($filepath.clean(caminho || '.'));
  if (nome === '..' || nome.indexOf('../') === 0 || DA_API.test(nome)) return '';
  if (NAO_PUBLICADOS.indexOf(nome) >= 0) return '';
  if (nome === '.') return 'index.html';
  if (arquivo(dir, nome)) return nome;
  if (arquivo(dir, nome + '.html')) return nome + '.html';
  if (arquivo(dir, $filepath.join(nome, 'index.html'))) return $filepath.join(nome, 'index.html');
  // A missing asset is a 404; a missing page is the app's to render.
  return $filepath.ext(nome) ? '' : 'index.html';
}

/** The build's headers for its HTML answers, read once per server start. */
function cabecalhosHtml(app, dir) {
  return app.store().getOrSet('site.cabecalhos', () => {
    try {
      return JSON.parse(toString($os.readFile($filepath.join(dir, 'headers.json'))));
    } catch (err) {
      console.error('Site sem headers.json (Content-Security-Policy) em ' + dir + ': ' + err);
      return {};
    }
  });
}

function servir(e) {
  const dir = diretorio();
  const nome = resolver(dir, e.request.pathValue('path'));
  if (!nome) throw new NotFoundError();
  const cabecalhos = e.response.header();
  if ($filepath.ext(nome) === '.html') {
    const doBuild = cabecalhosHtml(e.app, dir);
    for (const chave of Object.keys(doBuild)) cabecalhos.set(chave, doBuild[chave]);
    cabecalhos.set('Cache-Control', 'no-cache');
  } else if (nome.indexOf('assets/') === 0) {
    cabecalhos.set('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    cabecalhos.set('Cache-Control', 'no-cache');
  }
  return e.fileFS($os.dirFS(dir), nome);
}

module.exports = { diretorio, resolver, servir };
