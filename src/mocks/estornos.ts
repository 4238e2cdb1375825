/** Money given back (pocketbase/pb_hooks/lib/estornos.js): the customer's withdrawal and the staff refund. */
import { http, HttpResponse } from 'msw';
import type { PaymentRecord } from '@/lib/types';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import { historyEntry } from './history';
import { parsePbDate, pbDate } from './util';
import { currentUser, isObject, latency, MSG, pbError, readJson, toText } from './http';
import { asaasCall, entregarEventos, todaySaoPaulo } from './asaas';
import { aposEstorno } from './notas';

const M = regras.estorno;
/** Once the appointment is booked, a withdrawal goes to staff. */
const JA_AGENDADO = ['AGENDADO', 'FINALIZADO', 'CANCELADO'];

/** Reais of the order not yet refunded. */
const restante = (payment: PaymentRecord): number =>
  (comum.centavos(payment.preco_servico) - comum.centavos(payment.valor_estornado ?? 0)) / 100;

/** The last day (São Paulo) to withdraw: the 7th day after the day of the payment (estornos.js ultimoDia). */
const ultimoDia = (payment: PaymentRecord): string =>
  prazo.ultimoDiaDesistencia(
    parsePbDate(payment.pago_em || payment.created)?.getTime() ?? Date.now(),
    regras.prazoDesistenciaDias,
  );

/**
 * Asks the demo's Asaas to refund an order: all that remains (`value` null: the installment refund for a card
 * in installments) or `value` reais of it, and adds it to `valor_estornado`. A refusal is the answer to send.
 */
function pedirEstorno(payment: PaymentRecord, value: number | null, description: string): Response | null {
  const charge = getDb().cobrancas.find(
    (c) => c.id === payment.cobranca || c.asaas_id === payment.asaas_id_pagamento,
  );
  const rest = restante(payment);
  const body: Record<string, unknown> = { description: description.slice(0, 500) };
  let path = `/v3/payments/${encodeURIComponent(charge?.asaas_id || payment.asaas_id_pagamento)}/refund`;
  if (value !== null) body.value = value;
  else if (charge?.parcelamento) path = `/v3/installments/${encodeURIComponent(charge.parcelamento)}/refund`;
  else if (comum.centavos(payment.valor_estornado ?? 0) > 0) body.value = rest;
  // Counted from what was refunded before the call: a webhook sent before the answer may have counted it already.
  const before = comum.centavos(payment.valor_estornado ?? 0);
  const answer = asaasCall('POST', path, body);
  if (answer.status !== 200) {
    const errors = isObject(answer.body) && Array.isArray(answer.body.errors) ? answer.body.errors : [];
    const error = isObject(errors[0]) ? errors[0] : {};
    return pbError(400, toText(error.description) || M.falhou, {
      asaas: {
        code: toText(error.code) || 'estorno_recusado',
        message: toText(error.description) || M.falhou,
      },
    });
  }
  if (charge) charge.estorno = 'SOLICITADO';
  const after = before + comum.centavos(value ?? rest);
  payment.valor_estornado = Math.max(after, comum.centavos(payment.valor_estornado ?? 0)) / 100;
  aposEstorno(payment);
  return null;
}

function note(bookingId: string, campo: string, para: string, author: Parameters<typeof historyEntry>[2]) {
  getDb().historico_agendamentos.push(
    historyEntry({ id: bookingId }, [{ campo, de: '', para }], author, pbDate(new Date())),
  );
}

export const refundRoutes = [
  http.post('*/payments/desistencia', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === user.id && pedidoAberto.aberto(p));
    if (!payment) return pbError(404, M.semPedido);
    if (todaySaoPaulo() > ultimoDia(payment)) return pbError(400, M.prazo);
    if (restante(payment) <= 0) return pbError(400, M.jaEstornado);
    const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
    if (booking && JA_AGENDADO.includes(booking.status_agendamento)) {
      note(booking.id, 'desistencia', M.desistenciaEncaminhada, null);
      saveDb();
      return HttpResponse.json({ resultado: 'encaminhada' });
    }
    const refused = pedirEstorno(payment, null, 'Desistência da compra (art. 49 do CDC)');
    if (refused) return refused;
    if (booking) {
      note(booking.id, 'desistencia', M.desistenciaEstornada, null);
      const change = { campo: 'status_agendamento', de: booking.status_agendamento, para: 'CANCELADO' };
      db.historico_agendamentos.push(historyEntry(booking, [change], null, pbDate(new Date())));
      booking.status_agendamento = 'CANCELADO';
    }
    saveDb();
    entregarEventos();
    return HttpResponse.json({ resultado: 'estornada' });
  }),

  http.post('*/payments/estorno', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    if (!user.admin) return pbError(403, M.soEquipe);
    const body = (await readJson(request)) ?? {};
    const reason = toText(body.motivo).trim().slice(0, 500);
    if (!reason) {
      return pbError(400, M.motivo, {
        motivo: { code: 'validation_required', message: M.motivo },
      });
    }
    const db = getDb();
    const booking = db.agendamentos.find((b) => b.id === toText(body.agendamento));
    const payment = booking && db.pagamentos.find((p) => p.id === booking.pagamento);
    if (!booking || !payment) return pbError(404, regras.pagamento.naoEncontrado);
    const rest = restante(payment);
    if (payment.status_asaas === 'REFUNDED' || rest <= 0) return pbError(400, M.jaEstornado);
    const full = body.valor === undefined || body.valor === null || body.valor === '';
    const value = full ? null : Number(body.valor);
    const partial = comum.centavos(payment.valor_estornado ?? 0) > 0;
    // No more than what remains after earlier refunds.
    if (value !== null && !(comum.centavos(value) > 0 && comum.centavos(value) <= comum.centavos(rest))) {
      const message = partial ? M.valorRestante.replace('{restante}', formatReais(rest)) : M.valor;
      return pbError(400, message, { valor: { code: 'validation_invalid_value', message } });
    }
    const refused = pedirEstorno(payment, value, reason);
    if (refused) return refused;
    const what =
      value !== null
        ? `Estorno parcial de ${formatReais(value)}`
        : partial
          ? `Estorno do restante (${formatReais(rest)})`
          : 'Estorno integral';
    note(booking.id, 'estorno', `${what} solicitado ao Asaas. Motivo: ${reason}`, user);
    saveDb();
    entregarEventos();
    return HttpResponse.json({ resultado: 'solicitado' });
  }),
];

function formatReais(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}
