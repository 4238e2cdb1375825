/**
 * The kit's hook files the double runs through the JSVM stand-in (globals.ts first, then each file: its routes
 * and record hooks registered), and the MSW routes of the kit's routes it serves.
 */
import './globals';
import '../../../pocketbase/pb_hooks/agendamentos.pb.js';
import '../../../pocketbase/pb_hooks/pos_vaga.pb.js';
import '../../../pocketbase/pb_hooks/dia.pb.js';
import * as historicoJs from '../../../pocketbase/pb_hooks/lib/historico.js';
import * as emailsStatusJs from '../../../pocketbase/pb_hooks/lib/emails_status.js';
import agendaFluxo, { type PortasDoAviso } from '../../../pocketbase/pb_hooks/lib/agenda_fluxo.js';
import type { Json } from '../http';
import { kitRoute } from './events';
import { app, Record, type App } from './pocketbase';

export { kitUpdateRequest } from './events';
export { kitCreateRequest } from './create-request';

/** Confirmation and Flex (pos_vaga.pb.js, lib/remarcar.js). */
export const remarcarRoutes = [
  kitRoute('POST', '/api/compromissos/{id}/confirmado'),
  kitRoute('GET', '/api/confirmacoes/pendentes'),
  kitRoute('POST', '/api/agendamentos/{id}/flex'),
  kitRoute('POST', '/api/agendamentos/{id}/cancelamento-consulado'),
];

/** The day's handling of a booking and each applicant's Prenot@mi account state (dia.pb.js, lib/dia.js). */
export const diaKitRoutes = [
  kitRoute('POST', '/api/dia/{id}/assumir'),
  kitRoute('POST', '/api/dia/{id}/soltar'),
  kitRoute('POST', '/api/dia/{id}/pedir'),
  kitRoute('POST', '/api/dia/{id}/pronto'),
  kitRoute('POST', '/api/dia/requerentes/{id}/prenotami'),
];

type Auth = InstanceType<typeof Record> | null;
const historico = (
  historicoJs as unknown as {
    default: { registrarAlteracao(app: App, antes: Auth, depois: Auth, auth: Auth): object | null };
  }
).default;
const emailsStatus = (
  emailsStatusJs as unknown as {
    default: { portasDoAviso(app: App, agendamento: Auth): PortasDoAviso<object> };
  }
).default;

/**
 * A change of a booking the double's own code makes (processo-rules.ts salvarAgendamento), as the kit's adapters
 * make theirs: saved with its history entry (lib/historico.js registrarAlteracao) in one transaction, then the
 * status e-mail when the status moved (agenda_fluxo.js avisar over lib/emails_status.js's ports). The booking's row
 * is changed in place.
 */
export function gravarAgendamento(id: string, mudancas: object, autor: { id: string } | null): void {
  const record = app.findRecordById('agendamentos', id);
  let entrada: object | null = null;
  let mudou = false;
  app.runInTransaction(() => {
    const antes = record.original();
    record.load(mudancas as Json);
    app.save(record);
    entrada = historico.registrarAlteracao(
      app,
      antes,
      record,
      autor && new Record('usuarios', autor as Json),
    );
    mudou = antes.getString('status_agendamento') !== record.getString('status_agendamento');
  });
  agendaFluxo.avisar(emailsStatus.portasDoAviso(app, record), entrada, mudou);
}
