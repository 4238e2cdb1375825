/**
 * A booking's case summary (`consulado`, `documentacao`), which the server keeps on the booking (lib/processo_resumo.js)
 * and the double computes when it reads one (registros.ts resolvePath): the kit reading a stored booking gets it too.
 */
import { caseSummary } from '../case-summary';
import { getDb } from '../db';
import { copiedColumns } from './pocketbase';

copiedColumns.agendamentos = {
  ...copiedColumns.agendamentos,
  consulado: (id: string) => caseSummary(getDb(), id).consulado,
  documentacao: (id: string) => caseSummary(getDb(), id).documentacao,
};
