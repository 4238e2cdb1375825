/**
 * Orders (pocketbase/pb_hooks/lib/pedidos.js): a charge's status, the order a paid charge writes, reconciling.
 * Every move is decided by the kit's own state machine (pb_hooks/lib/cobranca_comum.js); this file keeps the
 * demo's records.
 */
import type { AsaasPayment } from '../../fake-asaas/fake-asaas.mjs';
import type { BookingRecord, ChargeRecord, PaymentRecord } from '@/lib/types';
import maquina, { type AcaoDepois, type NovoPedido } from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import estornoComum from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { asaasCall } from './asaas';
import { getDb, saveDb } from './db';
import { note, serverChange } from './dia';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import { alertStaff, notifyMail } from './mailbox';
import { aposEstorno, enviarNota } from './notas';
import { newId, onceEvery, parsePbDate, pbDate } from './util';

/** Paid, or after the money (refunds, chargebacks): the order exists. */
export const foiPaga = (charge: ChargeRecord): boolean => maquina.foiPaga(charge.status, regras);

/** The order (payment row) of a charge: by the charge, or by its Asaas id for rows older than the link. */
const pedidoDa = (charge: ChargeRecord): PaymentRecord | undefined =>
  getDb().pagamentos.find(
    (p) =>
      p.cobranca === charge.id ||
      (!p.cobranca && !!charge.asaas_id && p.asaas_id_pagamento === charge.asaas_id),
  );

/** What a payment read from the demo's Asaas means for the charge (cobranca_comum.statusDoAsaas). */
export const statusDoAsaas = (charge: ChargeRecord, payment: AsaasPayment): string =>
  maquina.statusDoAsaas(comum.parcelamento(charge.valor, charge.parcelas).valor, payment, regras);

/** The order's `valor_estornado` follows the refunds listed on the payment (cobranca_comum.valorEstornadoListado). */
export function anotarEstornos(charge: ChargeRecord, payment: AsaasPayment): void {
  const order = pedidoDa(charge);
  if (!order) return;
  const valor = maquina.valorEstornadoListado(
    charge,
    payment,
    order.preco_servico,
    order.valor_estornado ?? 0,
  );
  if (valor === null) return;
  order.valor_estornado = valor;
  saveDb();
}

/** The order's booking. */
export const agendamentoDo = (payment: PaymentRecord): BookingRecord | undefined =>
  getDb().agendamentos.find((b) => b.pagamento === payment.id);

/** The server cancels a booking (a full refund, a withdrawal): CANCELADO, and the change in its history. */
export function cancelarAgendamento(booking: BookingRecord): void {
  serverChange(booking.id, 'status_agendamento', booking.status_agendamento, 'CANCELADO');
  Object.assign(booking, { status_agendamento: 'CANCELADO', updated: pbDate(new Date()) });
}

/** The customer's other order (an open payment row), when this charge is paid (pedidos.js outroPedido). */
const outroPedido = (charge: ChargeRecord): PaymentRecord | undefined =>
  getDb().pagamentos.find(
    (p) => p.usuario === charge.usuario && p.cobranca !== charge.id && pedidoAberto.aberto(p),
  );

/** Or the customer's other live charge. */
const outraCobranca = (charge: ChargeRecord): ChargeRecord | undefined =>
  getDb().cobrancas.find((c) => c.usuario === charge.usuario && c.id !== charge.id && c.ativa);

/** Writes the order a paid charge makes (cobranca_comum.js novoPedido: its payment row and NOVO booking). */
function gravarPedido(pedido: NovoPedido, now: string): PaymentRecord {
  const db = getDb();
  const stamp = { created: now, updated: now };
  const payment: PaymentRecord = {
    ...pedido.pagamento,
    ...stamp,
    id: newId(),
    collectionId: 'pbc_2707415296',
    collectionName: 'pagamentos',
    valor_estornado: 0,
    pago_em: now,
  };
  db.pagamentos.push(payment);
  const booking: BookingRecord = {
    ...pedido.agendamento,
    ...stamp,
    id: newId(),
    collectionId: 'pbc_1453265092',
    collectionName: 'agendamentos',
    pagamento: payment.id,
    formulario: '',
    nota_cliente: '',
  };
  db.agendamentos.push(booking);
  serverChange(booking.id, 'status_agendamento', '', 'NOVO');
  return payment;
}

/** The demo's NFS-e: on, as the seed's orders show (the kit's NFSE_ATIVA). */
const NFSE_ATIVA = true;

/** Staff's alerts about a charge, in the kit's words (email_texto.js alertasDaCobranca), to every staff account. */
const ALERTAS = emailTexto.alertasDaCobranca;
const alertar = (message: Parameters<typeof alertStaff>[1]) => alertStaff(getDb().usuarios, message);
const usuario = (id: string) => getDb().usuarios.find((u) => u.id === id);

/**
 * What follows a move once it is written (cobranca_comum.d.ts AcaoDepois): the receipt, the invoice sent (the demo's
 * Asaas issues it at once), a duplicate refunded in full at the demo's Asaas, and staff's alerts (pedidos.js), with
 * `nota` the refund's or chargeback's text (plano's posPagamento).
 */
const ACOES: Record<
  AcaoDepois,
  (charge: ChargeRecord, payment: PaymentRecord | undefined, nota: string) => void
> = {
  recibo: (charge) => {
    const user = usuario(charge.usuario);
    if (user) notifyMail({ kind: 'receipt', email: user.email, token: '', path: '/tracking' });
  },
  enviarNota: (_, payment) => payment && enviarNota(payment),
  estornarDuplicada: (charge) => {
    const call = estornoComum.chamadaDaDuplicada(charge);
    const ok = asaasCall('POST', `/v3${call.caminho}`, call.corpo).status === 200;
    charge.estorno = ok ? 'SOLICITADO' : 'FALHOU';
    alertar(ALERTAS.duplicada(charge.asaas_id, ok));
  },
  alertarDivergente: (charge) => alertar(ALERTAS.divergente(charge.asaas_id, comum.reais(charge.valor))),
  alertarPosPagamento: (_, payment, nota) => {
    if (!payment) return;
    const nome = usuario(payment.usuario)?.nome_completo ?? '';
    const total = comum.reais(payment.preco_servico);
    alertar(ALERTAS.posPagamento(nota, { nome, asaasId: payment.asaas_id_pagamento, total }));
  },
};

/**
 * Moves a charge to an Asaas status as pb_hooks/lib/pedidos.js aplicarStatus does: the kit's cobranca_comum.js plano
 * decides the whole move; this applies it to the demo's records.
 */
export function aplicarStatus(charge: ChargeRecord, status: string, reason?: string): void {
  let payment = pedidoDa(charge);
  const otherOrder = payment ? undefined : outroPedido(charge);
  const otherCharge = payment || otherOrder ? undefined : outraCobranca(charge);
  const booking = payment && agendamentoDo(payment);
  const plano = maquina.plano(
    { ...charge, duplicada: charge.duplicada ?? false },
    status,
    {
      pedido: payment ?? null,
      agendamento: booking ?? null,
      outro: otherOrder ? 'pedido' : otherCharge ? 'cobranca' : null,
      motivo: reason,
      nfse: NFSE_ATIVA,
      reais: comum.reais,
    },
    regras,
  );
  if (!plano) return;
  const now = pbDate(new Date());
  Object.assign(charge, plano.cobranca, { updated: now });
  const otherBooking = otherOrder && agendamentoDo(otherOrder);
  if (plano.duplicada?.nota && otherBooking)
    note(otherBooking.id, 'pagamento_duplicado', plano.duplicada.nota, null);
  const depois = [...plano.depois];
  if (plano.pedido) {
    payment = gravarPedido(plano.pedido, now);
    depois.unshift(...plano.pedido.depois);
  }
  if (plano.pagamento && payment) {
    Object.assign(payment, plano.pagamento, { updated: now });
    const pos = plano.posPagamento;
    if (pos && booking) {
      note(booking.id, 'pagamento', pos.nota, null);
      if (pos.cancelar) cancelarAgendamento(booking);
      if (pos.aposEstorno) aposEstorno(payment);
    }
  }
  saveDb();
  depois.forEach((acao) => ACOES[acao](charge, payment, plano.posPagamento?.nota ?? ''));
  saveDb();
}

/** The charge with the ids a payment Asaas reports teaches it (cobranca_comum.idsDoPagamento). */
export const aprenderIds = (charge: ChargeRecord, payment: { id?: unknown; installment?: unknown }) =>
  Object.assign(charge, maquina.idsDoPagamento(charge, payment));

/** The kit's reconciliation timing, as a server without its environment variables runs it. */
const ESPERA_CONCILIACAO_S = maquina.PADROES.conciliarAposS;

const idadeS = (charge: ChargeRecord): number =>
  Math.floor((Date.now() - (parsePbDate(charge.updated)?.getTime() ?? Date.now())) / 1000);

/** At most one question to Asaas per charge this often, whoever reads (the kit's default; pedidos.js consultaLiberada). */
const consultas = onceEvery(maquina.PADROES.consultaIntervaloMs);

/**
 * A charge whose outcome the proxy never learnt is settled with the demo's Asaas, as pb_hooks/lib/pedidos.js
 * conciliar does: when (cobranca_comum.precisaConciliar) and with what (desfechoDaConciliacao) are the kit's.
 */
export function conciliar(charge: ChargeRecord): void {
  const status = charge.status;
  if (!maquina.precisaConciliar(status, idadeS(charge), ESPERA_CONCILIACAO_S)) return;
  if (!consultas.due(charge.id)) return;
  // The payments the demo's Asaas lists for the attempt id; without a list the charge stays as it is.
  const query = new URLSearchParams({ externalReference: charge.tentativa });
  const answer = asaasCall('GET', '/v3/payments', {}, query);
  const listed = answer.status === 200 && (answer.body as { data?: unknown } | null)?.data;
  if (!Array.isArray(listed)) return;
  const desfecho = maquina.desfechoDaConciliacao(
    charge,
    listed as AsaasPayment[],
    idadeS(charge),
    ESPERA_CONCILIACAO_S,
    regras,
  );
  const found = desfecho?.pagamento;
  if (found) aplicarStatus(aprenderIds(charge, found), statusDoAsaas(charge, found));
  // Ends only as it was read, as the kit's does (there a webhook may move it during the call).
  else if (desfecho && charge.status === status) aplicarStatus(charge, 'NAO_CRIADA');
}

/** The customer's live charge, settled with the demo's Asaas first when its outcome is unknown (pedidos.js). */
export function conciliarAtiva(userId: string): ChargeRecord | undefined {
  const live = getDb().cobrancas.find((c) => c.usuario === userId && c.ativa);
  if (live) conciliar(live);
  return live;
}
