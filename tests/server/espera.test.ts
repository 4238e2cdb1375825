// The published wait on a real PocketBase (issue #28, item 5): from a seeded status history (rows written with
// their past dates, as the hooks would have recorded them), GET /api/espera gives the known median, 80th
// percentile and count per consulate, "poucos dados" under 5 cases, nothing personal; the owner of a ready case
// reads their place in their consulate's queue, another customer reads nothing of it; staff read the longest
// waits. Its own server: the shared one holds other files' cases of every consulate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase, { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from './helpers';
import type { EsperaConsulado as Figures } from '../../pocketbase/pb_hooks/lib/espera.js';
import { startRealBackend } from '../../scripts/backend/real-backend.mjs';
import { freePort } from '../../scripts/backend/pocketbase-server.mjs';
import { insertRows } from '../../scripts/backend/seed.mjs';

const DAY = 86_400_000;
const now = Date.now();
/**
 * PocketBase's stored form of noon in São Paulo (15:00 UTC) `days` São Paulo days ago. The day is São Paulo's
 * (UTC-3), as the kit counts days (lib/espera.js diaSP): from 00:00 to 03:00 UTC, UTC is a day ahead of it.
 */
const ago = (days: number) => {
  const d = new Date(now - 3 * 3_600_000 - days * DAY);
  d.setUTCHours(15, 0, 0, 0);
  return d.toISOString().replace('T', ' ');
};
const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;

let backend: Awaited<ReturnType<typeof startRealBackend>>;
let dataDir: string;
let su: PocketBase;
let owner: PocketBase;
let other: PocketBase;
const OWNER_BOOKING = id('esperadono', 1);
const OTHER_BOOKING = id('esperaoutro', 1);

async function customer(): Promise<{ pb: PocketBase; id: string }> {
  const input = registration();
  const record = await su.collection('usuarios').create({ ...input, verified: true });
  const pb = new PocketBase(backend.pb.url);
  await pb.collection('usuarios').authWithPassword(input.email, input.password);
  return { pb, id: record.id };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pb-espera-'));
  backend = await startRealBackend({ port: await freePort(), dataDir, afterSlotCron: false });
  su = new PocketBase(backend.pb.url);
  su.authStore.save(backend.pb.superuser.token);
  const dono = await customer();
  const outro = await customer();
  owner = dono.pb;
  other = outro.pb;

  const agendamentos: Record<string, unknown>[] = [];
  const historico: Record<string, unknown>[] = [];
  const booking = (
    bid: string,
    usuario: string,
    consulado: string,
    status: string,
    steps: [string, number][],
  ) => {
    agendamentos.push({
      id: bid,
      usuario,
      status_agendamento: status,
      consulado,
      documentacao: 'aprovada',
      created: ago(steps[0]![1] + 1),
      updated: ago(steps[steps.length - 1]![1]),
    });
    let de = '';
    steps.forEach(([para, days], i) => {
      historico.push({
        id: `${bid.slice(2)}h${i}`,
        agendamento: bid,
        autor_nome: 'Sistema',
        alteracoes: JSON.stringify([{ campo: 'status_agendamento', de, para }]),
        created: ago(days),
      });
      de = para;
    });
  };
  // Recife: six waits booked in the last 180 days (3, 7, 10, 12, 20 and 40 days), one booked 200 days ago.
  [3, 7, 10, 12, 20, 40].forEach((wait, i) =>
    booking(id('esperarec', i), outro.id, 'recife', 'AGENDADO', [
      ['NOVO', 150],
      ['ANALISE_OK', 20 + i * 10 + wait],
      ['AGENDADO', 20 + i * 10],
    ]),
  );
  booking(id('esperavelho', 1), outro.id, 'recife', 'FINALIZADO', [
    ['ANALISE_OK', 230],
    ['AGENDADO', 200],
    ['FINALIZADO', 190],
  ]);
  // Porto Alegre: four waits only.
  [5, 6, 7, 8].forEach((wait, i) =>
    booking(id('esperapoa', i), outro.id, 'porto_alegre', 'AGENDADO', [
      ['ANALISE_OK', 30 + wait],
      ['AGENDADO', 30],
    ]),
  );
  // Recife's queue: three cases ready before the owner's, one after; one ready in another consulate.
  [12, 9, 6, 1].forEach((days, i) =>
    booking(id('esperafila', i), outro.id, 'recife', 'ANALISE_OK', [['ANALISE_OK', days]]),
  );
  booking(id('esperapoafila', 1), outro.id, 'porto_alegre', 'ANALISE_OK', [['ANALISE_OK', 20]]);
  booking(OWNER_BOOKING, dono.id, 'recife', 'ANALISE_OK', [['ANALISE_OK', 3]]);
  booking(OTHER_BOOKING, outro.id, 'recife', 'NOVO', [['NOVO', 3]]);
  insertRows(dataDir, { agendamentos, historico_agendamentos: historico });
});

afterAll(async () => {
  await backend?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the published wait', () => {
  it('gives median, 80th percentile and count per consulate, "poucos dados" under 5, cached, nothing personal', async () => {
    await su.send('/api/espera/recalcular', { method: 'POST' });
    const response = await fetch(`${backend.pb.url}/api/espera`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const body = (await response.json()) as { janelaDias: number; consulados: Figures[] };
    expect(body.janelaDias).toBe(180);
    const recife = body.consulados.find((c) => c.codigo === 'recife');
    // Sorted 3 7 10 12 20 40: median (10 + 12) / 2 = 11, 80th percentile the 5th of 6 = 20; 200 days ago is out.
    expect(recife).toMatchObject({ nome: 'Recife', casos: 6, mediana: 11, p80: 20, poucosDados: false });
    expect(recife?.meses.reduce((n, m) => n + m.casos, 0)).toBe(6);
    expect(body.consulados.find((c) => c.codigo === 'porto_alegre')).toMatchObject({
      casos: 4,
      mediana: null,
      p80: null,
      poucosDados: true,
      meses: [],
    });
    expect(body.consulados.find((c) => c.codigo === 'sao_paulo')).toMatchObject({
      casos: 0,
      poucosDados: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/espera(rec|poa|fila|dono|outro)|@/);
  });

  it('tells the owner of a ready case how many are ahead of theirs, and nothing to anyone else', async () => {
    const mine = await owner.send<{ consulado: Figures; antes: number; frase: string }>(
      `/api/agendamentos/${OWNER_BOOKING}/espera`,
      {},
    );
    expect(mine.antes).toBe(3);
    expect(mine.frase).toBe('Há 3 processos prontos antes do seu.');
    expect(mine.consulado).toMatchObject({ codigo: 'recife', casos: 6, mediana: 11, p80: 20 });
    const refused = await other.send(`/api/agendamentos/${OWNER_BOOKING}/espera`, {}).then(
      () => null,
      (error: ClientResponseError) => error,
    );
    expect(refused?.status).toBe(404);
    expect(refused?.response).toEqual({ status: 404, message: 'Agendamento não encontrado.', data: {} });
    // Not ready: the consulate's figures, no place in the queue.
    const notReady = await other.send<{ antes: unknown; frase: unknown }>(
      `/api/agendamentos/${OTHER_BOOKING}/espera`,
      {},
    );
    expect(notReady).toMatchObject({ antes: null, frase: null });
    // Staff only: the longest waits per consulate, oldest first.
    const staffOnly = await owner.send('/api/espera/equipe', {}).then(
      () => null,
      (error: ClientResponseError) => error,
    );
    expect(staffOnly?.status).toBe(403);
    const input = registration();
    await su.collection('usuarios').create({ ...input, verified: true, admin: true });
    const staff = new PocketBase(backend.pb.url);
    await staff.collection('usuarios').authWithPassword(input.email, input.password);
    const { filas } = await staff.send<{
      filas: { codigo: string; prontos: number; maisAntigos: { id: string; dias: number }[] }[];
    }>('/api/espera/equipe', {});
    const recife = filas.find((f) => f.codigo === 'recife');
    expect(recife?.prontos).toBe(5);
    expect(recife?.maisAntigos.map((p) => [p.id, p.dias])).toEqual([
      [id('esperafila', 0), 12],
      [id('esperafila', 1), 9],
      [id('esperafila', 2), 6],
      [OWNER_BOOKING, 3],
      [id('esperafila', 3), 1],
    ]);
  });
});
