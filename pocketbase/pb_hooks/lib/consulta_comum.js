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

/** The refusal of a list request's `filter` and `sort` (query texts, '' or null when absent), or ''. */
function recusaDaConsulta(filtro, ordem) {
  return VIA.test(String(filtro || '')) || VIA.test(String(ordem || '')) ? RECUSA_VIA : '';
}

module.exports = { RECUSA_VIA, recusaDaConsulta };
