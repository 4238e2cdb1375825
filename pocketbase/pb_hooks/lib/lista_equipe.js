// The staff list without PocketBase's join and DISTINCT (issue 30).
//
// A rule that names an account's field other than its id, collection, e-mail or verification
// (`@request.auth.admin = true`) makes PocketBase join the signed-in account and select `DISTINCT agendamentos.*`:
// SQLite then builds every row an offset skips (page 2,000 of 50: 2.5 s in SQLite, against 62 ms for the same rows
// without the join). The bookings' list rule therefore names the staff by their ids, which PocketBase resolves as
// plain values: no join, no DISTINCT, a plain COUNT(*) for the total, an offset that walks the index, and every
// other part of the call (filter parser, sort, page rules, `skipTotal`, expand, errors, realtime) PocketBase's own.
//
// The rule is paginas.js regraDaLista (the demo double reads the same). The `admin` flag stays the one truth: the
// rule is written from it whenever an account's flag may have changed
// (a save or deletion of a staff account, in the same transaction), at start and every minute (rows written
// around the API: a restored backup, a script). The view rule and every other collection's rules keep
// `@request.auth.admin = true`: they read one row or the rows of one booking, where the join costs nothing.

const COLECAO = 'agendamentos';
/** The ids of the accounts with the admin flag. */
function idsDaEquipe(app) {
  const linhas = arrayOf(new DynamicModel({ id: '' }));
  app.db().newQuery('SELECT id FROM usuarios WHERE admin = TRUE ORDER BY id').all(linhas);
  return linhas.map((linha) => linha.id);
}

/** Writes the bookings' list rule from the admin flags when it says otherwise. Returns true when it changed. */
function atualizarRegra(app) {
  const colecao = app.findCollectionByNameOrId(COLECAO);
  const regra = require(`${__hooks}/lib/paginas.js`).regraDaLista(idsDaEquipe(app));
  if (colecao.listRule === regra) return false;
  colecao.listRule = regra;
  app.save(colecao);
  return true;
}

/** True when saving or deleting this account may change who is staff. */
function tocaEquipe(registro) {
  return registro.getBool('admin') || registro.original().getBool('admin');
}

/**
 * The staff list's total, counted by the kit (issue 30). PocketBase counts a list as `COUNT(DISTINCT _rowid_)` under
 * the list rule: at a million bookings that count alone is 150–180 ms on every first page of every sort, and 73 /
 * 100 ms for one status. The staff list therefore asks without the total (`skipTotal`) when it has no filter, or
 * when its filter is one the kit counts (lib/paginas.js contagemPropria: the list's own filters) and it says so
 * with `contar=1` (a page read from its neighbour sends neither, and gets no count); this fills the total in from
 * `SELECT COUNT(*)` with the filter as SQL, which SQLite answers from an index: the same number, since a staff
 * member's rule passes every booking. A customer, any other filter or a list that asked for its total keeps
 * PocketBase's own answer.
 */
function totalDaEquipe(e) {
  const resultado = e.result;
  if (!resultado || resultado.totalItems !== -1) return;
  const equipe = !!e.auth && e.auth.collection().name === 'usuarios' && e.auth.getBool('admin');
  const consulta = e.requestInfo().query;
  const contagem = require(`${__hooks}/lib/paginas.js`).contagemDaEquipe(
    equipe,
    consulta.filter,
    consulta.contar,
  );
  if (!contagem) return;
  resultado.totalItems = contarDaEquipe(e.app, contagem);
  resultado.totalPages = Math.ceil(resultado.totalItems / resultado.perPage);
}

/** The bookings of the list's own filters (lib/paginas.js contagemPropria: { onde, params }), counted from an index. */
function contarDaEquipe(app, contagem) {
  const linha = new DynamicModel({ total: 0 });
  app
    .db()
    .newQuery('SELECT COUNT(*) AS total FROM ' + COLECAO + (contagem.onde ? ' WHERE ' + contagem.onde : ''))
    .bind(contagem.params)
    .one(linha);
  return linha.total;
}

/** Throws the 403 of a route for staff only (`$apis.requireAuth('usuarios')` already refused a visitor). */
function exigirEquipe(e, mensagem) {
  if (!e.auth || e.auth.collection().name !== 'usuarios' || !e.auth.getBool('admin')) {
    throw new ForbiddenError(mensagem);
  }
}

module.exports = { atualizarRegra, tocaEquipe, totalDaEquipe, contarDaEquipe, exigirEquipe };

/**
 * GET /api/agendamentos/busca (issue 30): a page of the staff list searched for text anywhere in the customer's
 * key, read from the full-text index (lib/busca_texto.js; migration 1763917000_busca_texto.js). The query is the
 * list's: `texto` (3 characters or more), `status`, `de` and `ate` (instants as PocketBase stores them),
 * `consulado`, `documentacao`, `sort`, `page`, `perPage`; the answer is PocketBase's list page, each booking with
 * its customer (`expand=usuario`) as the list rule and the accounts' own rules let staff read it. Staff only.
 */
function listarPorTexto(e) {
  const busca = require(`${__hooks}/lib/busca_texto.js`);
  const comum = require(`${__hooks}/lib/comum.js`);
  const paginas = require(`${__hooks}/lib/paginas.js`);
  exigirEquipe(e, busca.MSG.soEquipe);
  const consultaHttp = e.request.url.query();
  const lido = busca.pedidoDe((nome) => String(consultaHttp.get(nome) || ''), comum.termoBusca);
  if (lido.erro) throw new BadRequestError(busca.MSG[lido.erro]);
  const p = lido.pedido;
  const sql = busca.consulta(p, paginas.chavesDe(p.ordem));
  /** The one number `n` a query gives, with the search's params (and `extra`). */
  const numero = (consulta, extra) => {
    const linha = new DynamicModel({ n: 0 });
    e.app
      .db()
      .newQuery(consulta)
      .bind(Object.assign({}, extra, sql.params))
      .one(linha);
    return linha.n;
  };
  const contar = (de) => numero('SELECT COUNT(*) AS n ' + de);
  // The total the list already shows (another page of this search): the matches are not counted again.
  const contado = (de) => (p.total === null ? contar(de) : p.total);
  let achados = 0;
  let total = 0;
  let base = 0;
  if (sql.soFiltros) {
    // The other filters' rows first (a count from their index), then the index's matches up to as many: past
    // that, the count and the page read those rows anyway (lib/busca_texto.js contarPor), and counting a common
    // name's every match (100,000 at a million bookings) would cost more than the rest.
    base = contar(sql.soFiltros);
    if (base > 0) {
      achados = numero('SELECT COUNT(*) AS n FROM (SELECT 1 ' + sql.achados + ' LIMIT {:teto})', {
        teto: base,
      });
      if (achados > 0)
        total = contado(busca.contarPor({ achados, base }) === 'tabela' ? sql.porTabela : sql.porIndice);
    }
  } else {
    // The index holds every booking once (the migration's triggers): its matches are the total, and its highest
    // number is about the count of bookings, read at no cost.
    achados = contado(sql.achados);
    total = achados;
    base = numero('SELECT COALESCE(MAX(n), 0) AS n FROM _busca_chaves');
  }
  const salto = (p.pagina - 1) * p.porPagina;
  const linhas = arrayOf(new DynamicModel({ id: '' }));
  if (total > salto) {
    const de =
      busca.modo({ achados, total, base, salto, limite: p.porPagina }) === 'tabela'
        ? sql.porTabela
        : sql.porIndice;
    e.app
      .db()
      .newQuery('SELECT a.id AS id ' + de + ' ' + sql.ordem + ' LIMIT {:limite} OFFSET {:salto}')
      .bind(Object.assign({ limite: p.porPagina, salto }, sql.params))
      .all(linhas);
  }
  const ids = linhas.map((linha) => linha.id);
  const porId = {};
  for (const registro of ids.length ? e.app.findRecordsByIds(COLECAO, ids) : [])
    porId[registro.id] = registro;
  const registros = ids.map((id) => porId[id]).filter(Boolean);
  $apis.enrichRecords(e, registros, 'usuario');
  return e.json(200, {
    page: p.pagina,
    perPage: p.porPagina,
    totalItems: total,
    totalPages: Math.ceil(total / p.porPagina),
    items: registros,
  });
}

module.exports.listarPorTexto = listarPorTexto;

/**
 * GET /api/agendamentos/marco (issue 30): where a page of the staff list starts, for a page far from both ends
 * opened by its link (lib/paginas.js). The query is the list's `filter` (the list's own filters only) and `sort`,
 * with `page` and `perPage`; the answer is the list's total and `anterior`, the sort's keys of the row before the
 * page (null for the first page or past the end), which the browser reads the page after as it reads a neighbour.
 * The row is found by an offset into the sort's index alone, from the nearer end: at a million bookings the middle
 * page's offset reads index entries only, where PocketBase's offset reads the bookings it skips. Staff only.
 */
function marcoDaPagina(e) {
  const busca = require(`${__hooks}/lib/busca_texto.js`);
  const paginas = require(`${__hooks}/lib/paginas.js`);
  exigirEquipe(e, busca.MSG.soEquipe);
  const consulta = e.request.url.query();
  const lido = paginas.pedidoDoMarco((nome) => String(consulta.get(nome) || ''), busca.COLUNAS);
  if (lido.erro) throw new BadRequestError(lido.erro);
  const p = lido.pedido;
  const total = contarDaEquipe(e.app, p);
  const salto = paginas.saltoDoMarco(p.inicio, total);
  let anterior = null;
  if (salto) {
    const linha = new DynamicModel(paginas.modeloDoMarco(p.chaves));
    e.app
      .db()
      .newQuery(paginas.consultaDoMarco(COLECAO, p, salto.inverter))
      .bind(Object.assign({ salto: salto.salto }, p.params))
      .one(linha);
    anterior = paginas.anteriorDe(p.chaves, linha);
  }
  return e.json(200, { totalItems: total, anterior });
}

module.exports.marcoDaPagina = marcoDaPagina;
