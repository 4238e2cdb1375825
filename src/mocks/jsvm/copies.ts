/**
 * The columns the server keeps on a booking from other records, which the double computes when it answers one
 * (registros.ts resolvePath) rather than copying on save (sql.ts): a booking's record, as the kit reads it, carries
 * them. Here the case summary's consulate and documents (lib/processo_resumo.js), which lib/dia.js and
 * lib/garantia.js read (`agendamento.getString('consulado')`).
 */
import { caseSummary } from '../case-summary';
import { getDb } from '../db';

type Json = { [key: string]: unknown };

export function withCopies(collection: string, row: Json): Json {
  if (collection !== 'agendamentos' || typeof row.id !== 'string' || !row.id) return row;
  const { consulado, documentacao } = caseSummary(getDb(), row.id);
  return { ...row, consulado, documentacao };
}
