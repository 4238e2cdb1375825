/**
 * Money given back (pocketbase/pb_hooks/lib/estornos.js): the customer's withdrawal and the staff refund. The steps
 * and their order are the kit's estorno_fluxo.js; the double gives it its rows, its Asaas and its mailbox (the ports).
 */
import { http, HttpResponse } from 'msw';
import type { PaymentRecord } from '@/lib/types';
import type { RecusaDoEstorno } from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import estornoFluxo, {
  type Portas,
  type PortasDaDesistencia,
  type PortasDaEquipe,
  type Resposta,
} from '../../pocketbase/pb_hooks/lib/estorno_fluxo.js';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
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
const recusa = ({ http = 400, message, campo, code }: RecusaDoEstorno) =>
  pbError(http, message, campo && code ? { [campo]: { code, message } } : {});

/** A flow's answer (estorno_fluxo.js): its refusal, or its 200 once the rows are saved and Asaas's events sent. */
function responder(resultado: Resposta): Response {
  if (resultado.erro) return recusa(resultado.erro);
  saveDb();
  entregarEventos();
  return HttpResponse.json(resultado.resposta);
}

/** An order's row. */
function pedido(id: string): PaymentRecord {
  const payment = getDb().pagamentos.find((p) => p.id === id);
  if (!payment) throw new Error(`pedido ${id} não existe`);
  return payment;
}

/**
 * estorno_fluxo.js's ports on the double's rows (estornos.js portas): written in place (the demo runs one request
 * at a time), the refund counted on the charge and the invoice (notas.ts aposEstorno), the demo's Asaas asked.
 */
const portas: Portas<PaymentRecord> = {
  ler: pedido,
  // The order's charge, as estornos.js cobrancaDe finds it: by its id, or (older rows) by its Asaas id.
  cobranca: (payment) =>
    (payment.cobranca
      ? getDb().cobrancas.find((c) => c.id === payment.cobranca)
      : payment.asaas_id_pagamento
        ? getDb().cobrancas.find((c) => c.asaas_id === payment.asaas_id_pagamento)
        : null) ?? null,
  gravar: (id, mudar) => {
    const payment = pedido(id);
    Object.assign(payment, mudar(payment));
    saveDb();
    return payment;
  },
  contar: (id, cobranca, mudar) => {
    const charge = cobranca && getDb().cobrancas.find((c) => c.id === cobranca.id);
    if (charge) charge.estorno = 'SOLICITADO';
    const payment = pedido(id);
    Object.assign(payment, mudar(payment));
    aposEstorno(payment);
    return payment;
  },
  asaas: (metodo, caminho, corpo = {}) => {
    const [pathname = '', query = ''] = `/v3${caminho}`.split('?');
    return respostaDoAsaas(asaasCall(metodo, pathname, corpo, new URLSearchParams(query)));
  },
  // The demo's calls return at once: a call "still out" is only the state a test writes.
  espera: () => undefined,
};

export const refundRoutes = [
  http.post('*/payments/desistencia', async ({ request }) => {
    await latency();
    const user = currentUser(request);
    if (!user) return pbError(401, MSG.unauthorized);
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === user.id && pedidoAberto.aberto(p));
    // The last day to withdraw: the 7th after the day of the payment (estornos.js ultimoDia).
    const paid = parsePbDate(payment?.pago_em || payment?.created)?.getTime() ?? Date.now();
    const order = payment && {
      ...payment,
      ultimoDia: prazo.ultimoDiaDesistencia(paid, regras.prazoDesistenciaDias),
    };
    const booking = payment && agendamentoDo(payment);
    const ports: PortasDaDesistencia<PaymentRecord> = {
      ...portas,
      nota: (id, campo, texto) => note(id, campo, texto, null),
      cancelar: (id, campo, texto) => {
        note(id, campo, texto, null);
        if (booking) cancelarAgendamento(booking);
      },
      daVez: alertDue,
      avisar: (_, escrever) => {
        const { cliente, equipe } = escrever(user.nome_completo);
        if (cliente) sendMessage('status', user.email, cliente);
        if (equipe) alertStaff(db.usuarios, equipe);
      },
    };
    return responder(estornoFluxo.desistir(ports, order ?? null, booking ?? null, prazo.diaSaoPaulo()));
  }),

  http.post('*/payments/estorno', async ({ request }) => {
    const { staff: user, denied } = await staffOnly(request, M.soEquipe);
    if (denied) return denied;
    const body = (await readJson(request)) ?? {};
    const ports: PortasDaEquipe<PaymentRecord> = {
      ...portas,
      nota: (id, campo, texto) => note(id, campo, texto, user),
      pedidoDoAgendamento: (corpo) => {
        const order = pedidoDoAgendamento(corpo);
        return order instanceof Response ? null : { agendamento: order.booking, pedido: order.payment };
      },
      avisar: (payment, escrever) => {
        const customer = getDb().usuarios.find((u) => u.id === payment.usuario);
        const email = customer && escrever(customer.nome_completo).cliente;
        if (customer && email) sendMessage('status', customer.email, email);
      },
    };
    return responder(estornoFluxo.estornar(ports, body));
  }),
];
