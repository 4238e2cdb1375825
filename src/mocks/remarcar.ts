/**
 * The demo double of confirmation and Flex (pb_hooks/lib/remarcar.js): "Já confirmei" (the owner, in the window,
 * where the consulate asks for it), staff's list of who has not confirmed, the owner's Flex request and the
 * consulate's cancellation (staff), both back to the ready list with history. The rules are the kit's
 * (lib/calendario.js recusaConfirmacao, recusaFlex, FILTRO_PENDENTES; lib/dia_comum.js recusaCancelamento;
 * regras.json flex.prazoDias), as on the server. The confirmation e-mails are the server's cron: the demo has none.
 */
import { nomeRequerente } from '@/lib/processo';
import { http, HttpResponse } from 'msw';
import type { BookingRecord, UserRecord } from '@/lib/types';
import calendario from '../../pocketbase/pb_hooks/lib/calendario.js';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb, saveDb } from './db';
import { note, slow } from './dia';
import {
  activeAppointments,
  consulateOfBooking,
  diaStore,
  handlingOf,
  isStaff,
  ownBooking,
  updateHandling,
} from './dia-store';
import { compileFilter, withParams } from './filter';
import { valueAt } from './rules';
import { currentUser, pbError, requireAuth } from './http';
import { bookingOf, salvarAgendamento } from './processo-rules';
import { pbDate } from './util';

type Compromisso = ReturnType<typeof diaStore>['compromissos'][number];
const hoje = () => prazo.diaSaoPaulo();
type Tipo = 'flex' | 'consulado';
const motivoOf = async (request: Request, tipo: Tipo) =>
  calendario.motivoDoPedido(await request.json().catch(() => ({})), tipo);

const names = (c: Compromisso) =>
  calendario.nomes(
    c.requerentes.flatMap((id) => getDb().requerentes.filter((r) => r.id === id)).map(nomeRequerente),
  );

function confirm(request: Request, id: string): Response {
  const viewer = currentUser(request);
  const c = diaStore().compromissos.find((x) => x.id === id);
  const booking = c && ownBooking(viewer, c.agendamento);
  if (!c || !booking) return pbError(404, diaComum.MSG.naoEncontrado);
  const recusa = calendario.recusaConfirmacao({
    status: booking.status_agendamento,
    confirmacao: consulateOfBooking(booking.id, c.consulado)?.confirmacao ?? 'desconhecido',
    dia: c.data,
    hoje: hoje(),
    cancelado: !!c.cancelamento,
  });
  if (recusa) return pbError(400, recusa);
  const confirmado = calendario.confirmacao(c.confirmado_em, pbDate(new Date()));
  if (confirmado) {
    Object.assign(c, confirmado);
    note(booking.id, 'confirmacao_portal', calendario.notaConfirmado(names(c), c.data, c.hora), viewer);
    saveDb();
  }
  return HttpResponse.json(c);
}

/** lib/remarcar.js pendentes: calendario.js's filter, its relations read from the double's records. */
function pending(request: Request): Response {
  if (!isStaff(currentUser(request))) return pbError(403, diaComum.MSG.apenasEquipe);
  const today = hoje();
  const until = calendario.somarDias(today, calendario.CONFIRMACAO.deDias);
  const matches = compileFilter<Compromisso>(
    withParams(calendario.FILTRO_PENDENTES, { hoje: today, ate: until }),
    (c, path) => valueAt('compromissos', c, path),
  );
  // The filter already leaves out the cancelled; earliest first as the kit's sort 'data,hora' (dia_comum.js).
  const list = diaComum.ativos(diaStore().compromissos.filter(matches)).map((c) => {
    const owner = bookingOf(c.agendamento)?.usuario;
    const cliente = getDb().usuarios.find((u) => u.id === owner)?.nome_completo ?? '';
    return calendario.linhaPendente(c, c.agendamento, cliente, names(c), today);
  });
  return HttpResponse.json(list);
}

/** lib/remarcar.js voltarParaProntos: cancellations recorded, back to ANALISE_OK, the handling reset. */
function backToReady(booking: BookingRecord, tipo: Tipo, motivo: string, autor: UserRecord | null) {
  const volta = calendario.voltaParaProntos(tipo, motivo, pbDate(new Date()));
  for (const c of activeAppointments(booking.id)) {
    Object.assign(c, volta.compromisso);
    const nota = calendario.notaCancelamento(tipo, names(c), c.data, c.hora, motivo);
    note(booking.id, 'cancelamento', nota, autor);
  }
  salvarAgendamento(booking, volta.agendamento, autor);
  const handling = handlingOf(booking.id);
  if (handling) updateHandling(handling, volta.atendimento);
  saveDb();
  return HttpResponse.json(booking);
}

async function flex(request: Request, bookingId: string): Promise<Response> {
  const viewer = currentUser(request);
  const booking = ownBooking(viewer, bookingId);
  if (!booking) return pbError(404, diaComum.MSG.naoEncontrado);
  const motivo = await motivoOf(request, 'flex');
  const recusa = calendario.recusaFlex({
    status: booking.status_agendamento,
    flex: !!getDb().pagamentos.find((p) => p.id === booking.pagamento)?.flex,
    usadoEm: booking.flex_usado_em ?? '',
    dia: activeAppointments(bookingId)[0]?.data ?? '',
    hoje: hoje(),
    prazoDias: regras.flex.prazoDias,
    motivo,
  });
  if (recusa) return pbError(400, recusa);
  return backToReady(booking, 'flex', motivo, viewer);
}

async function consulateCancelled(request: Request, bookingId: string): Promise<Response> {
  const viewer = currentUser(request);
  const booking = isStaff(viewer) ? bookingOf(bookingId) : undefined;
  const recusa = diaComum.recusaCancelamento({
    equipe: isStaff(viewer),
    existe: !!booking,
    status: booking?.status_agendamento ?? '',
    ativos: booking ? activeAppointments(bookingId).length : 0,
  });
  if (recusa || !booking) return pbError(recusa?.status ?? 403, recusa?.message ?? diaComum.MSG.apenasEquipe);
  return backToReady(booking, 'consulado', await motivoOf(request, 'consulado'), viewer);
}

/** A route of one record (`:id`) that requires a session, as the kit's routes do. */
const byId = (handle: (request: Request, id: string) => Response | Promise<Response>) =>
  requireAuth(slow(handle));

export const remarcarRoutes = [
  http.post('*/api/compromissos/:id/confirmado', byId(confirm)),
  http.get(
    '*/api/confirmacoes/pendentes',
    requireAuth(({ request }) => pending(request)),
  ),
  http.post('*/api/agendamentos/:id/flex', byId(flex)),
  http.post('*/api/agendamentos/:id/cancelamento-consulado', byId(consulateCancelled)),
];
