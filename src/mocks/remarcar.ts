/**
 * The demo double of confirmation and Flex (pb_hooks/lib/remarcar.js): "Já confirmei" (the owner, in the window,
 * where the consulate asks for it), staff's list of who has not confirmed, the owner's Flex request and the
 * consulate's cancellation (staff), both back to the ready list with history. Their order of steps is the kit's
 * (lib/remarcar_fluxo.js, over calendario.js and dia_comum.js): this file gives it the double's rows. The
 * confirmation e-mails are the server's cron: the demo has none.
 */
import { nomeRequerente } from '@/lib/processo';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { BookingRecord, UserRecord } from '@/lib/types';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import prazo from '../../pocketbase/pb_hooks/lib/prazo.js';
import fluxo, { type Feito, type Portas } from '../../pocketbase/pb_hooks/lib/remarcar_fluxo.js';
import { getDb, saveDb } from './db';
import { note, slow } from './dia';
import {
  activeAppointments,
  apagarRetransmissoes,
  consulateOfBooking,
  diaStore,
  handlingOf,
  isStaff,
} from './dia-store';
import { compileFilter, withParams } from './filter';
import { valueAt } from './rules';
import { currentUser, pbError, requireAuth } from './http';
import { bookingOf, salvarAgendamento } from './processo-rules';
import { pbDate } from './util';

type Compromisso = ReturnType<typeof diaStore>['compromissos'][number];
type Atendimento = ReturnType<typeof diaStore>['atendimentos'][number];
const hoje = () => prazo.diaSaoPaulo();
const corpoDe = (request: Request): Promise<unknown> => request.json().catch(() => ({}));

/** remarcar_fluxo.js's ports on the double's rows, history by `autor`; a transaction ends with the save. */
function portas(autor: UserRecord | null): Portas<Compromisso, BookingRecord, Atendimento> {
  const compromisso = (id: string) => diaStore().compromissos.find((c) => c.id === id);
  return {
    agendamento: bookingOf,
    compromisso,
    consulado: (c, booking) => consulateOfBooking(booking.id, c.consulado),
    flex: (booking) => !!getDb().pagamentos.find((p) => p.id === booking.pagamento)?.flex,
    nomes: (ids) => ids.flatMap((id) => getDb().requerentes.filter((r) => r.id === id)).map(nomeRequerente),
    ativos: activeAppointments,
    transacao: (fazer) => {
      fazer();
      saveDb();
    },
    gravarCompromisso: (id, valores) => Object.assign(compromisso(id)!, valores),
    nota: (bookingId, campo, texto) => note(bookingId, campo, texto, autor),
    gravarAgendamento: (id, valores) => {
      const booking = bookingOf(id)!;
      salvarAgendamento(booking, valores, autor);
      return booking;
    },
    atendimento: handlingOf,
    gravarAtendimento: (handling, valores) => Object.assign(handling, valores),
    apagar: apagarRetransmissoes,
    // The status e-mail goes with the booking's save (agenda.ts registrarAlteracao).
    avisar: () => undefined,
    pendentes: (filtro, params, limite) => {
      const matches = compileFilter<Compromisso>(withParams(filtro, params), (c, path) =>
        valueAt('compromissos', c, path),
      );
      // The filter already leaves out the cancelled; by day and time as the kit's sort 'data,hora' (dia_comum.js).
      return diaComum.ativos(diaStore().compromissos.filter(matches)).slice(0, limite);
    },
    cliente: (bookingId) => {
      const owner = bookingOf(bookingId)?.usuario;
      return getDb().usuarios.find((u) => u.id === owner)?.nome_completo ?? '';
    },
    resposta: compromisso,
  };
}

/** A flow's answer: its refusal as PocketBase's error, else its `resposta`. */
const answer = (feito: Feito<unknown>): Response =>
  feito.erro
    ? pbError(feito.erro.status, feito.erro.message)
    : HttpResponse.json(feito.resposta as JsonBodyType);

function confirm(request: Request, id: string): Response {
  const viewer = currentUser(request);
  return answer(fluxo.confirmar(portas(viewer), id, viewer?.id ?? '', hoje(), pbDate(new Date())));
}

const pending = (request: Request) =>
  answer(fluxo.pendentes(portas(null), isStaff(currentUser(request)), hoje()));

type Corpo = { ports: ReturnType<typeof portas>; viewer: UserRecord | null; corpo: unknown; agora: string };

/** A flow on a request's body (`run`), by its session's user, at this instant. */
const withBody = (run: (id: string, r: Corpo) => Feito<unknown>) => async (request: Request, id: string) => {
  const viewer = currentUser(request);
  const corpo = await corpoDe(request);
  return answer(run(id, { ports: portas(viewer), viewer, corpo, agora: pbDate(new Date()) }));
};

const flex = withBody((id, r) => fluxo.pedirFlex(r.ports, id, r.viewer?.id ?? '', r.corpo, hoje(), r.agora));

const consulateCancelled = withBody((id, r) =>
  fluxo.cancelamentoConsulado(r.ports, id, isStaff(r.viewer), r.corpo, r.agora),
);

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
