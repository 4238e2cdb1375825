/**
 * Orders (pocketbase/pb_hooks/lib/pedidos.js): a charge's status, the order a paid charge writes, reconciling.
 * Every move is decided by the kit's own state machine (pb_hooks/lib/cobranca_comum.js) and its steps are the kit's
 * pedido_fluxo.js; this file gives them the demo's records (the ports).
 */
import type { AsaasPayment } from '../../fake-asaas/fake-asaas.mjs';
import type { BookingRecord, ChargeRecord, PaymentRecord } from '@/lib/types';
import maquina, { type AcaoDepois, type NovoPedido } from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import estornoComum from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import pedidoFluxo, {
  type IdsDepois,
  type PortasDoPedido,
} from '../../pocketbase/pb_hooks/lib/pedido_fluxo.js';
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
const pedidoDa = (charge: { id: string; asaas_id: string }): PaymentRecord | undefined =>
  getDb().pagamentos.find(
    (p) =>
      p.cobranca === charge.id ||
      (!p.cobranca && !!charge.asaas_id && p.asaas_id_pagamento === charge.asaas_id),
  );

/** What a payment read from the demo's Asaas means for the charge (cobranca_comum.statusDoAsaas). */
export const statusDoAsaas = (charge: ChargeRecord, payment: AsaasPayment): string =>
  pedidoFluxo.statusDoAsaas(charge, payment);

/** The order's booking. */
export const agendamentoDo = (payment: PaymentRecord): BookingRecord | undefined =>
  getDb().agendamentos.find((b) => b.pagamento === payment.id);

/** The server cancels a booking (a full refund, a withdrawal): CANCELADO, and the change in its history. */
export function cancelarAgendamento(booking: BookingRecord): void {
  // Already cancelled (a refund's webhook before the answer): nothing changes, nothing is recorded twice.
  if (booking.status_agendamento === 'CANCELADO') return;
  serverChange(booking.id, 'status_agendamento', booking.status_agendamento, 'CANCELADO');
  Object.assign(booking, { status_agendamento: 'CANCELADO', updated: pbDate(new Date()) });
}

/** Writes the order a paid charge makes (cobranca_comum.js novoPedido: its payment row and NOVO booking). */
function gravarPedido(pedido: NovoPedido): PaymentRecord {
  const db = getDb();
  const now = pbDate(new Date());
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
const cobranca = (id: string) => getDb().cobrancas.find((c) => c.id === id);
const pedido = (id: string) => getDb().pagamentos.find((p) => p.id === id);

/**
 * What follows a move once it is written (cobranca_comum.d.ts AcaoDepois), on its ids: the receipt, the invoice sent
 * (the demo's Asaas issues it at once), a duplicate refunded in full at the demo's Asaas, and staff's alerts
 * (pedidos.js), with `nota` the refund's or chargeback's text (plano's posPagamento).
 */
const ACOES: Record<AcaoDepois, (ids: IdsDepois) => void> = {
  recibo: (ids) => {
    const user = usuario(cobranca(ids.cobranca)?.usuario ?? '');
    if (user) notifyMail({ kind: 'receipt', email: user.email, token: '', path: '/tracking' });
  },
  enviarNota: (ids) => {
    const payment = pedido(ids.pagamento);
    if (payment) enviarNota(payment);
  },
  estornarDuplicada: (ids) => {
    const charge = cobranca(ids.cobranca);
    if (!charge) return;
    const call = estornoComum.chamadaDaDuplicada(charge);
    const ok = asaasCall('POST', `/v3${call.caminho}`, call.corpo).status === 200;
    charge.estorno = ok ? 'SOLICITADO' : 'FALHOU';
    alertar(ALERTAS.duplicada(charge.asaas_id, ok));
  },
  alertarDivergente: (ids) => {
    const charge = cobranca(ids.cobranca);
    if (charge) alertar(ALERTAS.divergente(charge.asaas_id, comum.reais(charge.valor)));
  },
  alertarPosPagamento: (ids) => {
    const payment = pedido(ids.pagamento);
    if (!payment) return;
    const nome = usuario(payment.usuario)?.nome_completo ?? '';
    const total = comum.reais(payment.preco_servico);
    alertar(ALERTAS.posPagamento(ids.nota ?? '', { nome, asaasId: payment.asaas_id_pagamento, total }));
  },
};

/**
 * pedido_fluxo.js's ports on the demo's rows (pedidos.js portas): written in place (the demo runs one request at a
 * time), each row stamped when it changes; the work after the "commit" goes to `depois`.
 */
export function portas(depois: (() => void)[]): PortasDoPedido<PaymentRecord> {
  const now = () => pbDate(new Date());
  return {
    pedidoDa: (charge) => pedidoDa(charge) ?? null,
    outro: (charge) => {
      const order = getDb().pagamentos.find(
        (p) => p.usuario === charge.usuario && p.cobranca !== charge.id && pedidoAberto.aberto(p),
      );
      if (order) return { tipo: 'pedido', id: order.id };
      const other = getDb().cobrancas.find(
        (c) => c.usuario === charge.usuario && c.id !== charge.id && c.ativa,
      );
      return other ? { tipo: 'cobranca', id: other.id } : null;
    },
    agendamentoDo: (id) => getDb().agendamentos.find((b) => b.pagamento === id) ?? null,
    nfse: () => NFSE_ATIVA,
    salvarCobranca: (charge, campos) => {
      const row = cobranca(charge.id);
      if (!row) return;
      // With the ids the flow's charge holds (a payment may have taught them).
      const ids = { asaas_id: charge.asaas_id, parcelamento: charge.parcelamento ?? '' };
      Object.assign(row, ids, campos, { updated: now() });
    },
    gravarPedido: (_, novo) => ({ pedido: gravarPedido(novo), criado: true }),
    salvarPedido: (id, campos) => {
      const payment = pedido(id);
      if (payment) Object.assign(payment, campos, { updated: now() });
    },
    nota: (id, campo, texto) => note(id, campo, texto, null),
    cancelar: (marcado) => {
      const booking = getDb().agendamentos.find((b) => b.id === marcado.id);
      if (booking) cancelarAgendamento(booking);
    },
    aposEstorno: (id) => {
      const payment = pedido(id);
      if (payment) aposEstorno(payment);
    },
    depois: (nomes, ids) => nomes.forEach((nome) => depois.push(() => ACOES[nome](ids))),
  };
}

/** Runs the work a move left for after it is saved, then saves again. */
export function executar(depois: (() => void)[]): void {
  saveDb();
  depois.splice(0).forEach((acao) => acao());
  saveDb();
}

/**
 * Moves a charge to an Asaas status: pedido_fluxo.js aplicarStatus (pb_hooks/lib/pedidos.js runs the same) on the
 * demo's rows, what follows run once they are saved.
 */
export function aplicarStatus(charge: ChargeRecord, status: string, reason?: string): void {
  const depois: (() => void)[] = [];
  pedidoFluxo.aplicarStatus(
    portas(depois),
    { ...charge, duplicada: charge.duplicada ?? false },
    status,
    reason,
  );
  executar(depois);
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
