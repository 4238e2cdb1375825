/**
 * The kit's hook files the double runs through the JSVM stand-in (globals.ts first, then each file: its routes
 * and record hooks registered), and the MSW routes of the kit's routes it serves.
 */
import './globals';
import '../../../pocketbase/pb_hooks/agendamentos.pb.js';
import '../../../pocketbase/pb_hooks/pos_vaga.pb.js';
import '../../../pocketbase/pb_hooks/processo.pb.js';
import './asaas-http';
import '../../../pocketbase/pb_hooks/asaas_proxy.pb.js';
import '../../../pocketbase/pb_hooks/asaas_webhook.pb.js';
import '../../../pocketbase/pb_hooks/dia.pb.js';
import '../../../pocketbase/pb_hooks/seguranca.pb.js';
import '../../../pocketbase/pb_hooks/usuarios.pb.js';
import '../../../pocketbase/pb_hooks/conta.pb.js';
import '../../../pocketbase/pb_hooks/garantia.pb.js';
import '../../../pocketbase/pb_hooks/espera.pb.js';
import * as historicoJs from '../../../pocketbase/pb_hooks/lib/historico.js';
import * as emailsStatusJs from '../../../pocketbase/pb_hooks/lib/emails_status.js';
import * as pedidosJs from '../../../pocketbase/pb_hooks/lib/pedidos.js';
import agendaFluxo, { type PortasDoAviso } from '../../../pocketbase/pb_hooks/lib/agenda_fluxo.js';
import type { Json } from '../http';
import { configurarWebhook, entregarEventos } from '../asaas';
import { kitRequest, kitRoute } from './events';
import { DEMO_WEBHOOK_TOKEN } from './env';
import { app, Record, type App } from './pocketbase';

export { kitDeleteRequest, kitSaveRequest, kitUpdateRequest } from './record-requests';
export { kitCreateRequest } from './create-request';

/** Confirmation and Flex (pos_vaga.pb.js, lib/remarcar.js). */
export const remarcarRoutes = [
  kitRoute('POST', '/api/compromissos/{id}/confirmado'),
  kitRoute('GET', '/api/confirmacoes/pendentes'),
  kitRoute('POST', '/api/agendamentos/{id}/flex'),
  kitRoute('POST', '/api/agendamentos/{id}/cancelamento-consulado'),
];

/** The customer's export of their own data (conta.pb.js, lib/conta.js exportar). */
export const contaRoutes = [kitRoute('GET', '/api/conta/exportar')];

/** 'Enviar para análise' (processo.pb.js, lib/processo.js enviar). */
export const processoKitRoutes = [kitRoute('POST', '/api/processo/{id}/enviar')];
/**
 * The Asaas proxy (asaas_proxy.pb.js, lib/proxy.js) and Asaas's webhook (asaas_webhook.pb.js, lib/webhook.js): the
 * events the demo's Asaas sends after its answers reach the webhook once the kit's answer is ready.
 */
export const asaasRoutes = [
  kitRoute('POST', '/payments/asaas/customer', entregarEventos),
  kitRoute('POST', '/payments/asaas/installment', entregarEventos),
  kitRoute('POST', '/payments/asaas/pix', entregarEventos),
  kitRoute('GET', '/payments/asaas/pix/{id}', entregarEventos),
  kitRoute('POST', '/payments/asaas/webhook', entregarEventos),
];

/**
 * Money given back (asaas_proxy.pb.js, lib/estornos.js): the customer's withdrawal and staff's refund. A refund
 * Asaas made but never answered sends its events only later (as the real-server tier's Asaas does, once its late
 * answer goes): they wait for the next call.
 */
const depoisDoEstorno = (answer: Response) => {
  if (answer.ok) entregarEventos();
};
export const estornoRoutes = [
  kitRoute('POST', '/payments/desistencia', depoisDoEstorno),
  kitRoute('POST', '/payments/estorno', depoisDoEstorno),
];

/** Whether the guarantee is on, and its windows (garantia.pb.js, lib/garantia.js configRota). */
export const garantiaRoutes = [kitRoute('GET', '/api/garantia')];

/** The published wait (espera.pb.js, lib/espera_servidor.js; its two queries are the double's, jsvm/sql.ts). */
export const esperaRoutes = [
  kitRoute('GET', '/api/espera'),
  kitRoute('GET', '/api/espera/equipe'),
  kitRoute('GET', '/api/agendamentos/{id}/espera'),
];

/** Staff send again an order's invoice that ended in error (asaas_proxy.pb.js, lib/notas.js tentarDeNovo). */
export const notaRoutes = [kitRoute('POST', '/payments/nota-fiscal')];

/** One event as the demo's Asaas posts it to the kit's webhook route, with the demo's token: the kit's answer. */
export const entregar = (body: Json): Response =>
  kitRequest(
    'POST',
    '/payments/asaas/webhook',
    new Request('http://asaas.demo.local/payments/asaas/webhook', {
      method: 'POST',
      headers: { 'asaas-access-token': DEMO_WEBHOOK_TOKEN },
    }),
    body,
  );

// The demo's Asaas posts its events to the kit's webhook route, as Asaas posts them to the server's.
configurarWebhook(entregar);

/** The customer's live charge settled with the demo's Asaas when its outcome is unknown (lib/pedidos.js). */
export function conciliarAtiva(usuarioId: string): void {
  (
    pedidosJs as unknown as { default: { conciliarAtiva(app: App, id: string): unknown } }
  ).default.conciliarAtiva(app, usuarioId);
}

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
 * A change of a booking the double's own code makes (dia-relay.ts, an appointment booked), as the kit's adapters
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
