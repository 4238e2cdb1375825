/**
 * The demo double's booking-day collections (migration 1763903000_dia_agendamento): kept beside the demo
 * database (`db.dia`, made on first use, so a reset or an older stored database gets a fresh one), with the
 * consulates from the same file the migration loads and a demo window a few minutes from now, and the seeded
 * stages of processo-seed.ts (on standby, code asked, appointments made). Also the lookups every booking-day
 * file of the double shares.
 */
import type { BookingRecord, UserRecord } from '@/lib/types';
import type {
  AtendimentoRecord,
  CompromissoRecord,
  ConsuladoRecord,
  RetransmissaoRecord,
  TentativaRecord,
} from '@/lib/api/booking-day';
import dados from '../../pocketbase/pb_hooks/lib/consulados.json';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import garantiaComum from '../../pocketbase/pb_hooks/lib/garantia_comum.js';
import janelas from '../../pocketbase/pb_hooks/lib/janelas.js';
import retransmissaoFluxo, { type Onde } from '../../pocketbase/pb_hooks/lib/retransmissao_fluxo.js';
import { caseSummary } from './case-summary';
import { getDb } from './db';
import { CURITIBA_LOCAL, DIA_SEED, demoDay, SP_LOCAL } from './processo-seed';
import { DEMO_ACCOUNTS } from './seed';
import { newId, pbDate } from './util';

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

/**
 * The guarantee in the demo (pocketbase/pb_hooks/lib/garantia.js): on, with 3 windows, so the terms page and the
 * tracking page show it (a real server has it off unless GARANTIA_ATIVA=true). Here because the seed marks its
 * attempt with it.
 */
export const DEMO_GUARANTEE = { ativa: true, janelas: 3 };

/** Who handled the seeded stages: the demo's staff account. */
const BY_ADMIN = { autor: DEMO_ACCOUNTS.admin.id, autor_nome: DEMO_ACCOUNTS.admin.nome_completo };

/**
 * A booking by id (as processo-rules.ts bookingOf, which this file cannot import: processo-rules.ts -> jsvm/kit.ts,
 * whose SQL stand-ins ask this file for a booking's relayed values).
 */
const bookingOf = (id: string) => getDb().agendamentos.find((b) => b.id === id);

export const consuladoId = (codigo: string) => `consul${codigo}`.slice(0, 15).padEnd(15, '0');
const seedId = (prefix: string, booking: string, i: number) =>
  `${prefix}${booking.slice(-4)}${i}`.padEnd(15, '0');

/** A record's id, collection and times, as PocketBase makes one (now, with a new id, unless given). */
export const meta = (name: string, id = newId(), at = pbDate(new Date())) => ({
  id,
  collectionId: `pbc_${name}`,
  collectionName: name,
  created: at,
  updated: at,
});

/**
 * lib/garantia.js marcarTentativa: a new attempt's window (`janelaMs`, 0 for none) and what it means, from the
 * case as it is now (garantia_comum.js marcasDaTentativa); `ativa` whether the guarantee is on (the demo's, unless
 * given: the real backend's seed passes its server's).
 */
export const marksOf = (
  booking: BookingRecord | undefined,
  janelaMs: number,
  atendimento: Handling | null,
  resultado: string,
  ativa = DEMO_GUARANTEE.ativa,
) =>
  garantiaComum.marcasDaTentativa({
    ativa,
    status: booking?.status_agendamento ?? '',
    janelaMs,
    resultado,
    documentos: getDb()
      .documentos.filter((d) => d.agendamento === booking?.id)
      .map((d) => d.status),
    atendimento,
  });

/**
 * The seed, relative to `now`: São Paulo gets a demo window 10 minutes ahead (the opening-day screen's demo).
 * `guarantee`: whether the guarantee is on when the seeded attempt is marked (the demo's, unless given:
 * scripts/backend/seed.mjs seeds the real backend from here with its server's setting).
 */
export function seedDia(now: number, guarantee: { ativa: boolean } = DEMO_GUARANTEE): DiaStore {
  const at = pbDate(new Date(now - 3600000));
  const local = new Date(now + (10 + (janelas.deslocamento(dados.fuso) ?? 0)) * 60000);
  const demoWindow = {
    dia: local.getUTCDay(),
    hora: local.toISOString().slice(11, 16),
    servico: 'Demonstração',
  };
  const consulados = dados.consulados.map((c) => ({
    ...(c as unknown as ConsuladoRecord),
    ...meta('consulados', consuladoId(c.codigo), '2026-11-26 00:00:00.000Z'),
    janelas: c.codigo === 'sao_paulo' ? [...(c.janelas ?? []), demoWindow] : (c.janelas ?? []),
    fuso: dados.fuso,
    verificado_em: dados.verificadoEm,
    // The demo alone says Curitiba asks for the portal confirmation (the sources do not say: consulados.json).
    ...(c.codigo === 'curitiba' && {
      confirmacao: 'sim',
      confirmacao_quando: '(Demonstração: as fontes não dizem se Curitiba pede a confirmação.)',
    }),
  })) as ConsuladoRecord[];
  const spWindows = consulados.find((c) => c.codigo === 'sao_paulo')?.janelas ?? [];
  const next = janelas.proximaJanela(spWindows, dados.fuso, now);
  // A seeded handling: made as the kit makes one (dia_comum.js atendimentoNovo), told and ready for that window.
  const handling = (agendamento: string, extra: Partial<AtendimentoRecord>): Handling => ({
    ...meta('atendimentos', `at${agendamento.slice(2)}`, at),
    ...diaComum.atendimentoNovo(agendamento, consuladoId('sao_paulo')),
    janela: next ? pbDate(new Date(next.inicioMs)) : '',
    aviso_em: at,
    pronto: true,
    pronto_em: at,
    ...extra,
  });
  const attempt = (booking: string, i: number, created: string, resultado: TentativaRecord['resultado']) => ({
    ...meta('tentativas_agendamento', seedId('tent', booking, i), created),
    agendamento: booking,
    resultado,
    nota: '',
    ...BY_ADMIN,
  });
  const { pronto, codigo, agendado, confirmar, flex } = DIA_SEED;
  const running = janelas.janelaAnterior(spWindows, dados.fuso, now);
  const earlier = running ? janelas.janelaAnterior(spWindows, dados.fuso, running - 1) : null;
  const standby = handling(pronto.booking, {});
  const afterSlot = (seed: typeof confirmar, codigoConsulado: string, local: string) => ({
    ...meta('compromissos', seedId('comp', seed.booking, 0), at),
    agendamento: seed.booking,
    requerentes: [seed.requerente],
    data: demoDay(seed.dias),
    hora: seed.hora,
    consulado: consuladoId(codigoConsulado),
    local,
    codigo_portal: '',
    comprovante: '',
  });
  return {
    consulados,
    historico_consulados: [],
    atendimentos: [
      standby,
      handling(codigo.booking, {
        responsavel: BY_ADMIN.autor,
        responsavel_nome: BY_ADMIN.autor_nome,
        pedido: 'codigo',
        pedido_em: at,
      }),
    ],
    retransmissoes: [],
    tentativas_agendamento: [
      ...agendado.tentativas.map((t, i) => attempt(agendado.booking, i, t.created, t.resultado)),
      // The standby case was tried in São Paulo's window before the one running now, marked as the kit marks a
      // new attempt: one window of the guarantee's counted, so tracking shows how many are left.
      ...(earlier
        ? [
            {
              ...attempt(pronto.booking, 0, pbDate(new Date(earlier + 180_000)), 'sem_vagas'),
              ...marksOf(bookingOf(pronto.booking), earlier, standby, 'sem_vagas', guarantee.ativa),
            },
          ]
        : []),
    ],
    compromissos: [
      ...agendado.compromissos.map((c, i) => ({
        ...meta('compromissos', seedId('comp', agendado.booking, i), agendado.at),
        agendamento: agendado.booking,
        consulado: consuladoId('sao_paulo'),
        ...c,
      })),
      afterSlot(confirmar, 'curitiba', CURITIBA_LOCAL),
      afterSlot(flex, 'sao_paulo', SP_LOCAL),
    ],
  };
}

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
  db.dia ??= seedDia(Date.now());
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
