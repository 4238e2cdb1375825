// Asaas's payment events, decided once for both runtimes like cobranca_comum.js: PocketBase's JSVM loads this file
// with require() (CommonJS, requiring nothing: the rules data, regras.json, is passed in as `R`), and the demo double
// (src/mocks/webhook.ts) imports it through scripts/build/kit-module.ts. It says which events count, the status a
// charge takes and what is recorded for the event; lib/webhook.js (and the double) ask Asaas and write the records.

/** Whether an event may change a charge (R.asaas.eventos): only then is its payment checked with Asaas. */
function contaEvento(evento, R) {
  return R.asaas.eventos.indexOf(evento) >= 0;
}

/**
 * Why a payment event changes nothing, as recorded for it, or null when the charge takes its status: an event that
 * changes no charge, a payment Asaas does not know (`conhecido`: Asaas reports it), or a charge this server never made
 * (`temCobranca`: the payment's charge was found).
 */
function ignorado(evento, conhecido, temCobranca, R) {
  if (!contaEvento(evento, R)) return 'ignorado: evento sem efeito';
  if (!conhecido) return 'ignorado: pagamento que o Asaas não conhece';
  if (!temCobranca) return 'ignorado: cobrança que o servidor não fez';
  return null;
}

/**
 * The status a charge takes for an event: what Asaas reports for its payment (`doAsaas`, cobranca_comum.statusDoAsaas;
 * PENDING when it says nothing), whatever the event says; an event that ends an unpaid card charge (R.asaas.recusas)
 * gives its own status unless Asaas reports the payment paid.
 */
function statusDoEvento(evento, doAsaas, R) {
  const status = doAsaas || 'PENDING';
  const recusa = Object.prototype.hasOwnProperty.call(R.asaas.recusas, evento) ? R.asaas.recusas[evento] : '';
  return recusa && R.asaas.pago.indexOf(status) < 0 ? recusa : status;
}

/** What is recorded for an event that reached a charge ({ id, status, duplicada }): its status after it. */
function resultado(cobranca) {
  return 'cobrança ' + cobranca.id + ': ' + cobranca.status + (cobranca.duplicada ? ' (duplicada)' : '');
}

module.exports = { contaEvento, ignorado, statusDoEvento, resultado };
