// The contract suite, the staff list's export (issue #26) and its status sort: the same calls against the demo's
// stand-in and the real server. Which filters and sorts an export may name is the kit's decision
// (lib/csv_agendamentos.js pedidoDaEquipe), which both run: the double gave a file for the relation below before it
// asked the kit. The status column sorts in the process's order (lib/paginas.js chavesDe, status_ordem), not
// alphabetically (both sorted AGENDADO first before).
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import kitCsv from '../../pocketbase/pb_hooks/lib/csv_agendamentos.js';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import { resetDb } from '@/mocks/db';
import { answer, answerInFull, BACKENDS, signedIn } from './contract-backends';

/** The process's order, as staff expect the status column sorted (then the closing status of older bookings). */
const PROCESS = ['NOVO', 'ANALISE_ERRO', 'ANALISE_OK', 'AGENDADO', 'FINALIZADO', 'CANCELADO'];

type Row = { id: string; created: string; status_agendamento: string; status_ordem: number };

/** The list sorted as the staff list sends it (the header's sort, then its ties). */
const sortOf = (header: string) => paginas.ordemDe(paginas.chavesDe(header), false);

/** Every booking, sorted by the status header as the list sorts it. */
const everyRow = async (staff: PocketBase, header: string) =>
  (await staff.collection('agendamentos').getFullList<Row>({ sort: sortOf(header), batch: 1000 })).map(
    (r) => ({
      id: r.id,
      created: r.created,
      status_agendamento: r.status_agendamento,
      status_ordem: r.status_ordem,
    }),
  );

/** The statuses in the order a list shows them, each run of one status once. */
const runs = (rows: Row[]) => rows.map((r) => r.status_agendamento).filter((s, i, all) => s !== all[i - 1]);

/** A page size whose page 2 holds the last row of one status and the first of the next (page 1 does not). */
function acrossABoundary(rows: Row[]): number {
  const b = rows.findIndex((r, i) => i >= 3 && r.status_agendamento !== rows[i - 1]!.status_agendamento);
  if (b < 0) throw new Error('the seed has no status boundary past its third booking');
  return b - 1;
}

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();
  const exportar = async (query: Record<string, string>) =>
    answerInFull((await signedIn(backend, 'admin')).send('/api/agendamentos/exportar.csv', { query }));

  it("exports the list's own filter and sort", async () => {
    expect(await exportar({ filter: "status_agendamento = 'NOVO'", sort: '-created' })).toEqual({
      status: 200,
    });
  });

  it.each([
    ['a field of the customer (a relation)', { filter: 'usuario.email ~ "demo"' }],
    ['a hidden field of the customer', { filter: 'usuario.password ~ "a"' }],
    ['a modifier', { filter: 'status_agendamento:lower = "novo"' }],
    ['a request macro', { filter: '@request.auth.id != ""' }],
    ['an unknown field', { sort: 'nao_existe' }],
    ['a filter left open', { filter: 'status_agendamento = "NOVO' }],
  ])('refuses an export naming %s with the pt-BR reason', async (_, query) => {
    expect(await exportar({ sort: '-created', ...query })).toMatchObject({
      status: 400,
      message: kitCsv.MSG.invalido,
    });
  });

  it.each([
    ['ascending', 'status_agendamento', PROCESS],
    ['descending', '-status_agendamento', [...PROCESS].reverse()],
  ])(
    'sorts the status column %s in the process order, and pages across a status boundary',
    async (_, header, order) => {
      const staff = await signedIn(backend, 'admin');
      const rows = await everyRow(staff, header);
      const shown = runs(rows);
      expect(shown.length).toBeGreaterThanOrEqual(4);
      expect(shown).toEqual(order.filter((s) => shown.includes(s)));
      // Page 2 straddles a status boundary: by offset, from page 1's last row (the pager's neighbour), and from the
      // kit's marker (a page opened by its link) it holds the same rows.
      const perPage = acrossABoundary(rows);
      const expected = rows.slice(perPage, 2 * perPage).map((r) => r.id);
      expect(new Set(rows.slice(perPage, perPage + 2).map((r) => r.status_agendamento)).size).toBe(2);
      const byOffset = await staff
        .collection('agendamentos')
        .getList<Row>(2, perPage, { sort: sortOf(header) });
      expect(byOffset.items.map((r) => r.id)).toEqual(expected);
      const fromRow = async (anterior: object) => {
        const plan = paginas.planoDaPagina({
          pagina: 2,
          porPagina: perPage,
          ordem: header,
          vizinhas: { anterior },
        });
        expect(plan.modo).toBe('depois');
        const page = await paginas.lerPagina(plan, async (step) => {
          const filter = paginas.filtroDoPasso('', step, (f, params) => staff.filter(f, params));
          return (
            await staff
              .collection('agendamentos')
              .getList<Row>(1, step.porPagina, { sort: step.ordem, filter })
          ).items;
        });
        return page.map((r) => r.id);
      };
      expect(await fromRow(rows[perPage - 1]!)).toEqual(expected);
      const mark = await staff.send<{ totalItems: number; anterior: Record<string, unknown> }>(
        '/api/agendamentos/marco',
        { query: { sort: sortOf(header), page: '2', perPage: String(perPage) } },
      );
      const before = rows[perPage - 1]!;
      expect(mark.anterior).toEqual({
        status_ordem: before.status_ordem,
        created: before.created,
        id: before.id,
      });
      expect(await fromRow(mark.anterior)).toEqual(expected);
    },
  );

  it("keeps each booking's place in the process with its status, and refuses a staff save that sends it", async () => {
    const staff = await signedIn(backend, 'admin');
    const rows = await everyRow(staff, 'status_agendamento');
    for (const row of rows)
      expect(row.status_ordem, row.status_agendamento).toBe(PROCESS.indexOf(row.status_agendamento) + 1);
    const novo = await staff
      .collection('agendamentos')
      .getOne(rows.find((r) => r.status_agendamento === 'NOVO')!.id);
    expect(
      await answer(
        staff
          .collection('agendamentos')
          .update(novo.id, { status_ordem: 99 }, { headers: { 'If-Match': `"${novo.updated}"` } }),
      ),
    ).toMatchObject({ status: 400, codes: { status_ordem: 'validation_forbidden' } });
    const saved = await staff
      .collection('agendamentos')
      .update(
        novo.id,
        { status_agendamento: 'ANALISE_ERRO', nota_cliente: 'Falta o RG.' },
        { headers: { 'If-Match': `"${novo.updated}"` } },
      );
    expect(saved).toMatchObject({ status_agendamento: 'ANALISE_ERRO', status_ordem: 2 });
  });
});
