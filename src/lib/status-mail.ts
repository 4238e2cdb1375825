/**
 * The status e-mail as the customer reads it in plain text: the same words, in the same order, as
 * pocketbase/pb_hooks/lib/emails_status.js sends (the server tier compares the two on a captured e-mail).
 * The booking editor previews it; the demo backend records its subjects.
 */
import { assuntosStatus, textosStatus } from '../../pocketbase/pb_hooks/lib/regras.json';
import type { BookingStatus } from './types';

const SIGNATURE = 'Equipe Passaporte Italiano';

/** The status as the customer reads it: 'Novo - Seu formulário foi recebido e está aguardando análise.' */
export const statusLine = (status: BookingStatus): string =>
  `${textosStatus[status].rotulo} - ${textosStatus[status].texto}`;

/** The subjects the server sends (pocketbase/pb_hooks/lib/regras.json assuntosStatus). */
export const STATUS_MAIL_SUBJECTS: Record<BookingStatus, string> = assuntosStatus;

export interface StatusMailData {
  /** the customer's full name */
  nome: string;
  /** the stored booking day ('2026-12-15...'), or '' */
  data: string;
  /** 'HH:mm' or '' */
  hora: string;
  local: string;
  /** the staff note (nota_cliente) */
  nota: string;
  /** the app's public address, which the e-mail links to */
  appUrl: string;
}

/** dd/mm/aaaa of the stored calendar day; '' when there is none. */
function dayBR(stored: string): string {
  const day = stored.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` : '';
}

const noteText = (title: string, note: string) => `${title}\n${note.trim().replace(/\r?\n/g, '\n')}`;

const BODIES: Record<BookingStatus, (d: StatusMailData) => string[]> = {
  NOVO: () => [
    statusLine('NOVO'),
    'Se ainda não enviou o formulário e os documentos, envie-os pela página de andamento. Se já enviou, ' +
      'aguarde: avisaremos você por e-mail quando a análise terminar.',
  ],
  ANALISE_ERRO: (d) => [
    statusLine('ANALISE_ERRO'),
    d.nota.trim()
      ? noteText('O que precisa ser corrigido:', d.nota)
      : 'Nossa equipe entrará em contato com você para explicar o que precisa ser corrigido.',
  ],
  ANALISE_OK: () => [
    statusLine('ANALISE_OK'),
    'Avisaremos você por e-mail assim que o agendamento for concluído, com a data, a hora e o local.',
  ],
  AGENDADO: (d) => [
    statusLine('AGENDADO'),
    `Data: ${dayBR(d.data) || 'a confirmar'}${d.hora ? ` às ${d.hora}h` : ''}\nLocal: ${d.local || 'a confirmar'}`,
    'Chegar com 30 minutos de antecedência!',
    'Veja na página de andamento os documentos que você deve levar no dia.',
  ],
  FINALIZADO: () => [statusLine('FINALIZADO'), 'Obrigado por confiar no nosso serviço.'],
};

/** The subject and plain text of the e-mail for `status`. */
export function statusMail(status: BookingStatus, d: StatusMailData): { subject: string; text: string } {
  const note = status !== 'ANALISE_ERRO' && d.nota.trim() ? [noteText('Mensagem da equipe:', d.nota)] : [];
  const paragraphs = [
    `Olá, ${d.nome}.`,
    'O andamento do seu pedido mudou:',
    ...BODIES[status](d),
    ...note,
    `Acompanhe o seu pedido em ${d.appUrl}/tracking.`,
    SIGNATURE,
  ];
  return { subject: STATUS_MAIL_SUBJECTS[status], text: paragraphs.join('\n\n') };
}
