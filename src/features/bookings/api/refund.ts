import { pb } from '@/lib/pocketbase';

/** What staff send to refund a booking's payment: all that remains (no `valor`) or `valor` reais of it. */
export interface RefundRequest {
  agendamento: string;
  valor?: number;
  motivo: string;
}

/**
 * What the server did: asked Asaas for the refund ('solicitado'), or found that an earlier refund Asaas never
 * answered was made, counted it and asked nothing ('confirmado', with its pt-BR `mensagem`).
 */
export type RefundOutcome = { resultado: 'solicitado' } | { resultado: 'confirmado'; mensagem: string };

/** POST /payments/estorno: a staff refund (pocketbase/pb_hooks/lib/estornos.js). */
export const requestRefund = (body: RefundRequest) =>
  pb.send<RefundOutcome>('/payments/estorno', { method: 'POST', body });
