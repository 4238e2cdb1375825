// The staff list without PocketBase's join and DISTINCT (issue 30). The bookings' list rule holds
// `@request.auth.admin`, which makes PocketBase join the signed-in account and select `DISTINCT agendamentos.*`:
// SQLite then builds every row an offset skips (page 2,000 of 50: 2.5 s in SQLite, against 62 ms for the same
// rows without the join).
//
// For a staff member, the kit lets PocketBase answer page 1 with one row of the very same request, as the
// superuser (no rule, so no join: the total is a plain COUNT(*)) but with PocketBase's own filter parser, count
// and `skipTotal`; then, back as the staff member, puts in the asked page's rows, read with the same filter and
// sort by `findRecordsByFilter` (no rule, no join, no DISTINCT: an offset walks the index), and lets PocketBase
// expand and serialize them for the staff member. For an admin the rule is true for every booking, so the rows
// and the total are the same. Only a filter and sort that name the bookings' own visible fields come here (no
// relation path, no `@request`/`@collection`, no modifier, no hidden or unknown field: those get PocketBase's own
// handling and errors), with a page and page size PocketBase accepts. Every page of a staff list, the first
// included, is read this way, so rows with equal sort values keep one order from page to page (the CSV export
// pages through the list). Customers and visitors never come here.

const CAMINHO = /^\/api\/collections\/agendamentos\/records\/?$/;
const CHAVE = 'kit.lista_equipe';
// PocketBase's search.DefaultPerPage and search.MaxPerPage (tools/search/provider.go).
const POR_PAGINA_PADRAO = 30;
const POR_PAGINA_MAX = 1000;
const INTEIRO = /^\d{1,9}$/;

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
  const chaves = ordem.split(',').map((chave) => chave.trim().replace(/^[-+]/, ''));
  return nomes.concat(chaves).every((nome) => campos.includes(nome));
}

/**
 * The page and page size PocketBase will answer, with the filter and sort, or null when PocketBase should take
 * the request as it is. `consulta` is the request's query (Go's url.Values; a URLSearchParams in the tests).
 */
function pedidoProfundo(consulta, campos) {
  const valor = (chave) => String(consulta.get(chave) || '');
  const paginaBruta = valor('page');
  const porPaginaBruta = valor('perPage');
  const ordem = valor('sort');
  const filtro = valor('filter');
  const numero = (bruto) => bruto === '' || INTEIRO.test(bruto);
  if (!numero(paginaBruta) || !numero(porPaginaBruta)) return null;
  const pagina = paginaBruta === '' ? 1 : Number(paginaBruta);
  if (pagina < 1 || ordem === '' || !soCamposProprios(filtro, ordem, campos)) return null;
  const pedida = porPaginaBruta === '' ? 0 : Number(porPaginaBruta);
  const porPagina = pedida <= 0 ? POR_PAGINA_PADRAO : Math.min(pedida, POR_PAGINA_MAX);
  return { pagina, porPagina, filtro, ordem };
}

/**
 * Router middleware: a staff member's page is asked of PocketBase as page 1 of one row, as the superuser (a
 * record that is never saved). Returns the staff member's record, to put back after the request, or null.
 */
function preparar(e) {
  if (e.request.method !== 'GET' || !CAMINHO.test(e.request.url.path)) return null;
  const equipe = e.auth;
  if (!equipe || equipe.collection().name !== 'usuarios' || !equipe.getBool('admin')) return null;
  const consulta = e.request.url.query();
  const pedido = pedidoProfundo(
    consulta,
    camposVisiveis(e.app.findCachedCollectionByNameOrId('agendamentos')),
  );
  if (!pedido) return null;
  consulta.set('page', '1');
  consulta.set('perPage', '1');
  e.request.url.rawQuery = consulta.encode();
  pedido.equipe = equipe;
  e.set(CHAVE, pedido);
  e.auth = new Record(e.app.findCachedCollectionByNameOrId('_superusers'));
  return equipe;
}

/**
 * onRecordsListRequest: PocketBase has parsed and counted the request; the staff member is put back (the expand
 * and the answer are theirs) and the rows of the asked page go in.
 */
function responder(e) {
  const pedido = e.get(CHAVE);
  if (!pedido) return;
  e.auth = pedido.equipe;
  const pagina = Number(pedido.pagina);
  const porPagina = Number(pedido.porPagina);
  const registros = e.app.findRecordsByFilter(
    e.collection,
    String(pedido.filtro),
    String(pedido.ordem),
    porPagina,
    (pagina - 1) * porPagina,
  );
  e.records = registros;
  e.result.items = registros;
  e.result.page = pagina;
  e.result.perPage = porPagina;
  if (e.result.totalItems >= 0) e.result.totalPages = Math.ceil(e.result.totalItems / porPagina);
}

module.exports = { preparar, responder, pedidoProfundo };
