/**
 * The case file's server decisions in the demo, as pocketbase/pb_hooks/lib/processo.js takes them: who may
 * touch a case, when it is closed, the history of each document, the review's outcome on the booking and
 * 'Enviar para análise'.
 */
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

type ClosableBooking = BookingRecord & { arquivos_excluidos_em?: string };
const ENCERRADOS = regras.agendamentoEncerrado;

/** FINALIZADO, CANCELADO or its files deleted (processo_comum.encerrado). */
export const encerrado = (booking: ClosableBooking): boolean => processoComum.encerrado(booking, ENCERRADOS);

/** pb_hooks/lib/processo.js validarEscritaDoCliente: the customer's refusal on a closed or approved case. */
export const recusaAoCliente = (booking: ClosableBooking): string | null =>
  processoComum.recusaAoCliente(booking, false, ENCERRADOS, REGRAS) || null;

/** pb_hooks/lib/processo.js salvarRequerente: the customer's change of an applicant (`mudados`: what it changes). */
export const recusaDaAlteracao = (booking: ClosableBooking, mudados: readonly string[]): string | null =>
  processoComum.recusaDaAlteracao(booking, mudados, ENCERRADOS, REGRAS) || null;

export function limitesDe(booking: BookingRecord): { min: number; max: number } {
  const payment = getDb().pagamentos.find((p) => p.id === booking.pagamento);
  return limitesDoServico(payment?.tipo_servico ?? '');
}

function rotulo(documento: DocumentoRecord): string {
  const requerente = getDb().requerentes.find((r) => r.id === documento.requerente);
  return rotuloDoDocumento(requerente ?? null, documento.item);
}

export function registrarDocumento(documento: DocumentoRecord, acao: string, autor: UserRecord | null): void {
  const entry = historyEntry(
    { id: documento.agendamento },
    processoComum.linhasDoDocumento(rotulo(documento), acao),
    autor,
    pbDate(new Date()),
  );
  getDb().historico_agendamentos.push(entry);
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

/**
 * When staff have reviewed every document sent and refused some: the booking goes to ANALISE_ERRO with the
 * refused list as the note, and the customer gets the status e-mail.
 */
export function concluirRevisao(bookingId: string, autor: UserRecord | null): void {
  const documentos = getDb().documentos.filter((d) => d.agendamento === bookingId);
  const conclusao = processoComum.conclusaoDaRevisao(documentos, rotulo, REGRAS);
  const booking = bookingOf(bookingId);
  if (conclusao && booking) salvarAgendamento(booking, conclusao, autor);
}

/**
 * pb_hooks/lib/processo.js avisarEquipe: staff's alert that the case has something new to review (in the kit's
 * words: email_texto.js alertasDoProcesso), at most one per booking an interval (mailbox.ts alertDue).
 */
function avisarEquipe(booking: BookingRecord, alerta: Mensagem): void {
  if (alertDue(`processo_alerta:${booking.id}`)) alertStaff(getDb().usuarios, alerta);
}

/** Where an alert's link points: the demo's own address (the kit's is the app's, APP_URL), and the booking. */
const linkOf = (booking: BookingRecord) => ({
  appUrl: globalThis.location?.origin ?? '',
  agendamento: booking.id,
});

/** The `formulario` text staff read (processo_comum.resumo). */
const resumo = (requerentes: readonly RequerenteRecord[], hoje: string, anterior = ''): string =>
  processoComum.resumo(requerentes, hoje, anterior, REGRAS);

/**
 * pb_hooks/lib/processo.js salvarRequerente after the save: what processo_comum.correcao makes of a change of
 * the applicant's data (`mudancas`, saved on `record` by `autor`): nothing for the customer's draft; else each
 * field's old and new value in the history and, once sent, the documents it sends back to review and the summary.
 */
export function registrarCorrecao(
  record: RequerenteRecord,
  enviado: boolean,
  mudancas: readonly { campo: string; de: string; para: string }[],
  nome: string,
  autor: UserRecord,
): void {
  const booking = bookingOf(record.agendamento);
  const documentos = getDb().documentos.filter((d) => d.requerente === record.id);
  const correcao = processoComum.correcao(mudancas, enviado, autor.admin, documentos);
  if (!booking || !correcao) return;
  const now = pbDate(new Date());
  getDb().historico_agendamentos.push(
    historyEntry(booking, processoComum.linhasDaCorrecao(nome, mudancas, REGRAS), autor, now),
  );
  for (const { id, campos } of correcao.revisar) {
    const d = documentos.find((documento) => documento.id === id);
    if (d) Object.assign(d, campos, { updated: now });
  }
  if (!correcao.formulario) return;
  const requerentes = getDb().requerentes.filter((r) => r.agendamento === booking.id);
  salvarAgendamento(booking, { formulario: resumo(requerentes, hojeSaoPaulo(), booking.formulario) }, autor);
  if (!correcao.avisar) return;
  avisarEquipe(
    booking,
    emailTexto.alertasDoProcesso.corrigido({
      nome: autor.nome_completo,
      requerente: nome,
      campos: mudancas.map((m) => processoComum.nomeDoCampo(m.campo, REGRAS)),
      ...linkOf(booking),
    }),
  );
}

type Outcome = { status: number; body: Record<string, unknown> };

/** POST /api/processo/{id}/enviar, as pb_hooks/lib/processo.js enviar answers it. */
export function enviar(bookingId: string, viewer: UserRecord): Outcome {
  const booking = bookingOf(bookingId);
  const fail = (status: number, message: string, data: Record<string, unknown> = {}): Outcome => ({
    status,
    body: { status, message, data },
  });
  if (!booking || booking.usuario !== viewer.id) return fail(404, MSG.naoEncontrado);
  if (encerrado(booking)) return fail(400, MSG.encerrado);
  const hoje = hojeSaoPaulo();
  const db = getDb();
  const requerentes = db.requerentes.filter((r) => r.agendamento === booking.id);
  const documentos = db.documentos.filter((d) => d.agendamento === booking.id);
  const limite = limitesDe(booking);
  const problemas = processoComum.problemasDoEnvio(requerentes, documentos, limite, hoje, REGRAS, isValidCpf);
  if (problemas.length > 0) return fail(400, MSG.incompleto, { pendencias: problemas });
  const now = pbDate(new Date());
  const plano = processoComum.envio(documentos, requerentes, now);
  const novos = plano.documentos;
  if (novos.length === 0) return fail(400, MSG.nadaParaEnviar);
  for (const { id, acao, campos } of novos) {
    const d = documentos.find((documento) => documento.id === id);
    if (!d) continue;
    Object.assign(d, campos, { updated: now });
    registrarDocumento(d, acao, viewer);
  }
  for (const { id, campos } of plano.requerentes) {
    const r = requerentes.find((requerente) => requerente.id === id);
    if (r) Object.assign(r, campos, { updated: now });
  }
  salvarAgendamento(booking, { formulario: resumo(requerentes, hoje) }, viewer);
  saveDb();
  avisarEquipe(
    booking,
    emailTexto.alertasDoProcesso.enviado({
      nome: viewer.nome_completo,
      documentos: novos.length,
      ...linkOf(booking),
    }),
  );
  return { status: 200, body: { enviados: novos.length } };
}
