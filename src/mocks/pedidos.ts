/** Orders (pocketbase/pb_hooks/lib/pedidos.js): a charge's status, the order a paid charge writes, reconciling. */
import type { AsaasPayment } from './fake-asaas.mjs';
import type { ChargeRecord, PaymentRecord } from '@/lib/types';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import { historyEntry } from './history';
import { notifyMail } from './mailbox';
import { newId, parsePbDate, pbDate } from './util';

const { pago, encerradas, posPagamento } = regras.asaas;
export const isPaid = (status: string): boolean => pago.includes(status);
/** Paid, or after the money (refunds, chargebacks): the order exists (pb_hooks/lib/pedidos.js foiPaga). */
export const foiPaga = (charge: ChargeRecord): boolean =>
  isPaid(charge.status) || posPagamento.includes(charge.status);

/** The order (payment row) of a charge: by the charge, or by its Asaas id for rows older than the link. */
const pedidoDa = (charge: ChargeRecord): PaymentRecord | undefined =>
  getDb().pagamentos.find(
    (p) =>
      p.cobranca === charge.id ||
      (!p.cobranca && !!charge.asaas_id && p.asaas_id_pagamento === charge.asaas_id),
  );

/**
 * What a payment read from the demo's Asaas means for the charge (pb_hooks/lib/pedidos.js statusDoAsaas): DELETED
 * when removed, VALOR_DIVERGENTE when paid with less than the price per installment, PARTIALLY_REFUNDED when
 * paid with a refund listed.
 */
export function statusDoAsaas(charge: ChargeRecord, payment: AsaasPayment): string {
  if (payment.deleted) return 'DELETED';
  const status = String(payment.status || '');
  const expected = comum.parcelamento(charge.valor, charge.parcelas).valor;
  if (isPaid(status) && comum.centavos(payment.value) < comum.centavos(expected)) return 'VALOR_DIVERGENTE';
  const refunds = Array.isArray(payment.refunds) ? (payment.refunds as { status?: string }[]) : [];
  if (isPaid(status) && refunds.some((r) => r.status !== 'CANCELLED')) return 'PARTIALLY_REFUNDED';
  return status;
}

/** The order's `valor_estornado` follows the refunds listed on a payment not in installments (anotarEstornos). */
export function anotarEstornos(charge: ChargeRecord, payment: AsaasPayment): void {
  const refunds = Array.isArray(payment.refunds)
    ? (payment.refunds as { status?: string; value?: number }[])
    : [];
  const order = pedidoDa(charge);
  if (charge.parcelamento || refunds.length === 0 || !order) return;
  const sum = refunds
    .filter((r) => r.status !== 'CANCELLED')
    .reduce((total, r) => total + comum.centavos(r.value ?? 0), 0);
  if (sum > comum.centavos(order.valor_estornado ?? 0)) {
    order.valor_estornado = Math.min(sum, comum.centavos(order.preco_servico)) / 100;
  }
  saveDb();
}

function gravarPedido(charge: ChargeRecord): void {
  const db = getDb();
  if (pedidoDa(charge)) return;
  const now = pbDate(new Date());
  const payment: PaymentRecord = {
    id: newId(),
    collectionId: 'pbc_2707415296',
    collectionName: 'pagamentos',
    usuario: charge.usuario,
    cobranca: charge.id,
    tipo_servico: charge.tipo_servico,
    preco_servico: charge.valor,
    flex: charge.flex,
    metodo_pagamento: charge.metodo,
    numero_parcelas: charge.parcelas,
    asaas_id_pagamento: charge.asaas_id,
    status_asaas: charge.status,
    valor_estornado: 0,
    pago_em: now,
    created: now,
    updated: now,
  };
  db.pagamentos.push(payment);
  const bookingId = newId();
  db.historico_agendamentos.push(
    historyEntry({ id: bookingId }, [{ campo: 'status_agendamento', de: '', para: 'NOVO' }], null, now),
  );
  db.agendamentos.push({
    id: bookingId,
    collectionId: 'pbc_1453265092',
    collectionName: 'agendamentos',
    usuario: charge.usuario,
    pagamento: payment.id,
    data_agendamento: '',
    hora_agendamento: '',
    status_agendamento: 'NOVO',
    local_agendamento: '',
    formulario: '',
    nota_cliente: '',
    created: now,
    updated: now,
  });
  const user = db.usuarios.find((u) => u.id === charge.usuario);
  if (user) notifyMail({ kind: 'receipt', email: user.email, token: '', path: '/tracking' });
}

/**
 * Moves a charge to an Asaas status (pb_hooks/lib/pedidos.js aplicarStatus): a paid charge never goes back to
 * unpaid; a paid status writes the order; a status after the money reaches the payment row and the booking.
 */
export function aplicarStatus(charge: ChargeRecord, status: string, reason?: string): void {
  if (charge.status === 'REFUNDED' && status !== 'REFUNDED') return; // a refund is final
  if (foiPaga(charge) && !posPagamento.includes(status) && !isPaid(status)) return;
  const before = charge.status;
  charge.status = status;
  if (reason !== undefined) charge.motivo = reason;
  charge.ativa = !encerradas.includes(status);
  charge.updated = pbDate(new Date());
  if (isPaid(status)) gravarPedido(charge);
  if (posPagamento.includes(status) || (isPaid(status) && before !== status)) {
    const payment = pedidoDa(charge);
    if (payment && payment.status_asaas !== status) {
      payment.status_asaas = status;
      if (status === 'REFUNDED') payment.valor_estornado = payment.preco_servico;
      payment.updated = charge.updated;
      if (posPagamento.includes(status)) registrarPosPagamento(payment, status);
    }
  }
  saveDb();
}

const TEXTOS_POS_PAGAMENTO: Record<string, string> = regras.textosPosPagamento;

/** A refund or chargeback in the booking's history; a full refund closes the order (the booking CANCELADO). */
function registrarPosPagamento(payment: PaymentRecord, status: string): void {
  const db = getDb();
  const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
  if (!booking) return;
  const now = pbDate(new Date());
  const note = TEXTOS_POS_PAGAMENTO[status] ?? status;
  db.historico_agendamentos.push(
    historyEntry(booking, [{ campo: 'pagamento', de: '', para: note }], null, now),
  );
  if (status === 'REFUNDED' && booking.status_agendamento !== 'CANCELADO') {
    const change = { campo: 'status_agendamento', de: booking.status_agendamento, para: 'CANCELADO' };
    db.historico_agendamentos.push(historyEntry(booking, [change], null, now));
    booking.status_agendamento = 'CANCELADO';
    booking.updated = now;
  }
}

/** After this long without Asaas knowing an unknown charge, it was never made (pb_hooks/lib/pedidos.js conciliar). */
const UNKNOWN_CHARGE_ENDS_AFTER_MS = 600_000;
/** An unknown charge (INDETERMINADA) takes the status of the Asaas charge of its attempt, when there is one. */
export function conciliar(charge: ChargeRecord): void {
  if (charge.status !== 'INDETERMINADA') return;
  const listed = getDb().asaasCharges.filter((c) => c.externalReference === charge.tentativa);
  const asaas =
    listed.find((c) => c.id === charge.asaas_id) ?? listed.find((c) => isPaid(c.status)) ?? listed[0];
  if (asaas) {
    charge.asaas_id ||= asaas.id;
    if (asaas.installment && !charge.parcelamento) charge.parcelamento = String(asaas.installment);
    aplicarStatus(charge, statusDoAsaas(charge, asaas));
  } else if (
    Date.now() - (parsePbDate(charge.updated)?.getTime() ?? Date.now()) >
    UNKNOWN_CHARGE_ENDS_AFTER_MS
  )
    aplicarStatus(charge, 'NAO_CRIADA');
}
