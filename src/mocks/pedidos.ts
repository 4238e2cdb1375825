/** Orders (pocketbase/pb_hooks/lib/pedidos.js): a charge's status, the order a paid charge writes, reconciling. */
import type { ChargeRecord, PaymentRecord } from '@/lib/types';
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

function gravarPedido(charge: ChargeRecord): void {
  const db = getDb();
  if (db.pagamentos.some((p) => p.asaas_id_pagamento === charge.asaas_id)) return;
  const now = pbDate(new Date());
  const payment: PaymentRecord = {
    id: newId(),
    collectionId: 'pbc_2707415296',
    collectionName: 'pagamentos',
    usuario: charge.usuario,
    tipo_servico: charge.tipo_servico,
    preco_servico: charge.valor,
    flex: charge.flex,
    metodo_pagamento: charge.metodo,
    numero_parcelas: charge.parcelas,
    asaas_id_pagamento: charge.asaas_id,
    status_asaas: charge.status,
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
  if (foiPaga(charge) && !posPagamento.includes(status) && !isPaid(status)) return;
  const before = charge.status;
  charge.status = status;
  if (reason !== undefined) charge.motivo = reason;
  charge.ativa = !encerradas.includes(status);
  charge.updated = pbDate(new Date());
  if (isPaid(status)) gravarPedido(charge);
  if (posPagamento.includes(status) || (isPaid(status) && before !== status)) {
    const payment = getDb().pagamentos.find((p) => p.asaas_id_pagamento === charge.asaas_id);
    if (payment && payment.status_asaas !== status) {
      payment.status_asaas = status;
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
  const asaas = getDb().asaasCharges.find((c) => c.externalReference === charge.tentativa);
  if (asaas) {
    charge.asaas_id = asaas.id;
    aplicarStatus(charge, asaas.status);
  } else if (
    Date.now() - (parsePbDate(charge.updated)?.getTime() ?? Date.now()) >
    UNKNOWN_CHARGE_ENDS_AFTER_MS
  )
    aplicarStatus(charge, 'NAO_CRIADA');
}
