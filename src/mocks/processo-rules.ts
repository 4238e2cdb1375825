/**
 * The case file's server decisions in the demo, taken by pocketbase/pb_hooks/lib/processo_comum.js where
 * lib/processo.js takes them: who may touch a case, the history of each document, the review's outcome on the
 * booking, a correction and 'Enviar para análise'.
 */
import { HttpResponse } from 'msw';
import {
  type DocumentoRecord,
  hojeSaoPaulo,
  limitesDoServico,
  REGRAS,
  type RequerenteRecord,
  rotuloDoDocumento,
} from '@/lib/processo';
import type { BookingRecord, UserRecord } from '@/lib/types';
import { mensagens } from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import processoFluxo, {
  type Alerta,
  type PortasDaRevisao,
} from '../../pocketbase/pb_hooks/lib/processo_fluxo.js';
import emailTexto, { type Mensagem } from '../../pocketbase/pb_hooks/lib/email_texto.js';
import { getDb, saveDb } from './db';
import { gravarAgendamento } from './jsvm/kit';
import { historyEntry } from './history';
import { alertDue, alertStaff } from './mailbox';
import { pbDate } from './util';

/** The case file's pt-BR messages, the kit's own (processo_regras.json mensagens). */
export const MSG = mensagens;

export const bookingOf = (id: string): BookingRecord | undefined =>
  getDb().agendamentos.find((b) => b.id === id);

const ENCERRADOS = regras.agendamentoEncerrado;

export const encerrado = (booking: BookingRecord): boolean => processoComum.encerrado(booking, ENCERRADOS);

/** pb_hooks/lib/processo.js validarEscritaDoCliente: the customer's refusal on a closed or approved case. */
export const recusaAoCliente = (booking: BookingRecord): string | null =>
  processoComum.recusaAoCliente(booking, false, ENCERRADOS, REGRAS) || null;

/** pb_hooks/lib/processo.js salvarRequerente: the customer's change of an applicant (`mudados`: what it changes). */
export const recusaDaAlteracao = (booking: BookingRecord, mudados: readonly string[]): string | null =>
  processoComum.recusaDaAlteracao(booking, mudados, ENCERRADOS, REGRAS) || null;

export function limitesDe(booking: BookingRecord): { min: number; max: number } {
  const payment = getDb().pagamentos.find((p) => p.id === booking.pagamento);
  return limitesDoServico(payment?.tipo_servico ?? '');
}

/** A booking's rows of the case file, in the order they were made. */
export const ofCase = <T extends { agendamento: string }>(rows: readonly T[], bookingId: string): T[] =>
  rows.filter((r) => r.agendamento === bookingId);

function rotulo(documento: DocumentoRecord): string {
  const requerente = getDb().requerentes.find((r) => r.id === documento.requerente);
  return rotuloDoDocumento(requerente ?? null, documento.item);
}

export function registrarDocumento(documento: DocumentoRecord, acao: string, autor: UserRecord | null): void {
  const linhas = processoComum.linhasDoDocumento(rotulo(documento), acao);
  getDb().historico_agendamentos.push(
    historyEntry({ id: documento.agendamento }, linhas, autor, pbDate(new Date())),
  );
}

/** A change the kit makes to a booking: stored, then recorded as any save is (jsvm/kit.ts gravarAgendamento). */
export function salvarAgendamento(
  booking: BookingRecord,
  mudancas: Partial<BookingRecord>,
  autor: UserRecord | null,
) {
  gravarAgendamento(booking.id, mudancas, autor);
}

/**
 * processo_fluxo.js concluirRevisao's ports on the double's rows (lib/processo.js portasDaConclusao): staff's last
 * review of a case with refused documents makes it ANALISE_ERRO, the refused list as the note, with the e-mail.
 */
export const portasDaConclusao = (
  bookingId: string,
  autor: UserRecord | null,
): PortasDaRevisao<DocumentoRecord> => ({
  documentos: () => ofCase(getDb().documentos, bookingId),
  rotulo,
  agendamento: (campos) => {
    const booking = bookingOf(bookingId);
    if (booking) salvarAgendamento(booking, campos, autor);
  },
});

/**
 * pb_hooks/lib/processo.js avisarEquipe: staff's alert that the case has something new to review (email_texto.js
 * alertasDoProcesso, given the link: the demo's own address, not APP_URL), at most one per booking an interval.
 */
const avisarEquipe =
  (booking: BookingRecord) =>
  <C extends Alerta[0]>(caso: C, dados: Extract<Alerta, [C, unknown]>[1]) => {
    if (!alertDue(`processo_alerta:${booking.id}`)) return;
    const link = { appUrl: globalThis.location?.origin ?? '', agendamento: booking.id };
    const alerta = emailTexto.alertasDoProcesso[caso] as (dados: object) => Mensagem;
    alertStaff(getDb().usuarios, alerta({ ...link, ...dados }));
  };

/** Writes the given fields on the row of `rows` with that id, dated `now`. */
function gravar<T extends { id: string }>(rows: readonly T[], id: string, campos: object, now: string) {
  const row = rows.find((r) => r.id === id);
  if (row) Object.assign(row, campos, { updated: now });
}

/** The double runs one request at a time: its transaction is the call itself. */
const transacao = (fazer: () => void) => fazer();

/**
 * pb_hooks/lib/processo.js salvarRequerente: `record` saved with `after`'s values by `autor`, and what
 * processo_fluxo.js corrigir makes of it. Nothing more for the customer's draft; else each field's old and new value
 * in the history and, once sent, the documents it sends back to review, the summary and staff's alert.
 */
export function salvarRequerente(record: RequerenteRecord, after: RequerenteRecord, autor: UserRecord) {
  const texto = (r: object, campo: string) => String((r as Record<string, unknown>)[campo] ?? '');
  const booking = bookingOf(record.agendamento);
  const documentos = getDb().documentos.filter((d) => d.requerente === record.id);
  const now = pbDate(new Date());
  const before = { ...record };
  processoFluxo.corrigir<object>(
    {
      transacao,
      documentos: () => documentos,
      salvar: () => Object.assign(record, after),
      historico: (linhas) => {
        if (booking) getDb().historico_agendamentos.push(historyEntry(booking, linhas, autor, now));
      },
      documento: (id, campos) => gravar(documentos, id, campos, now),
      formulario: () => {
        if (!booking) return;
        const requerentes = ofCase(getDb().requerentes, booking.id);
        const formulario = processoComum.resumo(requerentes, hojeSaoPaulo(), booking.formulario, REGRAS);
        salvarAgendamento(booking, { formulario }, autor);
      },
      avisar: booking ? avisarEquipe(booking) : () => undefined,
    },
    before,
    after,
    Object.keys(after),
    texto,
    autor.admin,
    { nome: autor.nome_completo },
  );
}

/** POST /api/processo/{id}/enviar: processo_fluxo.js enviar on the double's rows, as pb_hooks/lib/processo.js's. */
export function enviar(bookingId: string, viewer: UserRecord): Response {
  const booking = bookingOf(bookingId);
  const requerentes = ofCase(getDb().requerentes, bookingId);
  const documentos = ofCase(getDb().documentos, bookingId);
  const now = pbDate(new Date());
  const feito = processoFluxo.enviar(
    {
      transacao,
      caso: () => ({
        agendamento: booking ?? null,
        requerentes,
        documentos,
        limite: booking ? limitesDe(booking) : null,
      }),
      documento: (id, campos, acao) => {
        gravar(documentos, id, campos, now);
        const d = documentos.find((documento) => documento.id === id);
        if (d) registrarDocumento(d, acao, viewer);
      },
      requerente: (id, campos) => gravar(requerentes, id, campos, now),
      agendamento: (campos) => salvarAgendamento(booking!, campos, viewer),
      avisar: avisarEquipe(booking!),
    },
    { id: viewer.id, nome: viewer.nome_completo },
    hojeSaoPaulo(),
    now,
  );
  if (feito.erro) return HttpResponse.json(feito.erro, { status: feito.erro.status });
  saveDb();
  return HttpResponse.json(feito.resposta);
}
