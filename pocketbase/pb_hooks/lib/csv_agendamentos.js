// The staff list's CSV file, written once for both runtimes (issue 30): the server's streamed export
// (lib/exportar_csv.js, GET /api/agendamentos/exportar.csv) and the demo double's answer to the same route
// (src/mocks/exportar.ts) build every line here. CommonJS with no PocketBase calls (scripts/build/kit-module.ts).
// UTF-8 with a BOM, ';' between fields (what Excel set to pt-BR expects), every field quoted, CRLF; text a
// spreadsheet would run as a formula gets a leading apostrophe (decisions.md, 'Exportar CSV').

const BOM = '\uFEFF';
const SEPARADOR = ';';
const FIM_DE_LINHA = '\r\n';
const CABECALHO = [
  'ID',
  'Criado em',
  'Cliente',
  'Status',
  'Consulado',
  'Documentação',
  'Data agend.',
  'Hora agend.',
  'Local agend.',
  'Atualizado em',
  'Nota fiscal',
];

/** One quoted field; text starting with = + - @ tab or CR gets a leading apostrophe. */
function campo(valor) {
  const texto = String(valor === null || valor === undefined ? '' : valor);
  const seguro = /^[=+\-@\t\r]/.test(texto) ? "'" + texto : texto;
  return '"' + seguro.replace(/"/g, '""') + '"';
}

/** One line of the file, its end included. */
function linha(campos) {
  return campos.map(campo).join(SEPARADOR) + FIM_DE_LINHA;
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

function dois(n) {
  return (n < 10 ? '0' : '') + n;
}

function quatro(n) {
  return ('000' + n).slice(-4);
}

/** The instant of a stored timestamp (PocketBase's 'aaaa-mm-dd hh:mm:ss.mmmZ'), or null. */
function instante(texto) {
  const m = ISO.exec(String(texto || '').trim());
  if (!m || m[4] === undefined || m[7] === undefined) return null;
  const ms = Date.parse(String(texto).trim().replace(' ', 'T'));
  return isNaN(ms) ? null : ms;
}

/**
 * 'dd/mm/aaaa hh:mm' of a stored timestamp at the viewer's offset: `fuso(ms)` gives the minutes to add to UTC at
 * that instant (the browser: the local zone's; the server: the staff member's, as sent); '' when it does not parse.
 */
function dataHora(texto, fuso) {
  const ms = instante(texto);
  if (ms === null) return '';
  const d = new Date(ms + fuso(ms) * 60000);
  return (
    dois(d.getUTCDate()) +
    '/' +
    dois(d.getUTCMonth() + 1) +
    '/' +
    quatro(d.getUTCFullYear()) +
    ' ' +
    dois(d.getUTCHours()) +
    ':' +
    dois(d.getUTCMinutes())
  );
}

/** 'dd/mm/aaaa' of a booking's day: a calendar day stored at midnight UTC (or a bare 'aaaa-mm-dd'). */
function dia(texto) {
  const m = ISO.exec(String(texto || '').trim());
  if (!m) return '';
  const ano = Number(m[1]);
  const mes = Number(m[2]);
  const d = Number(m[3]);
  const valido = new Date(Date.UTC(2000, mes - 1, d));
  if (mes < 1 || mes > 12 || valido.getUTCMonth() !== mes - 1 || valido.getUTCDate() !== d) return '';
  if (m[4] === undefined) return dois(d) + '/' + dois(mes) + '/' + quatro(ano);
  const ms = instante(texto);
  if (ms === null) return '';
  const utc = new Date(ms);
  return dois(utc.getUTCDate()) + '/' + dois(utc.getUTCMonth() + 1) + '/' + quatro(utc.getUTCFullYear());
}

/** 'HH:mm' of a stored time ('9:5' → '09:05'); the text as it is when it is not a time. */
function hora(texto) {
  const valor = String(texto || '');
  const m = /^(\d{1,2}):(\d{1,2})(?::\d{1,2}(?:\.\d+)?)?$/.exec(valor.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return valor;
  return dois(Number(m[1])) + ':' + dois(Number(m[2]));
}

const REGRAS = require(`${__hooks}/lib/processo_regras.json`);

/** The consulate's name as the list shows it ('Curitiba', 'Vários consulados'), '' for none yet. */
function nomeDoConsulado(id) {
  if (!id) return '';
  if (id === REGRAS.varios.id) return REGRAS.varios.nome;
  const c = REGRAS.consulados[id];
  return c ? c.nome : id;
}

/** The documentation's state as the table's badge says it ('Pendente' when none is recorded yet). */
function documentacao(estado) {
  return REGRAS.documentacao[estado] || REGRAS.documentacao.pendente;
}

/**
 * The eleven fields of a booking as the table shows them. `b`: { id, created, updated, status, consulado,
 * documentacao, data, hora, local, nome (the customer's name, '' when not visible), nota (its order's invoice
 * number) }.
 */
function campos(b, fuso) {
  const nome = String(b.nome || '').trim();
  return [
    b.id,
    dataHora(b.created, fuso),
    nome || 'Desconhecido',
    String(b.status || '').replace(/_/g, ' '),
    nomeDoConsulado(b.consulado),
    documentacao(b.documentacao),
    dia(b.data),
    hora(b.hora),
    b.local || '',
    dataHora(b.updated, fuso),
    b.nota || '',
  ];
}

/**
 * A booking's line of the file from its own fields, read by `texto(campo)` as stored ('status_agendamento', ...),
 * with its customer's name (`nome`, '' when not visible) and its order's invoice number (`nota`).
 */
function linhaDoAgendamento(texto, nome, nota, fuso) {
  const b = { id: texto('id'), created: texto('created'), updated: texto('updated'), nome: nome, nota: nota };
  b.status = texto('status_agendamento');
  b.consulado = texto('consulado');
  b.documentacao = texto('documentacao');
  b.data = texto('data_agendamento');
  b.hora = texto('hora_agendamento');
  b.local = texto('local_agendamento');
  return linha(campos(b, fuso));
}

const FUSO_PADRAO = require(`${__hooks}/lib/prazo.js`).FUSO_MIN;

/**
 * The most rows one file holds. PocketBase ends every answer after 5 minutes (its server's WriteTimeout), and the
 * export streams about 3,000 rows a second on the bench's 2 cores (2026-11-27: a million bookings' file was cut at
 * 300 s after 894,500 rows; 199,655 took 71 s): a file past this would be cut short on a busier server, so the
 * export refuses it and asks for a narrower list instead.
 */
const LIMITE = 200000;

const MSG = {
  soEquipe: 'Apenas a equipe pode exportar os agendamentos.',
  invalido: 'Filtro, ordem ou fuso inválido para a exportação.',
  grande:
    'A exportação vai até 200.000 agendamentos por arquivo: filtre a lista (por período, status ou consulado) e exporte em partes.',
};

/** The staff member's offset from UTC in minutes, from the query ('-180'; Brasília's when absent), or null. */
function fusoDe(texto) {
  if (texto === '') return FUSO_PADRAO;
  if (!/^[-+]?\d{1,3}$/.test(texto) || Math.abs(Number(texto)) > 840) return null;
  return Number(texto);
}

/** 'agendamentos-2026-11-01.csv': the staff member's day at `agora` (ms). */
function nomeDoArquivo(agora, fuso) {
  const d = new Date(agora + fuso * 60000);
  return (
    'agendamentos-' +
    quatro(d.getUTCFullYear()) +
    '-' +
    dois(d.getUTCMonth() + 1) +
    '-' +
    dois(d.getUTCDate()) +
    '.csv'
  );
}

// The request a staff member's export may make (lib/exportar_csv.js; the demo's double asks the same).

const PALAVRAS = ['true', 'false', 'null'];

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
 * The request's filter and sort when they name only the bookings' visible fields, or null. The rows are read
 * with no rule (findRecordsByFilter), so nothing a staff member's list call could not name gets through.
 * `consulta` is the request's query (Go's url.Values; a URLSearchParams in the tests).
 */
function pedidoDaEquipe(consulta, campos) {
  const valor = (chave) => String(consulta.get(chave) || '');
  const ordem = valor('sort');
  const filtro = valor('filter');
  if (!soCamposProprios(filtro, ordem, campos)) return null;
  return { filtro, ordem };
}

/** The rows read at a time for a file (lib/exportar_csv.js; the double reads its list by these pages too). */
const POR_PAGINA = 500;

module.exports = {
  nomeDoConsulado,
  POR_PAGINA,
  BOM,
  SEPARADOR,
  FIM_DE_LINHA,
  CABECALHO,
  LIMITE,
  MSG,
  campo,
  linha,
  dataHora,
  dia,
  hora,
  campos,
  linhaDoAgendamento,
  fusoDe,
  nomeDoArquivo,
  pedidoDaEquipe,
};
