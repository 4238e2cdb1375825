/**
 * The case file's server decisions in the demo, taken by pocketbase/pb_hooks/lib/processo_comum.js where
 * lib/processo.js takes them: who may touch a case, the history of each document, the review's outcome on the
 * booking, a correction and 'Enviar para análise'.
 */
import { HttpResponse } from 'msw';
import { isValidCpf } from '@/lib/cpf';
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
import emailTexto, { type Mensagem } from '../../pocketbase/pb_hooks/lib/email_texto.js';
import { getDb, saveDb } from './db';
import { registrarAlteracao } from './agenda';
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

/** A change the kit makes to a booking: stored, then recorded as any save is (agenda.ts registrarAlteracao). */
export function salvarAgendamento(
  booking: BookingRecord,
  mudancas: Partial<BookingRecord>,
  autor: UserRecord | null,
) {
  const before = { ...booking };
  Object.assign(booking, mudancas, { updated: pbDate(new Date()) });
  registrarAlteracao(before, booking, autor);
}

/** Staff's last review of a case with refused documents: ANALISE_ERRO, the refused list as the note, the e-mail. */
export function concluirRevisao(bookingId: string, autor: UserRecord | null): void {
  const conclusao = processoComum.conclusaoDaRevisao(ofCase(getDb().documentos, bookingId), rotulo, REGRAS);
  const booking = bookingOf(bookingId);
  if (conclusao && booking) salvarAgendamento(booking, conclusao, autor);
}

/**
 * pb_hooks/lib/processo.js avisarEquipe: staff's alert that the case has something new to review (email_texto.js
 * alertasDoProcesso, given the link: the demo's own address, not APP_URL), at most one per booking an interval.
 */
function avisarEquipe(
  booking: BookingRecord,
  alerta: (link: { appUrl: string; agendamento: string }) => Mensagem,
) {
  if (alertDue(`processo_alerta:${booking.id}`))
    alertStaff(
      getDb().usuarios,
      alerta({ appUrl: globalThis.location?.origin ?? '', agendamento: booking.id }),
    );
}

/** Writes the given fields on the rows named in a plan of the kit ({ id, campos }), dated `now`. */
function aplicar<T extends { id: string }>(
  rows: readonly T[],
  plano: readonly { id: string; campos: object }[],
  now: string,
) {
  for (const { id, campos } of plano) {
    const row = rows.find((r) => r.id === id);
    if (row) Object.assign(row, campos, { updated: now });
  }
}

/**
 * pb_hooks/lib/processo.js salvarRequerente after the save of `record` (`before` it) by `autor`: what
 * processo_comum.js correcaoDoRequerente makes of it. Nothing for the customer's draft; else each field's old and
 * new value in the history and, once sent, the documents it sends back to review, the summary and staff's alert.
 */
export function registrarCorrecao(before: RequerenteRecord, record: RequerenteRecord, autor: UserRecord) {
  const texto = (r: object, campo: string) => String((r as Record<string, unknown>)[campo] ?? '');
  const documentos = getDb().documentos.filter((d) => d.requerente === record.id);
  const campos = Object.keys(record);
  const correcao = processoComum.correcaoDoRequerente<object>(
    before,
    record,
    campos,
    texto,
    autor.admin,
    documentos,
    REGRAS,
  );
  const booking = bookingOf(record.agendamento);
  if (!booking || !correcao) return;
  const now = pbDate(new Date());
  getDb().historico_agendamentos.push(historyEntry(booking, correcao.linhas, autor, now));
  aplicar(documentos, correcao.revisar, now);
  if (!correcao.formulario) return;
  const requerentes = ofCase(getDb().requerentes, booking.id);
  const formulario = processoComum.resumo(requerentes, hojeSaoPaulo(), booking.formulario, REGRAS);
  salvarAgendamento(booking, { formulario }, autor);
  const { requerente, campos: nomes } = correcao;
  if (correcao.avisar)
    avisarEquipe(booking, (link) =>
      emailTexto.alertasDoProcesso.corrigido({
        nome: autor.nome_completo,
        requerente,
        campos: nomes,
        ...link,
      }),
    );
}

/** POST /api/processo/{id}/enviar: processo_comum.js envioDoCaso decides, as for pb_hooks/lib/processo.js enviar. */
export function enviar(bookingId: string, viewer: UserRecord): Response {
  const booking = bookingOf(bookingId);
  const requerentes = ofCase(getDb().requerentes, bookingId);
  const documentos = ofCase(getDb().documentos, bookingId);
  const now = pbDate(new Date());
  const plano = processoComum.envioDoCaso(
    {
      agendamento: booking ?? null,
      usuario: viewer.id,
      requerentes,
      documentos,
      limite: booking ? limitesDe(booking) : null,
      hoje: hojeSaoPaulo(),
      agora: now,
      encerrados: ENCERRADOS,
    },
    REGRAS,
    isValidCpf,
  );
  if ('recusa' in plano) return HttpResponse.json(plano.recusa, { status: plano.recusa.status });
  aplicar(documentos, plano.documentos, now);
  for (const { id, acao } of plano.documentos) {
    const d = documentos.find((documento) => documento.id === id);
    if (d) registrarDocumento(d, acao, viewer);
  }
  aplicar(requerentes, plano.requerentes, now);
  salvarAgendamento(booking!, { formulario: plano.formulario }, viewer);
  saveDb();
  const enviados = plano.documentos.length;
  avisarEquipe(booking!, (link) =>
    emailTexto.alertasDoProcesso.enviado({ nome: viewer.nome_completo, documentos: enviados, ...link }),
  );
  return HttpResponse.json({ enviados });
}
