// The published wait reads the booking history twice (issue 26): in SQL in the kit (pb_hooks/lib/espera_servidor.js
// eventos and prontos, over the whole history) and by their JavaScript twins (espera.js eventosDe and prontosDe),
// which the demo double answers with. This property writes random bookings and histories on a real PocketBase and
// holds the server's published figures and staff's queues equal to what the twins give on the same rows.
import fc from 'fast-check';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import espera, { type HistoricoStatus } from '../../pocketbase/pb_hooks/lib/espera.js';
import processoRegras from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { insertRows, schemaRows } from '../../scripts/backend/seed.mjs';
import { scaleServer } from './helpers';

type Server = Awaited<ReturnType<typeof scaleServer>>['server'];

const RUNS = 25;
const MINUTE = 60_000;
/** Up to 700 days back: past the history the figures read (espera.HISTORICO_DIAS) and their window. */
const MAX_MINUTES = 700 * 24 * 60;

const stored = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

let server: Server;
let root: PocketBase;
let staff: PocketBase;
let owners: { id: string; nome: string }[];

beforeAll(async () => {
  ({ server, root, staff } = await scaleServer(0));
  owners = (await root.collection('usuarios').getFullList({ fields: 'id,nome_completo' })).map((u) => ({
    id: u.id,
    nome: String(u.nome_completo),
  }));
});

afterAll(async () => {
  await server?.stop();
});

// Few consulates, so their queues grow long; 'varios' and none are in no queue.
const CONSULADOS = [...Object.keys(processoRegras.consulados).slice(0, 2), 'varios', ''];
const STATUSES = [...regras.statusAgendamento, 'CANCELADO'];

const DAY_MINUTES = 24 * 60;
/** One step of a booking's history: the status reached `gap` minutes after the step before, maybe a note too. */
const step = fc.record({
  gap: fc.integer({ min: 0, max: 30 * DAY_MINUTES }),
  // Mostly readiness and booking, the pair a wait is made of.
  para: fc.constantFrom('ANALISE_OK', 'AGENDADO', 'ANALISE_OK', 'AGENDADO', ...STATUSES),
  nota: fc.boolean(),
});

const booking = fc.record({
  status: fc.constantFrom('ANALISE_OK', ...STATUSES),
  consulado: fc.constantFrom(...CONSULADOS),
  owner: fc.nat(),
  updatedMinutesAgo: fc.integer({ min: 0, max: MAX_MINUTES }),
  // Most histories start in the last 250 days (waits booked in the window); some long before.
  startMinutesAgo: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 250 * DAY_MINUTES }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: MAX_MINUTES }) },
  ),
  steps: fc.array(step, { minLength: 1, maxLength: 6 }),
  // A booking since deleted: its history stays, and no figure reads it.
  deleted: fc.constantFrom(false, false, false, true),
});

interface Booking {
  id: string;
  usuario: string;
  status_agendamento: string;
  consulado: string;
  updated: string;
}

it("the server's figures and queues (the kit's SQL) are the twins' on random booking histories", async () => {
  // Every row written so far: the server reads them all, so the twins do too.
  const bookings: Booking[] = [];
  const history: (HistoricoStatus & { id: string })[] = [];
  let run = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(booking, { minLength: 3, maxLength: 10 }), async (cases) => {
      const now = Date.now();
      const r = run++;
      const newBookings: Booking[] = [];
      const newHistory: typeof history = [];
      cases.forEach((c, b) => {
        const id = `e${String(r).padStart(4, '0')}${String(b).padStart(10, '0')}`;
        let minutesAgo = c.startMinutesAgo;
        c.steps.forEach((h, n) => {
          minutesAgo = Math.max(1, minutesAgo - h.gap);
          const status = { campo: 'status_agendamento', de: '', para: h.para };
          newHistory.push({
            id: `h${String(r).padStart(4, '0')}${String(b).padStart(5, '0')}${String(n).padStart(5, '0')}`,
            agendamento: id,
            created: stored(now - minutesAgo * MINUTE),
            alteracoes: h.nota ? [{ campo: 'nota_cliente', de: '', para: 'nota' }, status] : [status],
          });
        });
        if (c.deleted) return;
        newBookings.push({
          id,
          usuario: owners[c.owner % (owners.length + 1)]?.id ?? '',
          status_agendamento: c.status,
          consulado: c.consulado,
          updated: stored(now - c.updatedMinutesAgo * MINUTE),
        });
      });
      insertRows(server.dataDir, {
        agendamentos: schemaRows('agendamentos', newBookings),
        historico_agendamentos: schemaRows('historico_agendamentos', newHistory),
      });
      bookings.push(...newBookings);
      history.push(...newHistory);

      // The published figures, computed now by the server: the twin's on the same rows at the same instant.
      const published = await root.send<ReturnType<typeof espera.resumo>>('/api/espera/recalcular', {
        method: 'POST',
      });
      const agora = Date.parse(published.geradoEm);
      const consulados = espera.consulados(processoRegras);
      const known = new Map(bookings.map((b) => [b.id, b.consulado]));
      const eventos = espera.eventosDe(history, (id) => known.get(id) ?? null, agora);
      expect(published).toEqual(espera.resumo(eventos, agora, consulados));

      // Staff's queues: each consulate's ready cases, the longest waits first, with their owner's name.
      const { filas } = await staff.send<{
        filas: { codigo: string; prontos: number; maisAntigos: Record<string, unknown>[] }[];
      }>('/api/espera/equipe', {});
      const today = Date.now();
      expect(filas).toEqual(
        consulados.map(({ codigo }) => {
          const prontos = espera.prontosDe(bookings, history, codigo);
          return {
            codigo,
            prontos: prontos.length,
            maisAntigos: espera.maisAntigos(prontos, today, espera.MAIS_ANTIGOS).map((p) => ({
              id: p.id,
              nome: owners.find((o) => o.id === bookings.find((b) => b.id === p.id)?.usuario)?.nome ?? '',
              prontoEm: p.prontoEm,
              dias: p.dias,
            })),
          };
        }),
      );
    }),
    // A fixed seed: the same runs each time, which reach every branch (checked below).
    { numRuns: RUNS, endOnFailure: true, seed: 2026 },
  );
  // The runs reached published figures (MINIMO_CASOS waits at a consulate) and a queue longer than staff see.
  const agora = Date.now();
  const known = new Map(bookings.map((b) => [b.id, b.consulado]));
  const figures = espera.resumo(
    espera.eventosDe(history, (id) => known.get(id) ?? null, agora),
    agora,
    espera.consulados(processoRegras),
  );
  expect(figures.consulados.some((c) => !c.poucosDados)).toBe(true);
  const queues = CONSULADOS.map((c) => espera.prontosDe(bookings, history, c).length);
  expect(Math.max(...queues)).toBeGreaterThan(espera.MAIS_ANTIGOS);
});
