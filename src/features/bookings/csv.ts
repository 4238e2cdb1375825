/**
 * CSV export of the staff list: UTF-8 with a BOM and ';' between fields, which is what Excel set to
 * pt-BR expects (',' is the decimal separator there), every field quoted. Every line is built by the kit's
 * module (pocketbase/pb_hooks/lib/csv_agendamentos.js), which the server's streamed export
 * (GET /api/agendamentos/exportar.csv) runs too; the demo builds the file here from the same code.
 */
import kitCsv from '../../../pocketbase/pb_hooks/lib/csv_agendamentos.js';
import type { BookingRecord } from '@/lib/types';

export const CSV_BOM = kitCsv.BOM;

export const CSV_HEADER: readonly string[] = kitCsv.CABECALHO;

/**
 * One quoted field. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start)
 * gets a leading apostrophe: customer names and places are typed by people outside the company.
 */
export const csvField = (value: string): string => kitCsv.campo(value);

/** The browser's own offset at each instant, as date-fns shows times on screen. */
export const localOffset = (ms: number): number => -new Date(ms).getTimezoneOffset();

/** The same texts the table shows, so the file reads like the screen. */
export function bookingCsvRow(booking: BookingRecord): string[] {
  return kitCsv.campos(
    {
      id: booking.id,
      created: booking.created,
      updated: booking.updated,
      status: booking.status_agendamento ?? '',
      data: booking.data_agendamento ?? '',
      hora: booking.hora_agendamento ?? '',
      local: booking.local_agendamento ?? '',
      nome: booking.expand?.usuario?.nome_completo ?? '',
      // The order's service invoice (NFS-e) number, once the city issued it.
      nota: booking.expand?.pagamento?.nota_numero ?? '',
    },
    localOffset,
  );
}

export function buildBookingsCsv(bookings: readonly BookingRecord[]): string {
  return (
    CSV_BOM + [CSV_HEADER, ...bookings.map(bookingCsvRow)].map((fields) => kitCsv.linha(fields)).join('')
  );
}

/** 'agendamentos-2026-11-01.csv' (the local day of the export). */
export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `agendamentos-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
