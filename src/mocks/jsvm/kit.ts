/**
 * The kit's hook files the double runs through the JSVM stand-in (globals.ts first, then each file: its routes
 * and record hooks registered), and the MSW routes of the kit's routes it serves.
 */
import './globals';
import '../../../pocketbase/pb_hooks/agendamentos.pb.js';
import '../../../pocketbase/pb_hooks/pos_vaga.pb.js';
import { kitRoute } from './events';

export { kitUpdateRequest } from './events';

/** Confirmation and Flex (pos_vaga.pb.js, lib/remarcar.js). */
export const remarcarRoutes = [
  kitRoute('POST', '/api/compromissos/{id}/confirmado'),
  kitRoute('GET', '/api/confirmacoes/pendentes'),
  kitRoute('POST', '/api/agendamentos/{id}/flex'),
  kitRoute('POST', '/api/agendamentos/{id}/cancelamento-consulado'),
];
