/** Money given back (pocketbase/pb_hooks/lib/estornos.js): the customer's withdrawal and the staff refund. */
import { http, HttpResponse } from 'msw';
import type { ChargeRecord, PaymentRecord } from '@/lib/types';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import estornoComum, {
  type EstornoIncerto,
  type RecusaDoEstorno,
} from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import proxyComum from '../../pocketbase/pb_hooks/lib/proxy_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import { getDb, saveDb } from './db';
import { alertDue, alertStaff, sendMessage } from './mailbox';
import { note } from './dia';
import { parsePbDate } from './util';
import { currentUser, latency, MSG, pbError, readJson, staffOnly } from './http';
import { asaasCall, entregarEventos, respostaDoAsaas } from './asaas';
import { aposEstorno, pedidoDoAgendamento } from './notas';
import { agendamentoDo, cancelarAgendamento } from './pedidos';

const M = regras.estorno;

/** The answer to give for a refusal the kit decided (estorno_comum): { http (400 when unset), message }, its field. */
const recusa = ({ http = 400, message, campo, code }: Partial<RecusaDoEstorno> & { message: string }) =>
  pbError(http, message, campo && code ? { [campo]: { code, message } } : {});

/** What pedirEstorno did: Asaas's refusal to send, or the refund made ({ confirmado }: an earlier one Asaas made). */
type Estorno = { refused: Response } | { refused?: undefined; confirmado: EstornoIncerto | null };

/**
 * Counts a refund the demo's Asaas made (estornos.js contar): `valor_estornado`, the mark of a refund of unknown
 * outcome gone, the charge's refund asked, the invoice.
 */
function contar(payment: PaymentRecord, charge: ChargeRecord | undefined, valorEstornado: number): void {
  if (charge) charge.estorno = 'SOLICITADO';
  Object.assign(payment, estornoComum.SEM_INCERTO, { valor_estornado: valorEstornado });
  aposEstorno(payment);
}

/**
 * An earlier refund of unknown outcome, settled with the demo's Asaas before any other (estornos.js conferirIncerto):
 * made, it is counted ({ confirmado }); not made, its mark goes (null); Asaas silent, the answer to send.
 */
function conferirIncerto(payment: PaymentRecord, charge: ChargeRecord | undefined): Estorno | null {
  const incerto = estornoComum.incertoDe(payment);
  if (!incerto) return null;
  // Its call has not come back (here: the state a test writes; the demo's calls return at once): another waits.
  if (estornoComum.emAndamento(incerto, Date.now(), estornoComum.esperaDoAsaas()))
    return { refused: recusa({ http: 409, message: M.incertoEmAndamento }) };
  const path = estornoComum.consultaDoIncerto(charge ?? null, payment);
  const [pathname = '', query = ''] = `/v3${path}`.split('?');
  const lidos = estornoComum.pagamentosDaConsulta(
    respostaDoAsaas(asaasCall('GET', pathname, {}, new URLSearchParams(query))),
  );
  if (!lidos)
    return {
      refused: recusa({
        http: 503,
        message: estornoComum.textoDoIncerto(M.incertoSemResposta, incerto, comum.reais),
      }),
    };
  const conferido = estornoComum.conferenciaDoIncerto(incerto, lidos, payment);
  if (!conferido.feito) {
    Object.assign(payment, estornoComum.SEM_INCERTO);
    return null;
  }
  contar(payment, charge, Math.max(payment.valor_estornado ?? 0, conferido.valor_estornado));
  return { confirmado: incerto };
}

/**
 * Asks the demo's Asaas to refund an order: all that remains (`value` null) or `value` reais of it, and adds it to
 * `valor_estornado`; an earlier refund of unknown outcome settled first, the refund marked as such until Asaas answers
 * (estornos.js pedirEstorno; estorno_comum.js chamada, leituraDaResposta, estornadoDepois, conferenciaDoIncerto).
 */
function pedirEstorno(payment: PaymentRecord, value: number | null, description: string): Estorno {
  const charge = getDb().cobrancas.find(
    (c) => c.id === payment.cobranca || c.asaas_id === payment.asaas_id_pagamento,
  );
  const conferido = conferirIncerto(payment, charge);
  if (conferido) return conferido;
  const call = estornoComum.chamada(charge ?? null, payment, value, description);
  const rest = estornoComum.restante(payment);
  const before = payment.valor_estornado ?? 0;
  Object.assign(payment, estornoComum.marcaDoIncerto(value === null ? rest : value, before, Date.now()));
  saveDb();
  const answer = asaasCall('POST', `/v3${call.caminho}`, call.corpo);
  const refused = estornoComum.leituraDaResposta(respostaDoAsaas(answer), M, proxyComum.primeiroErro);
  if (refused) {
    // Refused, Asaas made nothing; without an answer the mark stays for the next refund to settle.
    Object.assign(payment, refused.http !== 503 ? estornoComum.SEM_INCERTO : estornoComum.SEM_RESPOSTA);
    saveDb();
    return { refused: recusa(refused) };
  }
  contar(payment, charge, estornoComum.estornadoDepois(before, value, rest, payment.valor_estornado ?? 0));
  return { confirmado: null };
}

/** All that remains given back (estornos.js estornarRestante): after an earlier refund Asaas made, only the rest. */
function estornarRestante(payment: PaymentRecord, description: string): Estorno {
  const done = pedirEstorno(payment, null, description);
  if (done.refused || !done.confirmado || estornoComum.restante(payment) <= 0) return done;
  const rest = pedirEstorno(payment, null, description);
  return rest.refused ? rest : done;
}

/** The customer's e-mail of a staff refund (estornos.js avisoDoEstorno): the order's refunds before it and now. */
function avisoDoEstorno(payment: PaymentRecord, antes: number): void {
  const user = getDb().usuarios.find((u) => u.id === payment.usuario);
  const dados = {
    nome: user?.nome_completo ?? '',
    antes,
    total: payment.valor_estornado ?? 0,
    encerrado: estornoComum.estornadoPorInteiro(payment),
    cartao: payment.metodo_pagamento === 'cartao_credito',
  };
  const email = emailTexto.emailDoEstorno(dados, comum.reais);
  if (user && email) sendMessage('status', user.email, email);
}

export const refundRoutes = [
  http.post('*/payments/desistencia', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === user.id && pedidoAberto.aberto(p));
    // The last day to withdraw: the 7th after the day of the payment (estornos.js ultimoDia).
    const paid = parsePbDate(payment?.pago_em || payment?.created)?.getTime() ?? Date.now();
    const pedido = payment && {
      ...payment,
      ultimoDia: prazo.ultimoDiaDesistencia(paid, regras.prazoDesistenciaDias),
    };
    const refusal = estornoComum.recusaDaDesistencia(pedido ?? null, prazo.diaSaoPaulo(), M);
    // A missing order is refused too (404), so no refusal means an order.
    if (refusal || !payment) return recusa(refusal as RecusaDoEstorno);
    const booking = agendamentoDo(payment);
    const dados = { nome: user.nome_completo, valor: comum.reais(estornoComum.restante(payment)) };
    if (booking && estornoComum.desistencia(booking.status_agendamento) === 'encaminhada') {
      // Sent again and again, it reaches staff once per interval (the kit's emails.js alertaDaVez).
      if (alertDue(`desistencia_alerta:${booking.id}`)) {
        note(booking.id, 'desistencia', M.desistenciaEncaminhada, null);
        saveDb();
        alertStaff(db.usuarios, emailTexto.emailsDaDesistencia('encaminhada', dados).equipe);
      }
      return HttpResponse.json({ resultado: 'encaminhada' });
    }
    const { refused } = estornarRestante(payment, 'Desistência da compra (art. 49 do CDC)');
    if (refused) return refused;
    if (booking) {
      note(booking.id, 'desistencia', M.desistenciaEstornada, null);
      cancelarAgendamento(booking);
    }
    saveDb();
    const { cliente, equipe } = emailTexto.emailsDaDesistencia('estornada', dados);
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
    const order = pedidoDoAgendamento(body);
    if (order instanceof Response) return order;
    const asked = estornoComum.pedidoDaEquipe(body, order.payment, M, comum.reais);
    if (asked.erro) return recusa(asked.erro);
    const before = order.payment.valor_estornado ?? 0;
    const done = pedirEstorno(order.payment, asked.valor, asked.motivo);
    if (done.refused) return done.refused;
    avisoDoEstorno(order.payment, before);
    if (done.confirmado) {
      // The earlier refund Asaas made is this one, or staff decide again on what remains now.
      note(
        order.booking.id,
        'estorno',
        estornoComum.textoDoIncerto(M.incertoNota, done.confirmado, comum.reais),
        user,
      );
      saveDb();
      entregarEventos();
      const mensagem = estornoComum.textoDoIncerto(M.incertoConfirmado, done.confirmado, comum.reais);
      return HttpResponse.json({ resultado: 'confirmado', mensagem });
    }
    note(order.booking.id, 'estorno', estornoComum.notaDaEquipe(asked, comum.reais), user);
    saveDb();
    entregarEventos();
    return HttpResponse.json({ resultado: 'solicitado' });
  }),
];
