// The withdrawal's deadline, written once for both runtimes like comum.js (CommonJS, requires nothing), kept
// apart from it so the public pages, which load comum.js, do not carry it.

/**
 * The last day (São Paulo, YYYY-MM-DD) a customer may withdraw from an order paid at `pagoEmMs` (epoch ms): the
 * `dias`-th day after the day of the payment, which itself is not counted (Código Civil art. 132), to its end.
 */
function ultimoDiaDesistencia(pagoEmMs, dias) {
  return new Date(pagoEmMs - 3 * 3600 * 1000 + dias * 86400 * 1000).toISOString().slice(0, 10);
}

module.exports = { ultimoDiaDesistencia };
