import { pb } from '@/lib/pocketbase';

/** What the server did with a withdrawal: refunded it, or passed it to staff (the appointment is booked). */
export type WithdrawalOutcome = 'estornada' | 'encaminhada';

/** POST /payments/desistencia: the customer withdraws from the order (pocketbase/pb_hooks/lib/estornos.js). */
export async function withdraw(): Promise<WithdrawalOutcome> {
  const answer = await pb.send<{ resultado: WithdrawalOutcome }>('/payments/desistencia', { method: 'POST' });
  return answer.resultado;
}
