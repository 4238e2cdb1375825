/**
 * A change of a booking the double's own code makes (processo-rules.ts salvarAgendamento) and its history
 * (lib/historico.js). Staff's save of a booking is the kit's own (lib/agenda.js, through jsvm/kit.ts).
 */
import type { BookingHistoryRecord, BookingRecord, UserRecord } from '@/lib/types';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import historicoComum from '../../pocketbase/pb_hooks/lib/historico_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb } from './db';
import { historyEntry } from './history';
import agendaFluxo, { type PortasDoAviso } from '../../pocketbase/pb_hooks/lib/agenda_fluxo.js';
import { notifyMail } from './mailbox';

/** pb_hooks/lib/historico.js registrarAlteracao: the entry of a save that changed a recorded field, or null. */
function registrar(
  before: BookingRecord,
  after: BookingRecord,
  author: UserRecord | null,
): BookingHistoryRecord | null {
  const alteracoes = historicoComum.alteracoes(regras.camposHistorico, before, after, (booking, campo) =>
    String(booking[campo as keyof BookingRecord] ?? ''),
  );
  if (alteracoes.length === 0) return null;
  const entry = historyEntry(after, alteracoes, author, after.updated);
  getDb().historico_agendamentos.push(entry);
  return entry;
}

/**
 * agenda_fluxo.js's ports of the status e-mail (pb_hooks/lib/emails_status.js portasDoAviso): the owner's e-mail of
 * the booking's status (email_texto.js mensagemDoAgendamento), recorded on the history entry.
 */
function portasDoAviso(booking: BookingRecord): PortasDoAviso<BookingHistoryRecord> {
  return {
    enviar: () => {
      const owner = getDb().usuarios.find((u) => u.id === booking.usuario);
      // The double's mailbox keeps the subject and the link's path only: no app address.
      const mail = owner && emailTexto.mensagemDoAgendamento(booking, owner.nome_completo, '', [], regras);
      if (!owner || !mail) return null;
      notifyMail({ kind: 'status', email: owner.email, token: '', path: '/tracking', subject: mail.assunto });
      return { para: owner.email, enviado: true, assunto: mail.assunto };
    },
    anotar: (entry, envio) => Object.assign(entry, historicoComum.camposDoEmail(envio)),
    falha: (err) => console.error(`Falha no e-mail de status do agendamento ${booking.id}: ${String(err)}`),
  };
}

/**
 * A change of a booking the double's kit made, stored already (pb_hooks/lib/historico.js registrarAlteracao, then
 * lib/emails_status.js avisar): one history entry when a recorded field changed (historico_comum.js), and the
 * status e-mail when the status moved to one that has one (agenda_fluxo.js avisar).
 */
export function registrarAlteracao(
  before: BookingRecord,
  after: BookingRecord,
  author: UserRecord | null,
): void {
  const entry = registrar(before, after, author);
  agendaFluxo.avisar(portasDoAviso(after), entry, before.status_agendamento !== after.status_agendamento);
}
