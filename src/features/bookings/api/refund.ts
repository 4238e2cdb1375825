import { pb } from '@/lib/pocketbase';

/** What staff send to refund a booking's payment: all that remains (no `valor`) or `valor` reais of it. */
export interface RefundRequest {
  agendamento: string;
  valor?: number;
  motivo: string;
}

/** POST /payments/estorno: a staff refund (pocketbase/pb_hooks/lib/estornos.js). */
export const requestRefund = (body: RefundRequest) => pb.send('/payments/estorno', { method: 'POST', body });
