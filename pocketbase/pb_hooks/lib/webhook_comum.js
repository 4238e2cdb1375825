// Asaas's payment events, decided once for both runtimes like cobranca_comum.js: PocketBase's JSVM loads this file
// with require() (CommonJS, requiring nothing: the rules data, regras.json, is passed in as `R`), and the demo double
// runs lib/webhook.js itself (src/mocks/jsvm, through scripts/build/kit-module.ts). It says which events count, what Asaas's
// answer about an event's payment means and what is recorded for the event (the status a charge takes is
// cobranca_comum.js statusDoEvento); lib/webhook.js (and the double) ask Asaas and write the records.

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

/** Why an event is not recorded when Asaas could not say what its payment or invoice is (Asaas delivers it again). */
const INDISPONIVEL = 'Asaas indisponível para confirmar o evento.';

/**
 * What Asaas's answer to GET /payments/{id} or /invoices/{id} (`resposta`: { status, json }) says of an event's
 * payment or invoice: { achado } (null when Asaas does not know it: 404), or { indisponivel: true } when Asaas did
 * not answer: the event is not recorded, and Asaas delivers it again later.
 */
function leituraDoAsaas(resposta) {
  if (resposta.status === 200 && resposta.json && resposta.json.id) return { achado: resposta.json };
  if (resposta.status === 404) return { achado: null };
  return { indisponivel: true };
}

/**
 * Where the charge a payment Asaas reports (`pagamento`) belongs to is looked for, in order, each as the fields the
 * charge holds: its Asaas id, Asaas's `installment` id (each installment of a card charge is its own payment), or
 * our attempt id (`externalReference`) while the proxy has no id yet.
 */
function buscasDoPagamento(pagamento) {
  const buscas = [];
  if (pagamento.id) buscas.push({ asaas_id: String(pagamento.id) });
  if (pagamento.installment) buscas.push({ parcelamento: String(pagamento.installment) });
  if (pagamento.externalReference) {
    buscas.push({ tentativa: String(pagamento.externalReference), asaas_id: '' });
  }
  return buscas;
}

/** What is recorded for an event that reached a charge ({ id, status, duplicada }): its status after it. */
function resultado(cobranca) {
  return 'cobrança ' + cobranca.id + ': ' + cobranca.status + (cobranca.duplicada ? ' (duplicada)' : '');
}

/** An event without its id or kind: refused, nothing recorded. */
const SEM_ID = 'Evento sem id ou tipo.';

module.exports = {
  INDISPONIVEL,
  SEM_ID,
  buscasDoPagamento,
  contaEvento,
  ignorado,
  leituraDoAsaas,
  resultado,
};
