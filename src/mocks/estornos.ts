/** Money given back (pocketbase/pb_hooks/lib/estornos.js): the customer's withdrawal and the staff refund. */
import { http, HttpResponse } from 'msw';
import type { PaymentRecord } from '@/lib/types';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import estornoComum, { type RecusaDoEstorno } from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import proxyComum from '../../pocketbase/pb_hooks/lib/proxy_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import { getDb, saveDb } from './db';
import { alertDue, alertStaff, sendMessage } from './mailbox';
import { note, serverChange } from './dia';
import { parsePbDate } from './util';
import { currentUser, latency, MSG, pbError, readJson, staffOnly, toText } from './http';
import { asaasCall, entregarEventos, respostaDoAsaas } from './asaas';
import { aposEstorno } from './notas';

const M = regras.estorno;

/** The last day (São Paulo) to withdraw: the 7th day after the day of the payment (estornos.js ultimoDia). */
const ultimoDia = (payment: PaymentRecord): string =>
  prazo.ultimoDiaDesistencia(
    parsePbDate(payment.pago_em || payment.created)?.getTime() ?? Date.now(),
    regras.prazoDesistenciaDias,
  );

/** The answer to give for a refusal the kit decided (estorno_comum): { http (400 when unset), message }, its field. */
const recusa = ({
  http = 400,
  message,
  campo,
  code,
}: Partial<RecusaDoEstorno> & { message: string }): Response =>
  pbError(http, message, campo && code ? { [campo]: { code, message } } : {});

/**
 * Asks the demo's Asaas to refund an order: all that remains (`value` null: the installment refund for a card
 * in installments) or `value` reais of it, and adds it to `valor_estornado`. A refusal is the answer to send (what
 * Asaas's answer means is the kit's: estorno_comum.leituraDaResposta).
 */
function pedirEstorno(payment: PaymentRecord, value: number | null, description: string): Response | null {
  const charge = getDb().cobrancas.find(
    (c) => c.id === payment.cobranca || c.asaas_id === payment.asaas_id_pagamento,
  );
  const call = estornoComum.chamada(
    {
      asaasId: charge?.asaas_id || payment.asaas_id_pagamento,
      parcelamento: charge?.parcelamento ?? '',
    },
    payment,
    value,
    description,
  );
  const rest = estornoComum.restante(payment);
  const before = payment.valor_estornado ?? 0;
  const answer = asaasCall('POST', `/v3${call.caminho}`, call.corpo);
  const refused = estornoComum.leituraDaResposta(respostaDoAsaas(answer), M, proxyComum.primeiroErro);
  if (refused) return recusa(refused);
  if (charge) charge.estorno = 'SOLICITADO';
  payment.valor_estornado = estornoComum.estornadoDepois(before, value, rest, payment.valor_estornado ?? 0);
  aposEstorno(payment);
  return null;
}

export const refundRoutes = [
  http.post('*/payments/desistencia', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === user.id && pedidoAberto.aberto(p));
    const pedido = payment ? { ...payment, ultimoDia: ultimoDia(payment) } : null;
    const refusal = estornoComum.recusaDaDesistencia(pedido, prazo.diaSaoPaulo(), M);
    // A missing order is refused too (404), so no refusal means an order.
    if (refusal || !payment) return recusa(refusal as RecusaDoEstorno);
    const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
    // The e-mails are the kit's (estornos.js desistir), in its words (email_texto.js emailsDaDesistencia).
    const valor = comum.reais(estornoComum.restante(payment));
    if (booking && estornoComum.desistencia(booking.status_agendamento) === 'encaminhada') {
      // Sent again and again, it reaches staff once per interval (the kit's emails.js alertaDaVez).
      if (!alertDue(`desistencia_alerta:${booking.id}`))
        return HttpResponse.json({ resultado: 'encaminhada' });
      note(booking.id, 'desistencia', M.desistenciaEncaminhada, null);
      saveDb();
      alertStaff(
        db.usuarios,
        emailTexto.emailsDaDesistencia('encaminhada', { nome: user.nome_completo, valor }).equipe,
      );
      return HttpResponse.json({ resultado: 'encaminhada' });
    }
    const refused = pedirEstorno(payment, null, 'Desistência da compra (art. 49 do CDC)');
    if (refused) return refused;
    if (booking) {
      note(booking.id, 'desistencia', M.desistenciaEstornada, null);
      serverChange(booking.id, 'status_agendamento', booking.status_agendamento, 'CANCELADO');
      booking.status_agendamento = 'CANCELADO';
    }
    saveDb();
    const { cliente, equipe } = emailTexto.emailsDaDesistencia('estornada', {
      nome: user.nome_completo,
      valor,
    });
    if (cliente) sendMessage('status', user.email, cliente);
    alertStaff(db.usuarios, equipe);
    entregarEventos();
    return HttpResponse.json({ resultado: 'estornada' });
  }),

  http.post('*/payments/estorno', async ({ request }) => {
    const { staff: user, denied } = await staffOnly(request, M.soEquipe);
    if (denied) return denied;
    const body = (await readJson(request)) ?? {};
    if (!estornoComum.motivo(body)) {
      return pbError(400, M.motivo, { motivo: { code: 'validation_required', message: M.motivo } });
    }
    const db = getDb();
    const booking = db.agendamentos.find((b) => b.id === toText(body.agendamento));
    const payment = booking && db.pagamentos.find((p) => p.id === booking.pagamento);
    if (!booking || !payment) return pbError(404, regras.pagamento.naoEncontrado);
    const order = estornoComum.pedidoDaEquipe(body, payment, M, comum.reais);
    if (order.erro) return recusa(order.erro);
    const refused = pedirEstorno(payment, order.valor, order.motivo);
    if (refused) return refused;
    note(booking.id, 'estorno', estornoComum.notaDaEquipe(order, comum.reais), user);
    saveDb();
    entregarEventos();
    return HttpResponse.json({ resultado: 'solicitado' });
  }),
];
