/** Money given back (pocketbase/pb_hooks/lib/estornos.js): the customer's withdrawal and the staff refund. */
import { http, HttpResponse } from 'msw';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import { historyEntry } from './history';
import { parsePbDate, pbDate } from './util';
import { currentUser, latency, MSG, pbError, readJson, toText } from './http';
import { refundPayment } from './asaas';

const M = regras.estorno;

export const refundRoutes = [
  http.post('*/payments/desistencia', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === user.id && p.status_asaas !== 'REFUNDED');
    if (!payment) return pbError(404, M.semPedido);
    const paid = parsePbDate(payment.created)?.getTime() ?? Date.now();
    if (Date.now() - paid > regras.prazoDesistenciaDias * 24 * 3600 * 1000) return pbError(400, M.prazo);
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
    refundPayment(payment.asaas_id_pagamento, true);
    saveDb();
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
    if (payment.status_asaas === 'REFUNDED') return pbError(400, M.jaEstornado);
    const full = body.valor === undefined || body.valor === null || body.valor === '';
    const value = Number(body.valor);
    if (!full && !(value > 0 && value <= payment.preco_servico)) {
      return pbError(400, M.valor, {
        valor: { code: 'validation_invalid_value', message: M.valor },
      });
    }
    const text = `${full ? 'Estorno integral' : `Estorno parcial de ${formatReais(value)}`} solicitado ao Asaas. Motivo: ${reason}`;
    db.historico_agendamentos.push(
      historyEntry(booking, [{ campo: 'estorno', de: '', para: text }], user, pbDate(new Date())),
    );
    refundPayment(payment.asaas_id_pagamento, full || value === payment.preco_servico);
    saveDb();
    return HttpResponse.json({ resultado: 'solicitado' });
  }),
];

function formatReais(value: number): string {
  const [whole = '0', cents = '00'] = value.toFixed(2).split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}
