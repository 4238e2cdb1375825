/**
 * The staff list's CSV file: the server builds it (GET /api/agendamentos/exportar.csv, every line by
 * pocketbase/pb_hooks/lib/csv_agendamentos.js: UTF-8 with a BOM, ';' between fields as Excel set to pt-BR
 * expects, every field quoted, formulas defused); the app names the download after the local day.
 */
import kitCsv from '../../../pocketbase/pb_hooks/lib/csv_agendamentos.js';

export const CSV_HEADER: readonly string[] = kitCsv.CABECALHO;

/** 'agendamentos-2026-11-01.csv' (the local day of the export). */
export function csvFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `agendamentos-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
