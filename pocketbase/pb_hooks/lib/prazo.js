// São Paulo's time and day, and the withdrawal's deadline, written once for both runtimes like comum.js (CommonJS,
// requires nothing), kept apart from it so the public pages, which load comum.js, do not carry it. Every module
// of the kit that reads a São Paulo time asks this one (janelas.js, calendario.js, espera.js, csv_agendamentos.js).

/**
 * The time zone of the consulates, staff and customers (consulados.json `fuso`: every Italian consulate in Brazil
 * keeps São Paulo's time), and its offset in minutes east of UTC: Brazil has kept no summer time since 2019.
 */
const FUSO = 'America/Sao_Paulo';
const FUSO_MIN = -180;
const FUSO_MS = -FUSO_MIN * 60000;

/** The calendar day (YYYY-MM-DD) in America/Sao_Paulo at `agoraMs` (UTC-3 all year since 2019); now by default. */
function diaSaoPaulo(agoraMs) {
  return new Date((agoraMs === undefined ? Date.now() : agoraMs) - FUSO_MS).toISOString().slice(0, 10);
}

/**
 * The last day (São Paulo, YYYY-MM-DD) a customer may withdraw from an order paid at `pagoEmMs` (epoch ms): the
 * `dias`-th day after the day of the payment, which itself is not counted (Código Civil art. 132), to its end.
 */
function ultimoDiaDesistencia(pagoEmMs, dias) {
  return diaSaoPaulo(pagoEmMs + dias * 86400 * 1000);
}

module.exports = { FUSO, FUSO_MIN, FUSO_MS, diaSaoPaulo, ultimoDiaDesistencia };
