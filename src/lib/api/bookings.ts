import { pb } from '@/lib/pocketbase';
import type { BookingRecord } from '@/lib/types';

/**
 * The customer's NOVO booking, created after a payment (seed §7). Shared by checkout, which creates it, and
 * tracking, which creates it if a paid order was left without one.
 */
export function createNewBooking(userId: string, signal?: AbortSignal) {
  return pb.collection('agendamentos').create<BookingRecord>(
    {
      usuario: userId,
      data_agendamento: '',
      hora_agendamento: '',
      status_agendamento: 'NOVO',
      local_agendamento: '',
    },
    { signal },
  );
}

export async function hasBooking(userId: string, signal?: AbortSignal): Promise<boolean> {
  const list = await pb.collection('agendamentos').getList<BookingRecord>(1, 1, {
    filter: pb.filter('usuario = {:userId}', { userId }),
    signal,
  });
  return list.items.length > 0;
}

const ensuring = new Map<string, Promise<void>>();

/** Creates the NOVO booking unless one exists; concurrent callers share one attempt. */
export function ensureBooking(userId: string, signal?: AbortSignal): Promise<void> {
  const running = ensuring.get(userId);
  if (running) return running;
  const attempt = (async () => {
    if (!(await hasBooking(userId, signal))) await createNewBooking(userId, signal);
  })().finally(() => ensuring.delete(userId));
  ensuring.set(userId, attempt);
  return attempt;
}
