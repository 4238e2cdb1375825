// GET /api/agendamentos/exportar.csv (issue 30): the staff list's filtered rows as the CSV file of the 'Exportar
// CSV' button, streamed: read from the database 500 rows at a time and written to the answer page by page, so
// neither the server nor PocketBase ever holds the whole list. The file's lines are the kit's
// (lib/csv_agendamentos.js, which the demo runs in the browser). The query is the list's own: `filter` and `sort`
// as the list sends them to PocketBase (the bookings' visible fields only; the search for a CPF, a phone or an
// e-mail already in its indexed form), and `fuso`, the staff member's offset from UTC
// in minutes (-180 for Brasília, the default), for the times. Staff only: 401 without a session, 403 for a customer.

/** The collection's fields a non-superuser may filter and sort on. */
function camposVisiveis(colecao) {
  const nomes = [];
  for (const campo of colecao.fields) if (!campo.getHidden()) nomes.push(campo.getName());
  return nomes;
}

const POR_PAGINA = require(`${__hooks}/lib/csv_agendamentos.js`).POR_PAGINA;

/** The rows read at a time: 500, or EXPORTAR_LOTE (the tests use a small one to cross many pages). */
function lote() {
  const n = Number($os.getenv('EXPORTAR_LOTE'));
  return Number.isInteger(n) && n > 0 ? n : POR_PAGINA;
}

/** The most rows a file holds: csv.LIMITE, or EXPORTAR_LIMITE (the tests use a small one). */
function limite(csv) {
  const n = Number($os.getenv('EXPORTAR_LIMITE'));
  return Number.isInteger(n) && n > 0 ? n : csv.LIMITE;
}

/** A row's value for a key as the database compares it: numbers and flags as they are, the rest as text. */
function valorDe(registro, campo) {
  const valor = registro.get(campo);
  return typeof valor === 'number' || typeof valor === 'boolean' ? valor : registro.getString(campo);
}

function exportar(e) {
  const csv = require(`${__hooks}/lib/csv_agendamentos.js`);
  const lista = require(`${__hooks}/lib/lista_equipe.js`);
  lista.exigirEquipe(e, csv.MSG.soEquipe);
  const consulta = e.request.url.query();
  const colecao = e.app.findCachedCollectionByNameOrId('agendamentos');
  const pedido = csv.pedidoDaEquipe(consulta, camposVisiveis(colecao));
  const fuso = csv.fusoDe(String(consulta.get('fuso') || ''));
  if (!pedido || fuso === null) throw new BadRequestError(csv.MSG.invalido);
  const filtro = pedido.filtro || "id != ''";
  // The list's order with its ties (lib/paginas.js), and each page read from the last row of the one before.
  const paginas = require(`${__hooks}/lib/paginas.js`);
  const chaves = paginas.chavesDe(pedido.ordem);
  const ordem = paginas.ordemDe(chaves, false);
  const tamanho = lote();
  const ler = (extra, params, quantos) =>
    e.app.findRecordsByFilter(
      'agendamentos',
      extra ? `(${filtro}) && (${extra})` : filtro,
      ordem,
      quantos,
      0,
      params,
    );
  const pagina = (ultimo) => {
    const registros = [];
    const ramos = ultimo
      ? paginas.ramos(
          chaves,
          chaves.map((c) => valorDe(ultimo, c.campo)),
          true,
        )
      : [{ filtro: '', params: {} }];
    for (const ramo of ramos) {
      if (registros.length >= tamanho) break;
      for (const r of ler(ramo.filtro, ramo.params, tamanho - registros.length)) registros.push(r);
    }
    e.app.expandRecords(registros, ['usuario', 'pagamento'], null);
    return registros;
  };
  // A list past one file's rows (csv.LIMITE) is refused before anything is sent, rather than cut short by PocketBase's
  // 5 minutes: counted from an index when the filter is the list's own (lib/paginas.js contagemPropria); any other
  // (a search) by asking for the row just past the limit, which stops at it instead of counting every match.
  const contagem = paginas.contagemPropria(pedido.filtro);
  let grande;
  let registros;
  try {
    grande = contagem
      ? lista.contarDaEquipe(e.app, contagem) > limite(csv)
      : e.app.findRecordsByFilter('agendamentos', filtro, '', 1, limite(csv)).length > 0;
    registros = grande ? [] : pagina(null);
  } catch (_) {
    throw new BadRequestError(csv.MSG.invalido);
  }
  if (grande) throw new BadRequestError(csv.MSG.grande);
  const cabecalhos = e.response.header();
  cabecalhos.set('Content-Type', 'text/csv; charset=utf-8');
  cabecalhos.set('Content-Disposition', 'attachment; filename="' + csv.nomeDoArquivo(Date.now(), fuso) + '"');
  cabecalhos.set('Cache-Control', 'no-store');
  e.response.writeHeader(200);
  const porFuso = () => fuso;
  let texto = csv.BOM + csv.linha(csv.CABECALHO);
  for (;;) {
    for (const r of registros) {
      const usuario = r.expandedOne('usuario');
      const pagamento = r.expandedOne('pagamento');
      texto += csv.linhaDoAgendamento(
        (campo) => r.getString(campo),
        usuario ? usuario.getString('nome_completo') : '',
        pagamento ? pagamento.getString('nota_numero') : '',
        porFuso,
      );
    }
    e.response.write(texto);
    e.flush();
    texto = '';
    if (registros.length < tamanho) break;
    registros = pagina(registros[registros.length - 1]);
  }
  return null;
}

module.exports = { exportar, POR_PAGINA };
