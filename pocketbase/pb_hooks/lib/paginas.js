// Reading a sorted list page by page without making the database walk every row before the page (issue 30),
// written once for the three that read the staff list: the browser's list (src/features/bookings/api/bookings.ts),
// the kit's CSV export (lib/exportar_csv.js) and the bench (scripts/bench/bench-server.mjs); and the list's rule
// (regraDaLista: lib/lista_equipe.js writes it, the demo double reads it). CommonJS, requires nothing.
//
// An offset makes SQLite walk the sort's index from its start: page 10,000 of a million bookings reads 500,000
// index entries before its 50 rows. Two readings avoid it:
// - **After a row** (keyset): the page next to one on screen is read from the last (or first) row of that page,
//   with a filter that starts SQLite's index walk at that row. The pager (seed §4) shows the first and the last
//   page and the current one's neighbours, so every page it offers is the first, the last or a neighbour.
// - **From the other end**: a page past the middle is read in the opposite order with the small offset from the
//   end, then turned around. The last page is the reversed list's first.
// - **From its marker**: a page far from both ends opened by its link (page 10,000 of 20,000, typed or reloaded)
//   asks the kit where it starts (GET /api/agendamentos/marco: the row before it, found by an offset into the
//   sort's index alone, from the nearer end), then reads the rows after that row as a neighbour page does.
// Any other page far from both ends (a list filtered by a search) falls back to the plain offset from the nearer end.

/**
 * Keys of many values (an instant, an id): the index walk may start from the last row's value with a bound on
 * them alone. A sort ends with `created` unless it has one, then with `id`, so that each row has one place.
 */
const FINOS = ['created', 'updated', 'id'];

/**
 * Rows an offset may skip at about the cost of a count (SQLite walks 10,000 index entries in a few ms): a page
 * opened by its link within them is read by its offset, without asking for the list's total first.
 */
const PERTO = 10000;

/** PocketBase's largest page (apis.MaxPerPage). */
const MAIOR_PAGINA = 1000;

/**
 * Columns the list sorts by another stored column: the status in the process's order (NOVO, ANALISE_ERRO,
 * ANALISE_OK, AGENDADO, FINALIZADO, then CANCELADO and any other) instead of alphabetically, by the number the
 * server keeps on each booking (ordemDoStatus, lib/status_ordem.js), indexed as the other columns are (migration
 * 1763927000).
 */
const ORDENADA_POR = { status_agendamento: 'status_ordem' };

/**
 * The statuses in the process's order, as the staff list sorts them, from regras.json (`regras`): its five
 * (statusAgendamento), then the other closing statuses the kit knows (agendamentoEncerrado: CANCELADO, an older
 * value).
 */
function ordemDosStatus(regras) {
  return regras.statusAgendamento.concat(
    regras.agendamentoEncerrado.filter((s) => regras.statusAgendamento.indexOf(s) < 0),
  );
}

/**
 * A status's place in the process (1 for NOVO …; any other value, empty or unknown, after them all), which the
 * server keeps on each booking as `status_ordem` (lib/status_ordem.js; the double resolves it the same way) so the
 * staff list sorts the status column from an index. `regras`: regras.json.
 */
function ordemDoStatus(status, regras) {
  const ordem = ordemDosStatus(regras);
  const i = ordem.indexOf(String(status || ''));
  return i < 0 ? ordem.length + 1 : i + 1;
}

/** The stored columns that hold numbers: a key read by the kit's SQL (the marker) is read as a number. */
const NUMERICAS = ['status_ordem'];

/**
 * The sort's keys: its own ('-status_agendamento' or 'created,-updated'; a column of ORDENADA_POR as the column
 * that orders it: '-status_ordem'), then `created` (unless it has a key of many values) and `id` for ties, in the
 * first key's direction: the indexes are `(column, created, id)` and `(updated, id)` (migrations 1763916000,
 * 1763927000), and SQLite walks one backwards for a descending sort only when every key goes the same way. No
 * sort: newest first. [{ campo, desc }].
 */
function chavesDe(ordem) {
  const chaves = String(ordem || '-created')
    .split(',')
    .map((texto) => texto.trim())
    .filter((texto) => texto !== '')
    .map((texto) => {
      const campo = texto.replace(/^[-+]/, '');
      return { campo: ORDENADA_POR[campo] || campo, desc: texto.startsWith('-') };
    });
  const desc = chaves.length > 0 ? chaves[0].desc : true;
  // `created` only after keys of few values: `updated` is as fine, and its index is (updated, id).
  if (!chaves.some((c) => FINOS.includes(c.campo))) chaves.push({ campo: 'created', desc });
  if (!chaves.some((c) => c.campo === 'id')) chaves.push({ campo: 'id', desc });
  return chaves;
}

/** The sort as PocketBase reads it ('-status_agendamento,-created,-id'), or its reverse. */
function ordemDe(chaves, inverter) {
  return chaves.map((c) => (c.desc !== Boolean(inverter) ? '-' : '') + c.campo).join(',');
}

/** A row's values for the keys, as the API gives them (a missing value is PocketBase's empty one, ''). */
function valoresDe(chaves, linha) {
  return chaves.map((c) => {
    const valor = linha[c.campo];
    return valor === undefined || valor === null ? '' : valor;
  });
}

/**
 * The rows after (`avancar`) or before a row whose key values are `valores`, in the sort's order, as filters to
 * read one after the other, each one contiguous in that order: [{ filtro, params }], params `k0`, `k1`, … .
 * With keys (status, created, id) after (AGENDADO, c, i):
 *   1. `status = AGENDADO && created <= c && (created < c || (created = c && id < i))`: the rest of the group;
 *   2. `status < AGENDADO`: the groups after it.
 * Each is one seek into the index `(status, created)`; a single `(status < v) || (…)` filter would make SQLite
 * walk the group's rows before the page again, as an offset does.
 */
function ramos(chaves, valores, avancar) {
  const op = (c) => (c.desc === Boolean(avancar) ? '<' : '>');
  const achado = chaves.findIndex((c) => FINOS.includes(c.campo));
  const t = achado < 0 ? chaves.length - 1 : achado;
  const iguais = (de, ate) => chaves.slice(de, ate).map((c, j) => c.campo + ' = {:k' + (de + j) + '}');
  const cauda = chaves.slice(t).map(
    (c, i) =>
      '(' +
      iguais(t, t + i)
        .concat(c.campo + ' ' + op(c) + ' {:k' + (t + i) + '}')
        .join(' && ') +
      ')',
  );
  const primeiro = iguais(0, t)
    .concat(chaves[t].campo + ' ' + op(chaves[t]) + '= {:k' + t + '}', '(' + cauda.join(' || ') + ')')
    .join(' && ');
  const filtros = [primeiro];
  for (let j = t - 1; j >= 0; j--) {
    filtros.push(
      iguais(0, j)
        .concat(chaves[j].campo + ' ' + op(chaves[j]) + ' {:k' + j + '}')
        .join(' && '),
    );
  }
  const params = {};
  valores.forEach((valor, i) => (params['k' + i] = valor));
  return filtros.map((filtro) => ({ filtro, params }));
}

/**
 * The page size and page number that read the rows [inicio, inicio + quantos) of a list in one request
 * (PocketBase pages from `(page - 1) × perPage`): the smallest size from `quantos` up that fits, and how many
 * of its rows come first; null when no size up to PocketBase's largest page (1,000 rows) fits, which leaves the
 * plain offset. Near the end `inicio + quantos` itself fits; further in, one of the sizes almost always does.
 */
function janela(inicio, quantos) {
  for (let tamanho = quantos; tamanho <= MAIOR_PAGINA; tamanho++) {
    const pagina = Math.floor(inicio / tamanho) + 1;
    if (pagina * tamanho >= inicio + quantos)
      return { pagina, porPagina: tamanho, pular: inicio - (pagina - 1) * tamanho };
  }
  return null;
}

/**
 * How to read page `pagina` (1-based) of `porPagina` rows of a list sorted by `ordem`:
 * `total` is its row count when known (null otherwise), `vizinhas` the key values of the pages read beside it:
 * `{ anterior: <the last row of page pagina - 1>, seguinte: <the first row of page pagina + 1> }`.
 * Returns { modo, passos: [{ pagina, porPagina, ordem, filtro?, params? }], pular, quantos, inverter, encher }:
 * read the steps in order (each filter joined to the list's own with `&&`), until `quantos` rows when `encher`;
 * drop `pular` rows, keep `quantos`, and turn them around when `inverter`.
 */
function planoDaPagina(pedido) {
  const pagina = pedido.pagina;
  const n = pedido.porPagina;
  const chaves = chavesDe(pedido.ordem);
  const total = typeof pedido.total === 'number' && pedido.total >= 0 ? pedido.total : null;
  const vizinhas = pedido.vizinhas || {};
  const inicio = (p) => ({
    modo: 'inicio',
    passos: [{ pagina: p, porPagina: n, ordem: ordemDe(chaves, false) }],
    pular: 0,
    quantos: n,
    inverter: false,
    encher: false,
  });
  if (pagina <= 1) return inicio(1);
  const ultima = total === null ? null : Math.max(1, Math.ceil(total / n));
  if (ultima !== null && pagina > ultima)
    return { modo: 'vazia', passos: [], pular: 0, quantos: 0, inverter: false, encher: false };
  const depois = (valores, avancar) => ({
    modo: avancar ? 'depois' : 'antes',
    passos: ramos(chaves, valores, avancar).map((r) => ({
      pagina: 1,
      porPagina: n,
      ordem: ordemDe(chaves, !avancar),
      filtro: r.filtro,
      params: r.params,
    })),
    pular: 0,
    quantos: n,
    inverter: !avancar,
    encher: true,
  });
  if (vizinhas.anterior) return depois(valoresDe(chaves, vizinhas.anterior), true);
  if (vizinhas.seguinte) return depois(valoresDe(chaves, vizinhas.seguinte), false);
  if (ultima !== null && pagina - 1 > ultima - pagina) {
    const fim = Math.min(pagina * n, total);
    const quantos = fim - (pagina - 1) * n;
    const certa = janela(total - fim, quantos);
    if (certa) {
      return {
        modo: 'fim',
        passos: [{ pagina: certa.pagina, porPagina: certa.porPagina, ordem: ordemDe(chaves, true) }],
        pular: certa.pular,
        quantos,
        inverter: true,
        encher: false,
      };
    }
  }
  return inicio(pagina);
}

/**
 * A step's filter joined to the list's own (`filtro`, '' for none), or '' when neither filters. `preencher` puts
 * the step's params in its text: the SDK's `pb.filter` (quoted and escaped as PocketBase reads them).
 */
function filtroDoPasso(filtro, passo, preencher) {
  const partes = [filtro, passo.filtro ? preencher(passo.filtro, passo.params) : ''].filter((p) => p);
  return partes.map((p) => '(' + p + ')').join(' && ');
}

/**
 * Reads a page by its plan. `buscar(passo)` asks the server for one step (`porPagina` already cut to the rows
 * still missing) and resolves to its rows. Resolves to the page's rows in the list's order.
 */
function lerPagina(plano, buscar) {
  const lidas = [];
  let i = 0;
  const seguir = () => {
    const cheia = plano.encher && lidas.length >= plano.quantos;
    if (i >= plano.passos.length || cheia) {
      const linhas = lidas.slice(plano.pular, plano.pular + plano.quantos);
      return Promise.resolve(plano.inverter ? linhas.reverse() : linhas);
    }
    const passo = plano.passos[i++];
    const pedido = plano.encher
      ? Object.assign({}, passo, { porPagina: plano.quantos - lidas.length })
      : passo;
    return Promise.resolve(buscar(pedido)).then((linhas) => {
      for (const linha of linhas) lidas.push(linha);
      return seguir();
    });
  };
  return seguir();
}

/** The columns the kit counts by (each indexed first: migration 1763916000), and how each may be compared. */
const CONTAVEIS = {
  status_agendamento: ['='],
  documentacao: ['='],
  consulado: ['='],
  nota_status: ['='],
  created: ['>=', '<'],
};

/** One comparison of a filter the kit counts: a column, its operator and a plain quoted value. */
const COMPARACAO = /^\s*([a-z_]+)\s*(>=|<|=)\s*(?:"([^"\\]+)"|'([^'\\]+)')\s*$/;

/**
 * The kit's own count of a staff member's list (lib/lista_equipe.js, issue 30), as SQL, when the list's filter is
 * only what the list's filters send (list-params.ts filterParam): equalities on the status, the documentation, the
 * consulate and the invoice state, and the creation range, joined by `&&`. PocketBase counts a filtered list as
 * `COUNT(DISTINCT _rowid_)` of its rows (status AGENDADO at a million: 73 / 100 ms); SQLite counts the same rows
 * from their index. { onde, params } (`onde` is '' for no filter), or null for any other filter, which PocketBase
 * counts itself. The browser, the kit and the demo double ask this same function.
 */
function contagemPropria(filtro) {
  const texto = String(filtro || '').trim();
  if (texto === '') return { onde: '', params: {} };
  const onde = [];
  const params = {};
  for (const parte of texto.split('&&')) {
    const achado = COMPARACAO.exec(parte);
    if (!achado) return null;
    const coluna = achado[1];
    const operador = achado[2];
    if (!CONTAVEIS[coluna] || CONTAVEIS[coluna].indexOf(operador) < 0) return null;
    const nome = 'c' + onde.length;
    onde.push(coluna + ' ' + operador + ' {:' + nome + '}');
    params[nome] = achado[3] !== undefined ? achado[3] : achado[4];
  }
  return { onde: onde.join(' AND '), params };
}

/**
 * Whether the kit counts a staff list's total itself (lib/lista_equipe.js totalDaEquipe; the double's list asks
 * too): staff's (`equipe`) list of bookings asked without its total, with no filter, or with one it counts
 * (contagemPropria) and `contar` '1' saying so. The count ({ onde, params }), or null: PocketBase's own answer.
 */
function contagemDaEquipe(equipe, filtro, contar) {
  const texto = String(filtro || '').trim();
  if (!equipe || (texto !== '' && contar !== '1')) return null;
  return contagemPropria(texto);
}

/** The refusal of a marker asked for a list the kit does not read itself. */
const MSG_MARCO = 'Página inválida: confira os filtros e a ordem da lista.';

/**
 * GET /api/agendamentos/marco's request (where page `page` of `perPage` rows of the list `filter`, `sort` starts),
 * read from its query (`valor(nome)` gives '' for a missing one): { pedido: { chaves, onde, params, inicio } } or
 * { erro }. Only a list the kit counts itself (`contagemPropria`: the list's own filters) sorted by `colunas`;
 * `inicio` is the page's first row, 0-based.
 */
function pedidoDoMarco(valor, colunas) {
  const contagem = contagemPropria(valor('filter'));
  const ordem = valor('sort') || '-created';
  const chaves = chavesDe(ordem);
  const pagina = Number(valor('page'));
  const porPagina = Number(valor('perPage'));
  const valido =
    contagem !== null &&
    chaves.every((c) => colunas.indexOf(c.campo) >= 0) &&
    Number.isInteger(pagina) &&
    pagina >= 1 &&
    Number.isInteger(porPagina) &&
    porPagina >= 1 &&
    porPagina <= MAIOR_PAGINA;
  if (!valido) return { erro: MSG_MARCO };
  return {
    pedido: { chaves, onde: contagem.onde, params: contagem.params, inicio: (pagina - 1) * porPagina },
  };
}

/**
 * Where to find the row before the page: its offset in the list's order, or in the reverse order when that is
 * nearer (`inverter`), so no marker walks more than half the list. null for the first page or past the end.
 */
function saltoDoMarco(inicio, total) {
  if (inicio <= 0 || inicio > total) return null;
  const antes = inicio - 1;
  return antes < total - 1 - antes
    ? { salto: antes, inverter: false }
    : { salto: total - 1 - antes, inverter: true };
}

/** The row a marker's SQL is read into: each key's empty value ('' or, for a number, 0). */
function modeloDoMarco(chaves) {
  const campos = {};
  for (const chave of chaves) campos[chave.campo] = NUMERICAS.indexOf(chave.campo) >= 0 ? 0 : '';
  return campos;
}

/** The marker's answer (`anterior`): the sort's keys of the row before the page, as valoresDe reads them. */
function anteriorDe(chaves, linha) {
  const valores = valoresDe(chaves, linha);
  const anterior = {};
  chaves.forEach((chave, i) => {
    anterior[chave.campo] = valores[i];
  });
  return anterior;
}

/**
 * The SQL of a marker over `tabela`: the sort's keys of the row at offset {:salto}, read from the sort's index alone
 * (its columns are the keys: migration 1763916000), with the list's filter `onde` ('' for none). Newest or oldest
 * first, the index is migration 1763918000's `(created, id)`, which SQLite reads only for a query naming
 * `created != ''` (every booking meets it); any other sort's index already holds only its keys, and the term,
 * tested at each entry, would cost it (at a million, the status order's middle marker: 37 → 132 ms).
 */
function consultaDoMarco(tabela, pedido, inverter) {
  const filtros = (pedido.chaves[0].campo === 'created' ? ["created != ''"] : []).concat(
    pedido.onde ? [pedido.onde] : [],
  );
  return (
    'SELECT ' +
    pedido.chaves.map((c) => c.campo).join(', ') +
    ' FROM ' +
    tabela +
    (filtros.length ? ' WHERE ' + filtros.join(' AND ') : '') +
    ' ORDER BY ' +
    pedido.chaves.map((c) => c.campo + (c.desc !== Boolean(inverter) ? ' DESC' : ' ASC')).join(', ') +
    ' LIMIT 1 OFFSET {:salto}'
  );
}

/** The migration's list rule of the bookings: each customer's own. */
const DONO = 'usuario = @request.auth.id';

/**
 * The bookings' list rule for these staff ids (PocketBase ids: 15 characters of [a-z0-9]). The staff part comes
 * first: it names no column, so for staff SQLite's OR stops there and never reads a row's `usuario` (a count of
 * one status at a million bookings: 858 ms with the owner's test first, 48 ms with it second).
 */
function regraDaLista(ids) {
  const validos = ids.filter((id) => /^[a-z0-9]{1,32}$/.test(id)).sort();
  if (validos.length === 0) return DONO;
  const equipe = validos.map((id) => '@request.auth.id = "' + id + '"').join(' || ');
  return '(@request.auth.collectionName = "usuarios" && (' + equipe + ')) || ' + DONO;
}

module.exports = {
  regraDaLista,
  MSG_MARCO,
  pedidoDoMarco,
  saltoDoMarco,
  anteriorDe,
  modeloDoMarco,
  consultaDoMarco,
  contagemPropria,
  contagemDaEquipe,
  ORDENADA_POR,
  ordemDosStatus,
  ordemDoStatus,
  chavesDe,
  ordemDe,
  valoresDe,
  ramos,
  janela,
  planoDaPagina,
  lerPagina,
  filtroDoPasso,
  MAIOR_PAGINA,
  PERTO,
};
