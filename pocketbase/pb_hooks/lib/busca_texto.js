// The staff list searched for text anywhere in a customer's key (issue 30): a name, or part of a number or of an
// e-mail, read from the full-text index of migration 1763917000_busca_texto.js instead of `busca LIKE '%…%'` over
// every booking. Written once for the three that need it: the kit's route GET /api/agendamentos/busca
// (lib/lista_equipe.js listarPorTexto), the browser's list (src/features/bookings/api/bookings.ts) and the demo
// double's copy of the route (src/mocks/busca.ts). CommonJS, requires nothing (the key's folding, comum.js
// termoBusca, is passed in).
//
// What the route finds is, by definition, what PocketBase's own list finds with `filtroEquivalente(pedido)`: the
// list's filter for the same search and filters (src/features/bookings/list-params.ts filterParam). The server
// test (tests/server/busca-texto.test.ts) holds the two answers equal on a real PocketBase.

/** The trigram index finds pieces of 3 characters or more; a shorter search is PocketBase's `~`. */
const MINIMO = 3;

/** The staff list's sortable columns (its headers: src/features/bookings/list-params.ts SORTABLE_COLUMNS). */
const COLUNAS_DA_LISTA = [
  'created',
  'status_agendamento',
  'data_agendamento',
  'hora_agendamento',
  'local_agendamento',
  'updated',
];

/**
 * What the search and the marker may sort on: the list's columns, the stored column the status is sorted by
 * (lib/paginas.js ORDENADA_POR) and the tie key.
 */
const COLUNAS = COLUNAS_DA_LISTA.concat('status_ordem', 'id');

/** The status filter's option for an order whose invoice failed (list-params.ts INVOICE_ERROR_FILTER). */
const NOTA_ERRO = 'NOTA_ERRO';

/** PocketBase's largest page (apis.MaxPerPage). */
const MAIOR_PAGINA = 1000;

/** An instant as PocketBase stores and filters it: '2026-11-20 03:00:00.000Z'. */
const INSTANTE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const MSG = {
  soEquipe: 'Apenas a equipe pode buscar nos agendamentos.',
  curta: 'Digite pelo menos 3 caracteres para buscar.',
  invalida: 'Busca inválida: confira os filtros e a ordem da lista.',
};

/**
 * The search as the list sends it (src/features/bookings/list-params.ts), trimmed, without what no stored key or
 * instant holds and a filter would misread: backslashes (PocketBase's filter parser does not unescape them, so one
 * would swallow the closing quote) and '%' (a LIKE wildcard: PocketBase then stops escaping the text, and '%' alone
 * matched every booking).
 */
function limpo(texto) {
  return String(texto || '')
    .replace(/[\\%]/g, '')
    .trim();
}

const tamanho = (texto) => Array.from(texto).length;

/** True when this search text (and its folded key, `termoBusca(texto)`) is long enough for the index. */
function peloIndice(texto, termoBusca) {
  const q = limpo(texto);
  return tamanho(q) >= MINIMO && tamanho(termoBusca(q)) >= MINIMO;
}

/** The largest total the list may say it already knows (`total`): more bookings than any business holds. */
const MAIOR_TOTAL = 1e9;

/**
 * The request read from its query (`valor(nome)` gives '' for a missing one) into
 * { pedido: { texto, chave, status, de, ate, consulado, documentacao, ordem, pagina, porPagina, total } } or
 * { erro: MSG key }. `ordem` is the list's sort as sent ('-created,-id'). `total` is the list's total when the
 * browser already has it from another page of the same search (null when not sent): the route then answers it
 * instead of counting the matches again, which for a name one booking in ten holds is most of the time.
 */
function pedidoDe(valor, termoBusca) {
  const texto = limpo(valor('texto'));
  if (!peloIndice(texto, termoBusca)) return { erro: 'curta' };
  const status = valor('status');
  const de = valor('de');
  const ate = valor('ate');
  const ordem = valor('sort') || '-created';
  const pagina = valor('page') === '' ? 1 : Number(valor('page'));
  const porPagina = valor('perPage') === '' ? 30 : Number(valor('perPage'));
  const total = valor('total') === '' ? null : Number(valor('total'));
  const campos = ordem.split(',').map((parte) => parte.trim().replace(/^[-+]/, ''));
  const valido =
    (status === '' || status === NOTA_ERRO || /^[A-Z_]{1,40}$/.test(status)) &&
    (de === '' || INSTANTE.test(de)) &&
    (ate === '' || INSTANTE.test(ate)) &&
    campos.every((campo) => COLUNAS.indexOf(campo) >= 0) &&
    Number.isInteger(pagina) &&
    pagina >= 1 &&
    Number.isInteger(porPagina) &&
    porPagina >= 1 &&
    porPagina <= MAIOR_PAGINA &&
    (total === null || (Number.isInteger(total) && total >= 0 && total <= MAIOR_TOTAL)) &&
    valor('consulado').length <= 100 &&
    valor('documentacao').length <= 100 &&
    tamanho(texto) <= 200;
  if (!valido) return { erro: 'invalida' };
  return {
    pedido: {
      texto,
      chave: termoBusca(texto),
      status,
      de,
      ate,
      consulado: valor('consulado'),
      documentacao: valor('documentacao'),
      ordem,
      pagina,
      porPagina,
      total,
    },
  };
}

/** A value in a PocketBase filter, quoted as the SDK's pb.filter quotes it. */
const citado = (valor) => JSON.stringify(valor);

/** The filter parts other than the text, as the list writes them (list-params.ts filterParam), in its order. */
function outrasPartes(p) {
  const partes = [];
  if (p.status === NOTA_ERRO) partes.push("nota_status = 'ERROR'");
  else if (p.status) partes.push('status_agendamento = ' + citado(p.status));
  const periodo = [];
  if (p.de) periodo.push('created >= ' + citado(p.de));
  if (p.ate) periodo.push('created < ' + citado(p.ate));
  if (periodo.length) partes.push(periodo.join(' && '));
  if (p.consulado) partes.push('consulado = ' + citado(p.consulado));
  if (p.documentacao) partes.push('documentacao = ' + citado(p.documentacao));
  return partes;
}

/**
 * PocketBase's list filter that finds the same bookings: the text in the creation instant (unless it holds an '@',
 * which PocketBase refuses in a staff filter and no instant holds) or in the key, and the other filters.
 */
function filtroEquivalente(p) {
  const texto =
    (p.texto.indexOf('@') >= 0 ? '' : 'created ~ ' + citado(p.texto) + ' || ') + 'busca ~ ' + citado(p.chave);
  const partes = outrasPartes(p);
  return partes.length ? ['(' + texto + ')'].concat(partes).join(' && ') : texto;
}

/** Every creation instant has this shape ('2026-11-20 03:00:00.000Z'); `0` stands for any digit. */
const MOLDE_DO_INSTANTE = '0000-00-00 00:00:00.000Z';

/**
 * True when the text can be a piece of some creation instant (LIKE and the index both ignore case): '2026-03',
 * '03:00', '11-2'. A name, a text with a letter other than 'z', a run of 5 digits or more cannot, so the search
 * does not look for it in the instants at all: the same rows, found without reading the index's lists for the
 * instants (at a million bookings, 'silva' counted in 43 ms instead of 98 by PocketBase's SQLite).
 */
function cabeNoInstante(texto) {
  const t = String(texto).toLowerCase();
  const molde = MOLDE_DO_INSTANTE.toLowerCase();
  for (let inicio = 0; inicio + t.length <= molde.length; inicio++) {
    let cabe = true;
    for (let i = 0; i < t.length && cabe; i++) {
      const m = molde[inicio + i];
      cabe = m === '0' ? t[i] >= '0' && t[i] <= '9' : t[i] === m;
    }
    if (cabe) return true;
  }
  return false;
}

/** A phrase of the full-text query: the text as it is, quotes doubled. */
const frase = (texto) => '"' + texto.replace(/"/g, '""') + '"';

/** A LIKE pattern finding the text anywhere, its wildcards taken as themselves (ESCAPE '\'). */
const contendo = (texto) => '%' + texto.replace(/[%_]/g, '\\$&') + '%';

/**
 * The SQL of the search, two ways to the same rows (the bookings as `a`):
 * - `porIndice`: FROM the full-text index, each booking it finds looked up by id (CROSS JOIN keeps that order),
 *   then sorted: its cost follows the matches, so it wins for a rare text;
 * - `porTabela`: FROM the bookings in the sort's own index, each row's key tested with LIKE, as PocketBase's list
 *   reads it: for a text most bookings hold, the first page is found after a few hundred rows.
 * `soFiltros` is FROM the bookings with only the other filters (null without any), `achados` counts the index's
 * matches alone, `ordem` is ORDER BY the list's sort with its ties (lib/paginas.js chavesDe: `chaves`), and every
 * query takes `params`.
 */
function consulta(p, chaves) {
  const noInstante = cabeNoInstante(p.texto);
  const params = {
    m: 'busca : ' + frase(p.chave) + (noInstante ? ' OR criado : ' + frase(p.texto) : ''),
    ck: contendo(p.chave),
  };
  if (noInstante) params.cq = contendo(p.texto);
  const filtros = [];
  if (p.status === NOTA_ERRO) filtros.push("a.nota_status = 'ERROR'");
  const valores = {
    status: p.status === NOTA_ERRO ? '' : p.status,
    de: p.de,
    ate: p.ate,
    consulado: p.consulado,
    documentacao: p.documentacao,
  };
  const testes = {
    status: 'a.status_agendamento =',
    de: 'a.created >=',
    ate: 'a.created <',
    consulado: 'a.consulado =',
    documentacao: 'a.documentacao =',
  };
  for (const nome of Object.keys(testes)) {
    if (!valores[nome]) continue;
    filtros.push(testes[nome] + ' {:' + nome + '}');
    params[nome] = valores[nome];
  }
  const como =
    (noInstante ? "(a.created LIKE {:cq} ESCAPE '\\' OR " : '(') + "a.busca LIKE {:ck} ESCAPE '\\')";
  return {
    achados: 'FROM _busca_texto WHERE _busca_texto MATCH {:m}',
    porIndice:
      'FROM _busca_texto CROSS JOIN _busca_chaves k ON k.n = _busca_texto.rowid ' +
      'CROSS JOIN agendamentos a ON a.id = k.id WHERE ' +
      ['_busca_texto MATCH {:m}'].concat(filtros).join(' AND '),
    porTabela: 'FROM agendamentos a WHERE ' + [como].concat(filtros).join(' AND '),
    soFiltros: filtros.length ? 'FROM agendamentos a WHERE ' + filtros.join(' AND ') : null,
    params,
    ordem: 'ORDER BY ' + chaves.map((c) => 'a.' + c.campo + (c.desc ? ' DESC' : ' ASC')).join(', '),
  };
}

/**
 * Which way reads a page: 'tabela' when walking the sort's index is cheaper than joining every match, 'indice'
 * otherwise. `achados`: the index's matches; `total`: the bookings found (with the other filters); `base`: the
 * bookings the walk passes over (those of the other filters, or all); `salto` and `limite`: the page's offset and
 * size. The walk passes about (salto + limite) × base / total rows; a joined match costs about 10 of them (SQLite at 200,000 bookings: 1,020 matches joined and sorted in 17–23 ms, the walk to their first page of 50, past 10,000 rows, in 6–8 ms).
 */
function modo({ achados, total, base, salto, limite }) {
  return (salto + limite) * base <= 10 * achados * total ? 'tabela' : 'indice';
}

/**
 * The count's way: from the other filters' rows, testing each with LIKE, when they are no more than the index's
 * matches; from the matches otherwise.
 */
function contarPor({ achados, base }) {
  return base <= achados ? 'tabela' : 'indice';
}

module.exports = {
  MINIMO,
  cabeNoInstante,
  COLUNAS_DA_LISTA,
  COLUNAS,
  NOTA_ERRO,
  MSG,
  limpo,
  peloIndice,
  pedidoDe,
  filtroEquivalente,
  consulta,
  modo,
  contarPor,
};
