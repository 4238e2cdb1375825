/**
 * CSV export of the staff list: UTF-8 with a BOM and ';' between fields, which is what Excel set to
 * pt-BR expects (',' is the decimal separator there), every field quoted.
 */
import { statusLabel } from '@/lib/booking-status';
import { formatCalendarDay, formatDateTime, padTime } from '@/lib/dates';
import type { BookingRecord } from '@/lib/types';
import { ownerName } from './owner-name';

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

export const CSV_HEADER = [
  'ID',
  'Criado em',
  'Cliente',
  'Status',
  'Data agend.',
  'Hora agend.',
  'Local agend.',
  'Atualizado em',
  'Nota fiscal',
] as const;

/**
 * One quoted field. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start)
 * gets a leading apostrophe: customer names and places are typed by people outside the company.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The same texts the table shows, so the file reads like the screen. */
export function bookingCsvRow(booking: BookingRecord): string[] {
  return [
    booking.id,
    formatDateTime(booking.created),
    ownerName(booking),
    statusLabel(booking.status_agendamento ?? ''),
    formatCalendarDay(booking.data_agendamento),
    padTime(booking.hora_agendamento) || (booking.hora_agendamento ?? ''),
    booking.local_agendamento ?? '',
    formatDateTime(booking.updated),
    // The order's service invoice (NFS-e) number, once the city issued it.
    booking.expand?.pagamento?.nota_numero ?? '',
  ];
}

export function buildBookingsCsv(bookings: readonly BookingRecord[]): string {
  const lines = [CSV_HEADER, ...bookings.map(bookingCsvRow)].map((fields) =>
    fields.map(csvField).join(SEPARATOR),
  );
  return CSV_BOM + lines.join(LINE_END) + LINE_END;
}

/** 'agendamentos-2026-11-01.csv' (the local day of the export). */
export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `agendamentos-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
