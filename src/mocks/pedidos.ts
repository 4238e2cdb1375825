/**
 * Orders (pocketbase/pb_hooks/lib/pedidos.js): a charge's status, the order a paid charge writes, reconciling.
 * Every move is decided by the kit's own state machine (pb_hooks/lib/cobranca_comum.js); this file keeps the
 * demo's records.
 */
import type { AsaasPayment } from './fake-asaas.mjs';
import type { ChargeRecord, PaymentRecord } from '@/lib/types';
import maquina from '../../pocketbase/pb_hooks/lib/cobranca_comum.js';
import estornoComum from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import comum from '../../pocketbase/pb_hooks/lib/comum.js';
import pedidoAberto from '../../pocketbase/pb_hooks/lib/pedido_aberto.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { asaasCall } from './asaas';
import { getDb, saveDb } from './db';
import { note, serverChange } from './dia';
import { notifyMail } from './mailbox';
import { aposEstorno } from './notas';
import { newId, parsePbDate, pbDate } from './util';

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
    { parcelamento: charge.parcelamento ?? '' },
    payment,
    order.preco_servico,
    order.valor_estornado ?? 0,
  );
  if (valor === null) return;
  order.valor_estornado = valor;
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
  serverChange(bookingId, 'status_agendamento', '', 'NOVO');
  const user = db.usuarios.find((u) => u.id === charge.usuario);
  if (user) notifyMail({ kind: 'receipt', email: user.email, token: '', path: '/tracking' });
}

/**
 * Moves a charge to an Asaas status (pb_hooks/lib/pedidos.js aplicarStatus): a paid charge never goes back to
 * unpaid; a paid status writes the order; a status after the money reaches the payment row and the booking.
 */
export function aplicarStatus(charge: ChargeRecord, status: string, reason?: string): void {
  const passo = maquina.transicao(
    { status: charge.status, duplicada: charge.duplicada ?? false },
    status,
    regras,
  );
  if (!passo) return;
  if (passo.duplicada) {
    // Refunded on its own, never an order: its status is only recorded.
    charge.status = status;
    charge.updated = pbDate(new Date());
    saveDb();
    return;
  }
  if (passo.novoPedido && !pedidoDa(charge)) {
    const other = outroPedido(charge);
    if (other) {
      marcarDuplicada(charge, status, other);
      saveDb();
      return;
    }
  }
  charge.status = status;
  if (reason !== undefined) charge.motivo = reason;
  charge.ativa = passo.ativa ?? charge.ativa;
  charge.updated = pbDate(new Date());
  if (passo.pedido) gravarPedido(charge);
  if (passo.pagamento) {
    const payment = pedidoDa(charge);
    if (payment && payment.status_asaas !== status) {
      payment.status_asaas = status;
      if (passo.estornoTotal) payment.valor_estornado = payment.preco_servico;
      payment.updated = charge.updated;
      if (passo.posPagamento) registrarPosPagamento(payment, status);
    }
  }
  saveDb();
}

/** The customer's other order (an open payment row) or other live charge, when this charge is paid (pedidos.js). */
function outroPedido(charge: ChargeRecord): PaymentRecord | ChargeRecord | undefined {
  const db = getDb();
  return (
    db.pagamentos.find(
      (p) => p.usuario === charge.usuario && p.cobranca !== charge.id && pedidoAberto.aberto(p),
    ) ?? db.cobrancas.find((c) => c.usuario === charge.usuario && c.id !== charge.id && c.ativa)
  );
}

/**
 * A charge paid while the customer already had an order (pedidos.js marcarDuplicada): kept out of the way (not
 * live, no order), recorded in the history of the order's booking, and refunded in full at the demo's Asaas.
 */
function marcarDuplicada(charge: ChargeRecord, status: string, other: PaymentRecord | ChargeRecord): void {
  Object.assign(charge, { status, ativa: false, duplicada: true, updated: pbDate(new Date()) });
  const booking = getDb().agendamentos.find((b) => b.pagamento === other.id);
  if (booking)
    note(
      booking.id,
      'pagamento_duplicado',
      estornoComum.notaDaDuplicada(charge.asaas_id, charge.valor, comum.reais),
      null,
    );
  const call = estornoComum.chamadaDaDuplicada({
    asaasId: charge.asaas_id,
    parcelamento: charge.parcelamento ?? '',
  });
  charge.estorno =
    asaasCall('POST', `/v3${call.caminho}`, call.corpo).status === 200 ? 'SOLICITADO' : 'FALHOU';
}

const TEXTOS_POS_PAGAMENTO: Record<string, string> = regras.textosPosPagamento;

/** A refund or chargeback in the booking's history; a full refund closes the order (the booking CANCELADO). */
function registrarPosPagamento(payment: PaymentRecord, status: string): void {
  const db = getDb();
  const booking = db.agendamentos.find((b) => b.pagamento === payment.id);
  if (!booking) return;
  note(booking.id, 'pagamento', TEXTOS_POS_PAGAMENTO[status] ?? status, null);
  if (status === 'REFUNDED' && booking.status_agendamento !== 'CANCELADO') {
    serverChange(booking.id, 'status_agendamento', booking.status_agendamento, 'CANCELADO');
    booking.status_agendamento = 'CANCELADO';
    booking.updated = pbDate(new Date());
  }
  // A refund reaches the order's service invoice (pb_hooks/lib/pedidos.js registrarPosPagamento).
  if (estornoComum.chegaANota(status)) aposEstorno(payment);
}

/** Seconds after which Asaas not knowing an attempt means it never made the charge (the kit's ASAAS_CONCILIAR_APOS_S). */
const ESPERA_CONCILIACAO_S = 600;

const idadeS = (charge: ChargeRecord): number =>
  Math.floor((Date.now() - (parsePbDate(charge.updated)?.getTime() ?? Date.now())) / 1000);

/** The payments the demo's Asaas lists for an attempt id (GET /payments?externalReference=), or null without a list. */
function listadosDaTentativa(tentativa: string): AsaasPayment[] | null {
  const answer = asaasCall('GET', '/v3/payments', {}, new URLSearchParams({ externalReference: tentativa }));
  const body = answer.body as { data?: unknown } | null;
  return answer.status === 200 && Array.isArray(body?.data) ? (body.data as AsaasPayment[]) : null;
}

/**
 * A charge whose outcome the proxy never learnt is settled with the demo's Asaas, as pb_hooks/lib/pedidos.js
 * conciliar does: when (cobranca_comum.precisaConciliar) and with what (desfechoDaConciliacao) are the kit's.
 */
export function conciliar(charge: ChargeRecord): void {
  const status = charge.status;
  if (!maquina.precisaConciliar(status, idadeS(charge), ESPERA_CONCILIACAO_S)) return;
  const listed = listadosDaTentativa(charge.tentativa);
  if (!listed) return;
  const desfecho = maquina.desfechoDaConciliacao(
    { asaas_id: charge.asaas_id, parcelamento: charge.parcelamento ?? '' },
    listed,
    idadeS(charge),
    ESPERA_CONCILIACAO_S,
    regras,
  );
  if (!desfecho) return;
  // Ends only as it was read, as the kit's does (there a webhook may move it during the call).
  const found = desfecho.pagamento;
  if (!found) {
    if (charge.status === status) aplicarStatus(charge, 'NAO_CRIADA');
    return;
  }
  charge.asaas_id ||= found.id;
  if (found.installment && !charge.parcelamento) charge.parcelamento = String(found.installment);
  aplicarStatus(charge, statusDoAsaas(charge, found));
}
