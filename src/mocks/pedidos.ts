/**
 * The orders' bookings the double's refunds (estornos.ts) reach: an order's booking, and its cancellation. The rest of
 * an order's life (a charge's status, the order a paid charge writes, reconciling) is the kit's own lib/pedidos.js,
 * which the double runs through its JSVM stand-in (src/mocks/jsvm).
 */
import type { BookingRecord, PaymentRecord } from '@/lib/types';
import { getDb } from './db';
import { serverChange } from './dia';
import { pbDate } from './util';

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
