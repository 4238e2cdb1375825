/**
 * The demo double's booking-day collections (migration 1763903000_dia_agendamento): kept beside the demo
 * database (`db.dia`, made on first use from the demo's seed, demo-seed/dia.ts seedDia, so a reset or an older
 * stored database gets a fresh one). Also the lookups every booking-day file of the double shares.
 */
import type { UserRecord } from '@/lib/types';
import type {
  AtendimentoRecord,
  CompromissoRecord,
  ConsuladoRecord,
  RetransmissaoRecord,
  TentativaRecord,
} from '@/lib/api/booking-day';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import retransmissaoFluxo, { type Onde } from '../../pocketbase/pb_hooks/lib/retransmissao_fluxo.js';
import { caseSummary } from './case-summary';
import { getDb } from './db';
import { seedDia } from '../../demo-seed/dia';
import { meta } from './util';

export interface HistoricoConsulado {
  id: string;
  collectionName: 'historico_consulados';
  consulado: string;
  autor: string;
  autor_nome: string;
  alteracoes: { campo: string; de: string; para: string }[];
  created: string;
}

type Handling = AtendimentoRecord & { aviso_em: string };

export interface DiaStore {
  consulados: ConsuladoRecord[];
  historico_consulados: HistoricoConsulado[];
  atendimentos: Handling[];
  retransmissoes: RetransmissaoRecord[];
  tentativas_agendamento: (TentativaRecord & { autor: string })[];
  compromissos: (CompromissoRecord & { consulado: string })[];
}

/** A booking by id. */
export const bookingOf = (id: string) => getDb().agendamentos.find((b) => b.id === id);

/**
 * retransmissao_fluxo.js's port `apagar` on `store`'s rows: the relayed values `onde` says (on a handling, or
 * expired) dropped. Returns how many.
 */
const apagarDe =
  (store: DiaStore) =>
  (onde: Onde): number => {
    const antes = store.retransmissoes.length;
    store.retransmissoes = store.retransmissoes.filter((r) =>
      onde.atendimento !== undefined ? r.atendimento !== onde.atendimento : r.expira_em > onde.expiradosAte,
    );
    return antes - store.retransmissoes.length;
  };

export function diaStore(): DiaStore {
  const db = getDb();
  db.dia ??= seedDia(Date.now(), db);
  // The demo's cron: an expired relayed value is gone (the server deletes it within a minute).
  retransmissaoFluxo.expirar({ apagar: apagarDe(db.dia) }, Date.now());
  return db.dia;
}

/** retransmissao_fluxo.js's port `apagar` (lib/retransmissao.js apagador): the relayed values `onde` says dropped. */
export const apagarRetransmissoes = (onde: Onde) => apagarDe(diaStore())(onde);

/** A booking's handling record, when it has one. */
export const handlingOf = (bookingId: string) =>
  diaStore().atendimentos.find((a) => a.agendamento === bookingId);

/** The booking `viewer` owns (anyone else's, or none, is the kit's same 404). */
export const ownBooking = (viewer: UserRecord | null, bookingId: string) => {
  const booking = bookingOf(bookingId);
  return viewer && booking?.usuario === viewer.id ? booking : undefined;
};

/** lib/dia.js garantirAtendimento: the booking's handling record, made when first needed (dia_comum.js). */
export function ensureHandling(bookingId: string) {
  const found = handlingOf(bookingId);
  if (found) return found;
  const handling = {
    ...meta('atendimentos'),
    ...diaComum.atendimentoNovo(bookingId, consulateOfBooking(bookingId)?.id ?? ''),
  };
  diaStore().atendimentos.push(handling);
  return handling;
}

/**
 * Writes a move's values on a case's handling; when they leave it held by nobody (dia_comum.js semResponsavel),
 * what was relayed to its holder is deleted, as the kit's retransmissao.js apagarDoAtendimento does.
 */
export function updateHandling(handling: { id: string }, valores: object): void {
  Object.assign(handling, valores);
  if (diaComum.semResponsavel(valores)) apagarRetransmissoes({ atendimento: handling.id });
}

export const isStaff = (viewer: UserRecord | null): viewer is UserRecord => !!viewer?.admin;

/**
 * The consulate a booking belongs to, the double's one answer for lib/dia.js and lib/garantia.js consuladoDe and
 * lib/remarcar.js consuladoDo: an appointment's own consulate (`consuladoId`, remarcar.js's first rule) when
 * given and known, else the one whose code the booking's case summary carries (processo_resumo.js, which the
 * double computes from the applicants: case-summary.ts; a booking without a case file keeps its stored code).
 */
export function consulateOfBooking(bookingId: string, consuladoId = ''): ConsuladoRecord | undefined {
  const consulados = diaStore().consulados;
  const own = consuladoId ? consulados.find((c) => c.id === consuladoId) : undefined;
  if (own) return own;
  const codigo = caseSummary(getDb(), bookingId).consulado;
  return consulados.find((c) => c.codigo === codigo);
}

/** A booking's active appointments, earliest first (dia_comum.js ativos, as lib/dia.js and lib/remarcar.js ask). */
export const activeAppointments = (bookingId: string) =>
  diaComum.ativos(diaStore().compromissos.filter((c) => c.agendamento === bookingId));
