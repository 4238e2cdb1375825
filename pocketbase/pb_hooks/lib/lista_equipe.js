// The staff list without PocketBase's join and DISTINCT (issue 30). The bookings' list rule holds
// `@request.auth.admin`, which makes PocketBase join the signed-in account and select `DISTINCT agendamentos.*`:
// SQLite then builds every row an offset skips (page 2,000 of 50: 2.5 s in SQLite, against 62 ms for the same
// rows without the join).
//
// For a staff member, the kit lets PocketBase read the list as the superuser (a record never saved): no rule,
// so no join and no DISTINCT, a plain COUNT(*) for the total, and an offset that walks the index. Everything else
// is PocketBase's own: the filter parser, the sort, page and page-size rules, `skipTotal`, the errors. Once the
// rows are read the staff member is put back, so the expand and the answer are made for them (an account's
// hidden e-mail stays hidden). For an admin the rule is true for every booking, so the rows and the total are the
// same. Only a filter and a sort that name the bookings' own visible fields come here (no relation path, no
// `@request`/`@collection`, no modifier, no hidden or unknown field: those get PocketBase's handling with the
// rule), so the superuser's wider filter rights are never used. Every page of a staff list, the first included,
// is read this way, so rows with equal sort values keep one order from page to page (the CSV export pages
// through the list). Customers and visitors never come here.

const CAMINHO = /^\/api\/collections\/agendamentos\/records\/?$/;
const CHAVE = 'kit.lista_equipe';
const PALAVRAS = ['true', 'false', 'null'];

/** The collection's fields a non-superuser may filter and sort on. */
function camposVisiveis(colecao) {
  const nomes = [];
  for (const campo of colecao.fields) if (!campo.getHidden()) nomes.push(campo.getName());
  return nomes;
}

/**
 * The filter with each quoted value as `""`, read as PocketBase's scanner reads it (a value ends at the first
 * quote like its opening one that no backslash stands right before); null when a value is never closed.
 */
function semTextos(filtro) {
  let fora = '';
  for (let i = 0; i < filtro.length; i++) {
    const aspa = filtro[i];
    if (aspa !== '"' && aspa !== "'") {
      fora += aspa;
      continue;
    }
    let fim = i + 1;
    while (fim < filtro.length && !(filtro[fim] === aspa && filtro[fim - 1] !== '\\')) fim++;
    if (fim >= filtro.length) return null;
    fora += '""';
    i = fim;
  }
  return fora;
}

/**
 * True when the filter and the sort name only fields in `campos` (quoted values aside): no `a.b`, no `@request`,
 * no `@collection`, no `:modifier`, no unknown or hidden field.
 */
function soCamposProprios(filtro, ordem, campos) {
  const fora = semTextos(filtro);
  if (fora === null) return false;
  if (/[@.:]/.test(fora.replace(/\b\d+\.\d+\b/g, '0') + ordem)) return false;
  const nomes = (fora.match(/[A-Za-z_]\w*/g) || []).filter((nome) => !PALAVRAS.includes(nome));
  const chaves = ordem === '' ? [] : ordem.split(',').map((chave) => chave.trim().replace(/^[-+]/, ''));
  return nomes.concat(chaves).every((nome) => campos.includes(nome));
}

/**
 * The request's filter and sort when the list may be read as the superuser, or null when PocketBase should take
 * the request as it is. `consulta` is the request's query (Go's url.Values; a URLSearchParams in the tests).
 */
function pedidoDaEquipe(consulta, campos) {
  const valor = (chave) => String(consulta.get(chave) || '');
  const ordem = valor('sort');
  const filtro = valor('filter');
  if (!soCamposProprios(filtro, ordem, campos)) return null;
  return { filtro, ordem };
}

/**
 * Router middleware: a staff member's list is read as the superuser. Returns the staff member's record, to put
 * back after the request, or null.
 */
function preparar(e) {
  if (e.request.method !== 'GET' || !CAMINHO.test(e.request.url.path)) return null;
  const equipe = e.auth;
  if (!equipe || equipe.collection().name !== 'usuarios' || !equipe.getBool('admin')) return null;
  const campos = camposVisiveis(e.app.findCachedCollectionByNameOrId('agendamentos'));
  const consulta = e.request.url.query();
  const pedido = pedidoDaEquipe(consulta, campos);
  if (!pedido) return null;
  // A search for a CPF, a phone or an e-mail is read from an index (comum.js filtroBuscaIndexada): the request's
  // query is rewritten before PocketBase reads it, on the bookings' own (hidden) key columns.
  const indexada = require(`${__hooks}/lib/comum.js`).filtroBuscaIndexada(pedido.filtro);
  if (indexada !== pedido.filtro) {
    consulta.set('filter', indexada);
    e.request.url.rawQuery = consulta.encode();
  }
  e.set(CHAVE, equipe);
  e.auth = new Record(e.app.findCachedCollectionByNameOrId('_superusers'));
  return equipe;
}

/** onRecordsListRequest: the rows are read; the staff member is put back before PocketBase expands them. */
function devolver(e) {
  const equipe = e.get(CHAVE);
  if (equipe) e.auth = equipe;
}

module.exports = { preparar, devolver, pedidoDaEquipe, camposVisiveis };
