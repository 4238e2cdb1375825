import type { BookingRecord } from '@/lib/types';

/** Seed §3: the expanded user's full name; 'Desconhecido' when the relation is empty or not visible. */
export function ownerName(booking: Pick<BookingRecord, 'expand'>): string {
  const name = booking.expand?.usuario?.nome_completo?.trim();
  return name ? name : 'Desconhecido';
}
