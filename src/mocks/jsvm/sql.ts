/**
 * The kit's modules that run SQL (`$app.db()`), which the demo has not: the kit's require of each gets the module
 * with these functions in place of its own, the double's answer to the same question (its other functions stay
 * the kit's). Only what the flows the demo runs through the kit reach is here; anything else of these modules that
 * runs SQL throws "SQL is not available in the demo" (db.ts).
 */
import { caseSummary } from '../case-summary';
import { getDb } from '../db';
import { apagarRetransmissoes } from '../dia-store';
import { eventos, prontos } from '../espera';
import { aposEstorno, enviarNota } from '../notas';
import type { PaymentRecord } from '@/lib/types';
import type { App, Record as Registro } from './pocketbase';

/**
 * A booking's columns copied from other records (its customer's search key, its case summary, its order's invoice
 * state, its status's place): the double computes them when it answers a booking (registros.ts resolvePath),
 * so the copy on save is nothing to do.
 */
const copiadoNaLeitura = { copiarParaAgendamento: () => undefined };

export const SQL_MODULES: Readonly<Record<string, object>> = {
  // An account's search key copied onto its bookings (lib/busca.js propagarAosAgendamentos): read there too.
  'busca.js': { ...copiadoNaLeitura, propagarAosAgendamentos: () => undefined },
  // An order's invoice: the kit's copies its state onto the booking by SQL; the demo's Asaas issues it at once
  // (notas.ts), and a refund reaches it at once too.
  'notas.js': {
    ...copiadoNaLeitura,
    copiarStatus: () => undefined,
    enviar: (app: App, pagamentoId: string) => {
      const pagamento = app.findRecordById('pagamentos', pagamentoId);
      enviarNota(pagamento.data as unknown as PaymentRecord);
      app.save(pagamento);
    },
    aposEstorno: (app: App, pagamento: Registro) => {
      aposEstorno(pagamento.data as unknown as PaymentRecord);
      app.save(pagamento);
    },
  },
  'status_ordem.js': copiadoNaLeitura,
  'processo_resumo.js': {
    ...copiadoNaLeitura,
    calcular: (_app: unknown, agendamentoId: string) => caseSummary(getDb(), agendamentoId),
    // After a save or removal of an applicant or a document: the double computes the summary when it answers a
    // booking, so the model hook only saves.
    aoMudar: (e: { next: () => void }) => e.next(),
  },
  // The published wait's history and queues (lib/espera_servidor.js), from the double's rows.
  'espera_servidor.js': {
    eventos: (_app: unknown, agoraMs: number) => eventos(agoraMs),
    prontos: (_app: unknown, codigo: string) => prontos(codigo),
  },
  'retransmissao.js': {
    apagarDoAtendimento: (_tx: unknown, atendimentoId: string) =>
      apagarRetransmissoes({ atendimento: atendimentoId }),
    apagador: () => apagarRetransmissoes,
  },
};
