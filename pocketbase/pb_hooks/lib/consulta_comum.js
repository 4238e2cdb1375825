/**
 * What a list request of the API may ask, decided once for the kit (seguranca.pb.js) and the demo double
 * (src/mocks/lista.ts).
 *
 * A back-relation (`compromissos_via_consulado`, `atendimentos_via_agendamento`) in a filter or a sort joins
 * rows of another collection: their values stay behind that collection's rules, but whether such rows exist
 * changes which records the list returns and in what order. A customer's `GET consulados?filter=
 * compromissos_via_consulado.id = ''` would list the consulates where no one has an appointment. The app never
 * filters or sorts through one (staff expand them, which keeps each expanded record's own view rule), so only a
 * superuser's may.
 */

const RECUSA_VIA = 'Não é possível filtrar nem ordenar por registros de outra coleção.';
const VIA = /_via_/i;

/**
 * A filter without its quoted values: a text searched for ('joao_via_x@…') names no relation. A filter holding a
 * backslash is read whole, so that how an escape is read can never hide a relation (staff's search drops
 * backslashes: busca_texto.js limpo).
 */
function semTextos(texto) {
  const t = String(texto || '');
  return t.indexOf('\\') >= 0 ? t : t.replace(/'[^']*'|"[^"]*"/g, "''");
}

/** The refusal of a list request's `filter` and `sort` (query texts, '' or null when absent), or ''. */
function recusaDaConsulta(filtro, ordem) {
  return VIA.test(semTextos(filtro)) || VIA.test(String(ordem || '')) ? RECUSA_VIA : '';
}

/**
 * The refusal of a realtime subscription (`consulados/*?options={"query":{"filter":…}}`), or '': PocketBase runs
 * its filter for every change it could send, so it would answer the same question as a list. Options that do not
 * read as JSON are PocketBase's to refuse.
 */
function recusaDaAssinatura(topico) {
  const texto = String(topico || '');
  const inicio = texto.indexOf('?');
  if (inicio < 0) return '';
  const partes = texto.slice(inicio + 1).split('&');
  for (let i = 0; i < partes.length; i++) {
    if (partes[i].indexOf('options=') !== 0) continue;
    let opcoes;
    try {
      opcoes = JSON.parse(decodeURIComponent(partes[i].slice('options='.length)));
    } catch (_) {
      return '';
    }
    const consulta = (opcoes && opcoes.query) || {};
    const recusa = recusaDaConsulta(consulta.filter, consulta.sort);
    if (recusa) return recusa;
  }
  return '';
}

module.exports = { RECUSA_VIA, recusaDaConsulta, recusaDaAssinatura };
