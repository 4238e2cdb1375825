// The São Paulo day and the withdrawal's deadline, written once for both runtimes like comum.js (CommonJS,
// requires nothing), kept apart from it so the public pages, which load comum.js, do not carry it.

const FUSO_MS = 3 * 3600 * 1000;

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

module.exports = { diaSaoPaulo, ultimoDiaDesistencia };
