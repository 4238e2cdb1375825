/**
 * The demo's booking day as seeded (migration 1763903000_dia_agendamento's collections): the consulates from the
 * same file the migration loads with a demo window a few minutes from now, and the seeded stages of
 * processo-seed.ts (on standby, code asked, appointments made). The double starts its booking day from here
 * (src/mocks/dia-store.ts diaStore), and scripts/backend/seed.mjs writes the same to a real server.
 */
import type { AtendimentoRecord, ConsuladoRecord, TentativaRecord } from '@/lib/api/booking-day';
import dados from '../pocketbase/pb_hooks/lib/consulados.json';
import diaComum from '../pocketbase/pb_hooks/lib/dia_comum.js';
import garantiaComum from '../pocketbase/pb_hooks/lib/garantia_comum.js';
import janelas from '../pocketbase/pb_hooks/lib/janelas.js';
import type { DiaStore } from '../src/mocks/dia-store';
import type { DemoDb } from '../src/mocks/schema';
import { meta, pbDate } from '../src/mocks/util';
import { CURITIBA_LOCAL, DIA_SEED, demoDay, SP_LOCAL } from './processo-seed';
import { DEMO_ACCOUNTS } from './seed';

type Handling = DiaStore['atendimentos'][number];

/**
 * The guarantee in the demo (pocketbase/pb_hooks/lib/garantia.js): on, with 3 windows, so the terms page and the
 * tracking page show it (a real server has it off unless GARANTIA_ATIVA=true). Here because the seed marks its
 * attempt with it.
 */
export const DEMO_GUARANTEE = { ativa: true, janelas: 3 };

/** Who handled the seeded stages: the demo's staff account. */
const BY_ADMIN = { autor: DEMO_ACCOUNTS.admin.id, autor_nome: DEMO_ACCOUNTS.admin.nome_completo };

/** A seeded consulate's id. */
const consuladoId = (codigo: string) => `consul${codigo}`.slice(0, 15).padEnd(15, '0');
const seedId = (prefix: string, booking: string, i: number) =>
  `${prefix}${booking.slice(-4)}${i}`.padEnd(15, '0');

/**
 * The seed, relative to `now`: São Paulo gets a demo window 10 minutes ahead (the opening-day screen's demo).
 * `guarantee`: whether the guarantee is on when the seeded attempt is marked (the demo's, unless given:
 * scripts/backend/seed.mjs seeds the real backend from here with its server's setting).
 */
export function seedDia(
  now: number,
  db: Pick<DemoDb, 'agendamentos' | 'documentos'>,
  guarantee: { ativa: boolean } = DEMO_GUARANTEE,
): DiaStore {
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
              // As the kit's lib/garantia.js marcarTentativa marks one, on the seeded database `db`.
              ...garantiaComum.marcasDaTentativa({
                ativa: guarantee.ativa,
                status: db.agendamentos.find((b) => b.id === pronto.booking)?.status_agendamento ?? '',
                janelaMs: earlier,
                resultado: 'sem_vagas',
                documentos: db.documentos
                  .filter((d) => d.agendamento === pronto.booking)
                  .map((d) => d.status),
                atendimento: standby,
              }),
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
