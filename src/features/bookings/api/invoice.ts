import { pb } from '@/lib/pocketbase';

/** POST /payments/nota-fiscal: staff send a booking's failed service invoice again (pocketbase/pb_hooks/lib/notas.js). */
export const retryInvoice = (agendamento: string) =>
  pb.send('/payments/nota-fiscal', { method: 'POST', body: { agendamento } });
