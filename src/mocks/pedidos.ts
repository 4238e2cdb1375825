/** Orders (pocketbase/pb_hooks/lib/pedidos.js): a charge's status, the order a paid charge writes, reconciling. */
import type { ChargeRecord, PaymentRecord } from '@/lib/types';
import { getDb, saveDb } from './db';
import { historyEntry } from './history';
import { notifyMail } from './mailbox';
import { newId, parsePbDate, pbDate } from './util';

export const PAID = ['CONFIRMED', 'RECEIVED'];
const ENDED = [
  'RECUSADA',
  'REPROVED_BY_RISK_ANALYSIS',
  'CAPTURE_REFUSED',
  'DELETED',
  'OVERDUE',
  'NAO_CRIADA',
];

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

/** Moves a charge to an Asaas status; a paid charge never goes back (pb_hooks/lib/pedidos.js aplicarStatus). */
export function aplicarStatus(charge: ChargeRecord, status: string, reason?: string): void {
  if (
    PAID.includes(charge.status) &&
    !PAID.includes(status) &&
    !status.startsWith('REFUND') &&
    !status.startsWith('CHARGEBACK')
  )
    return;
  charge.status = status;
  if (reason !== undefined) charge.motivo = reason;
  charge.ativa = !ENDED.includes(status);
  charge.updated = pbDate(new Date());
  if (PAID.includes(status)) gravarPedido(charge);
  saveDb();
}

/** The demo pays a Pix a few seconds after it was made, as if the customer's bank had sent it. */
const DEMO_PIX_PAID_AFTER_MS = import.meta.env.MODE === 'test' ? 0 : 6000;
export function pagarPixDemo(): void {
  const now = Date.now();
  for (const charge of getDb().cobrancas) {
    if (charge.metodo !== 'pix' || charge.status !== 'PENDING') continue;
    const made = parsePbDate(charge.created)?.getTime() ?? now;
    if (DEMO_PIX_PAID_AFTER_MS > 0 && now - made >= DEMO_PIX_PAID_AFTER_MS) {
      const asaas = getDb().asaasCharges.find((c) => c.id === charge.asaas_id);
      if (asaas) asaas.status = 'RECEIVED';
      aplicarStatus(charge, 'RECEIVED');
    }
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
