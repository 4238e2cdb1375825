/** Money given back (pocketbase/pb_hooks/lib/estornos.js): the customer's withdrawal and the staff refund. */
import { http, HttpResponse } from 'msw';
import type { PaymentRecord } from '@/lib/types';
import { getDb, saveDb } from './db';
import { historyEntry } from './history';
import { parsePbDate, pbDate } from './util';
import { currentUser, latency, pbError, readJson, toText } from './http';
import { PROXY_MSG } from './proxy';

const WITHDRAWAL_DAYS = 7;
const REFUND_MSG = {
  noOrder: 'Você não tem um pedido pago para desistir.',
  late: 'O prazo de 7 dias para desistir da compra já terminou. Fale com o nosso atendimento.',
  staffOnly: 'Apenas a equipe pode estornar um pagamento.',
  reason: 'Informe o motivo do estorno.',
  value: 'Informe um valor entre R$ 0,01 e o valor pago.',
  refunded: 'Este pedido já foi estornado.',
};

/** The demo's Asaas confirms a refund at once (the real server waits for Asaas's webhook). */
function refundOrder(payment: PaymentRecord, full: boolean): void {
  const db = getDb();
  payment.status_asaas = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  const charge = db.cobrancas.find((c) => c.asaas_id === payment.asaas_id_pagamento);
  if (charge && full) Object.assign(charge, { status: 'REFUNDED', ativa: false });
  const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
  if (!booking) return;
  const now = pbDate(new Date());
  const note = full
    ? 'Estorno integral confirmado pelo Asaas: pedido encerrado.'
    : 'Estorno parcial confirmado pelo Asaas.';
  db.historico_agendamentos.push(
    historyEntry(booking, [{ campo: 'pagamento', de: '', para: note }], null, now),
  );
  if (full && booking.status_agendamento !== 'CANCELADO') {
    db.historico_agendamentos.push(
      historyEntry(
        booking,
        [{ campo: 'status_agendamento', de: booking.status_agendamento, para: 'CANCELADO' }],
        null,
        now,
      ),
    );
    booking.status_agendamento = 'CANCELADO';
    booking.updated = now;
  }
}

export const refundRoutes = [
  http.post('*/payments/desistencia', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, PROXY_MSG.unauthorized);
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === user.id && p.status_asaas !== 'REFUNDED');
    if (!payment) return pbError(404, REFUND_MSG.noOrder);
    const paid = parsePbDate(payment.created)?.getTime() ?? Date.now();
    if (Date.now() - paid > WITHDRAWAL_DAYS * 24 * 3600 * 1000) return pbError(400, REFUND_MSG.late);
    const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
    const now = pbDate(new Date());
    if (booking && ['AGENDADO', 'FINALIZADO', 'CANCELADO'].includes(booking.status_agendamento)) {
      db.historico_agendamentos.push(
        historyEntry(
          booking,
          [
            {
              campo: 'desistencia',
              de: '',
              para: 'Desistência solicitada pelo cliente: encaminhada à equipe.',
            },
          ],
          null,
          now,
        ),
      );
      saveDb();
      return HttpResponse.json({ resultado: 'encaminhada' });
    }
    if (booking) {
      db.historico_agendamentos.push(
        historyEntry(
          booking,
          [
            {
              campo: 'desistencia',
              de: '',
              para: 'Desistência do cliente (art. 49 do CDC): estorno integral solicitado ao Asaas.',
            },
          ],
          null,
          now,
        ),
      );
    }
    refundOrder(payment, true);
    saveDb();
    return HttpResponse.json({ resultado: 'estornada' });
  }),

  http.post('*/payments/estorno', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, PROXY_MSG.unauthorized);
    if (!user.admin) return pbError(403, REFUND_MSG.staffOnly);
    const body = (await readJson(request)) ?? {};
    const reason = toText(body.motivo).trim().slice(0, 500);
    if (!reason) {
      return pbError(400, REFUND_MSG.reason, {
        motivo: { code: 'validation_required', message: REFUND_MSG.reason },
      });
    }
    const db = getDb();
    const booking = db.agendamentos.find((b) => b.id === toText(body.agendamento));
    const payment = booking && db.pagamentos.find((p) => p.id === booking.pagamento);
    if (!booking || !payment) return pbError(404, PROXY_MSG.notFound);
    if (payment.status_asaas === 'REFUNDED') return pbError(400, REFUND_MSG.refunded);
    const full = body.valor === undefined || body.valor === null || body.valor === '';
    const value = Number(body.valor);
    if (!full && !(value > 0 && value <= payment.preco_servico)) {
      return pbError(400, REFUND_MSG.value, {
        valor: { code: 'validation_invalid_value', message: REFUND_MSG.value },
      });
    }
    const text = `${full ? 'Estorno integral' : `Estorno parcial de ${formatReais(value)}`} solicitado ao Asaas. Motivo: ${reason}`;
    db.historico_agendamentos.push(
      historyEntry(booking, [{ campo: 'estorno', de: '', para: text }], user, pbDate(new Date())),
    );
    refundOrder(payment, full || value === payment.preco_servico);
    saveDb();
    return HttpResponse.json({ resultado: 'solicitado' });
  }),
];

function formatReais(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}
