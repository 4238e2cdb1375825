// "Has this customer an open order?", decided once for the three runtimes, like comum.js (CommonJS, requires
// nothing): the kit filters its queries with FILTRO, the demo double and the browser test the rows they hold
// with aberto()/temPedidoAberto(). A fully refunded order (REFUNDED: a staff refund in full, or the customer's
// withdrawal once Asaas returns the money) is closed: its customer may buy again. Any other row, a partial
// refund included, is an open order and blocks a new charge.

/** The order states after which a payment row no longer counts as an order. */
const ENCERRADOS = ['REFUNDED'];

/** PocketBase filter for the `pagamentos` rows that are open orders (used beside other conditions). */
const FILTRO = ENCERRADOS.map((status) => "status_asaas != '" + status + "'").join(' && ');

/** Whether one payment row ({ status_asaas }) is an open order. */
function aberto(pagamento) {
  return ENCERRADOS.indexOf(String((pagamento && pagamento.status_asaas) || '')) < 0;
}

/** Whether any of these payment rows (one customer's) is an open order. */
function temPedidoAberto(pagamentos) {
  return (pagamentos || []).some(aberto);
}

module.exports = { ENCERRADOS, FILTRO, aberto, temPedidoAberto };
