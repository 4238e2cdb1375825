// The staff list searched for text from the full-text index (GET /api/agendamentos/busca, pb_hooks/lib/lista_equipe.js
// listarPorTexto, lib/busca_texto.js, migration 1763917000_busca_texto.js; issue 30) on a real PocketBase: every
// page must equal PocketBase's own list for the same search (`filtroEquivalente`, the list's filter), and the
// index must follow every write to a booking or its customer, through the API or around it.
import { createRequire } from 'node:module';
import PocketBase, { type ListResult, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import busca from '../../pocketbase/pb_hooks/lib/busca_texto.js';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import { failure, scaleServer } from './helpers';

const comum = createRequire(import.meta.url)('../../pocketbase/pb_hooks/lib/comum.js') as {
  termoBusca(text: string): string;
};

type Server = Awaited<ReturnType<typeof scaleServer>>['server'];
type Query = Record<string, string>;

let server: Server;
let staff: PocketBase;
let customer: PocketBase;
let visitor: PocketBase;
let root: PocketBase;
const BOOKINGS = 240;

const search = (pb: PocketBase, query: Query) =>
  pb.send<ListResult<RecordModel>>('/api/agendamentos/busca', { query });

/**
 * PocketBase's own list for the same search: the list's filter, read by the superuser (no rule), in the sort as the
 * route reads it (lib/paginas.js chavesDe: the status header by its stored rank, status_ordem).
 */
async function own(query: Query): Promise<ListResult<RecordModel>> {
  const read = busca.pedidoDe((name) => query[name] ?? '', comum.termoBusca);
  if (!read.pedido) throw new Error(`not a search: ${JSON.stringify(query)}`);
  const p = read.pedido;
  return root.collection('agendamentos').getList(p.pagina, p.porPagina, {
    filter: busca.filtroEquivalente(p),
    sort: paginas.ordemDe(paginas.chavesDe(query.sort ?? '-created,-id'), false),
  });
}

const ids = (page: ListResult<RecordModel>) => ({ ...page, items: page.items.map((b) => b.id) });

beforeAll(async () => {
  // Straight into the database, past the API: the index is filled by SQLite's triggers.
  const seeded = await scaleServer(BOOKINGS);
  ({ server, staff, customer, visitor, root } = seeded);
});

afterAll(async () => {
  await server?.stop();
});

describe('the text search', () => {
  const cases: [string, Query][] = [
    ['a surname, newest first', { texto: 'Rossi', sort: '-created,-id', page: '1', perPage: '10' }],
    ['a surname, page 3 of 7 rows', { texto: 'silva', sort: '-created,-id', page: '3', perPage: '7' }],
    ['accents and case folded', { texto: 'FERRÁRI', sort: 'created,id', page: '1', perPage: '50' }],
    ['a first name and a surname', { texto: 'ana silva', sort: '-created,-id', page: '1', perPage: '50' }],
    ['by status', { texto: 'souza', sort: 'status_agendamento,created,id', page: '2', perPage: '5' }],
    [
      'by appointment day, descending',
      { texto: 'rossi', sort: '-data_agendamento,-created,-id', page: '1', perPage: '20' },
    ],
    ['by time', { texto: 'silva', sort: 'hora_agendamento,created,id', page: '2', perPage: '9' }],
    ['by place', { texto: 'silva', sort: '-local_agendamento,-created,-id', page: '1', perPage: '30' }],
    ['by last change', { texto: 'souza', sort: 'updated,id', page: '1', perPage: '30' }],
    ['part of an e-mail', { texto: 'cliente1', sort: '-created,-id', page: '1', perPage: '50' }],
    ['an e-mail with its @', { texto: 'e2@escala', sort: '-created,-id', page: '1', perPage: '50' }],
    ['part of a CPF', { texto: '0000000005', sort: '-created,-id', page: '1', perPage: '50' }],
    ['part of a phone with its mask', { texto: '0000-0007', sort: '-created,-id', page: '1', perPage: '50' }],
    [
      'a year and month, as text in the creation instant',
      { texto: '2026-0', sort: '-created,-id', page: '2', perPage: '10' },
    ],
    ['with one status', { texto: 'silva', status: 'NOVO', sort: '-created,-id', page: '1', perPage: '50' }],
    [
      'with the failed invoices',
      { texto: 'silva', status: 'NOTA_ERRO', sort: '-created,-id', page: '1', perPage: '50' },
    ],
    [
      'with a creation range',
      {
        texto: 'rossi',
        de: '2025-06-01 03:00:00.000Z',
        ate: '2026-03-01 03:00:00.000Z',
        sort: '-created,-id',
        page: '1',
        perPage: '50',
      },
    ],
    [
      'with a consulate and a documentation state',
      {
        texto: 'silva',
        consulado: 'curitiba',
        documentacao: 'aprovada',
        sort: '-created,-id',
        page: '1',
        perPage: '50',
      },
    ],
    // Text every booking holds (every customer's e-mail): read by walking the sort's index, testing each row.
    ['in every booking, newest first', { texto: 'cliente', sort: '-created,-id', page: '1', perPage: '50' }],
    ['in every booking, the last page', { texto: 'escala', sort: 'created,id', page: '5', perPage: '50' }],
    [
      'in every booking, by place',
      { texto: 'passaporte', sort: '-local_agendamento,-created,-id', page: '3', perPage: '17' },
    ],
    [
      'in every booking, one status',
      { texto: 'cliente', status: 'AGENDADO', sort: 'updated,id', page: '1', perPage: '10' },
    ],
    [
      'in every booking, a consulate and a creation range',
      {
        texto: '.test',
        consulado: 'curitiba',
        de: '2025-06-01 03:00:00.000Z',
        sort: '-created,-id',
        page: '1',
        perPage: '50',
      },
    ],
    ['wildcards taken as themselves', { texto: 'cli%nte_', sort: '-created,-id', page: '1', perPage: '50' }],
    ['nobody', { texto: 'ninguem com este nome', sort: '-created,-id', page: '1', perPage: '50' }],
    ['past the last page', { texto: 'silva', sort: '-created,-id', page: '40', perPage: '50' }],
    [
      'quotes and markup',
      { texto: '"<script>alert(1)</script>', sort: '-created,-id', page: '1', perPage: '50' },
    ],
  ];

  it.each(cases)("%s: the same page as PocketBase's own list", async (_name, query) => {
    const answer = await search(staff, query);
    expect(ids(answer)).toEqual(ids(await own(query)));
    expect(answer.items.every((b) => b.expand?.usuario?.id === b.usuario)).toBe(true);
    // Each customer as the accounts' rules show them to staff: one hides the e-mail.
    const hidden = answer.items.find((b) => b.usuario === 'u00000000000002');
    if (hidden) expect(hidden.expand?.usuario).not.toHaveProperty('email');
  });

  it('finds the bookings it should: a real search has matches, and every match holds the text', async () => {
    const answer = await search(staff, { texto: 'rossi', perPage: '1000' });
    expect(answer.totalItems).toBeGreaterThan(10);
    expect(answer.totalItems).toBeLessThan(BOOKINGS);
    for (const b of answer.items) expect(b.expand?.usuario?.nome_completo).toMatch(/Rossi/);
  });

  it('follows every write: a booking created, a customer renamed (the hook rewrites their bookings), a booking deleted', async () => {
    const before = (await search(staff, { texto: 'zebedeu' })).totalItems;
    expect(before).toBe(0);
    const u = await root.collection('usuarios').getOne('u00000000000007');
    await root.collection('usuarios').update(u.id, { nome_completo: 'Zebedeu Quaresma Tavares' });
    const renamed = await search(staff, { texto: 'zebedeu quaresma' });
    expect(renamed.totalItems).toBe(BOOKINGS / 12);
    expect(renamed.items.every((b) => b.usuario === u.id)).toBe(true);
    // The old name no longer finds them.
    const old = String(u.nome_completo);
    expect((await search(staff, { texto: old, perPage: '1000' })).items.some((b) => b.usuario === u.id)).toBe(
      false,
    );
    const gone = renamed.items[0];
    if (!gone) throw new Error('no booking');
    await root.collection('agendamentos').delete(gone.id);
    expect((await search(staff, { texto: 'zebedeu' })).totalItems).toBe(BOOKINGS / 12 - 1);
  });

  it('refuses a customer (403), a visitor (401), a search under 3 characters and a bad sort or page (400), in Portuguese', async () => {
    const asCustomer = await failure(search(customer, { texto: 'silva' }));
    expect([asCustomer.status, asCustomer.response.message]).toEqual([403, busca.MSG.soEquipe]);
    expect((await failure(search(visitor, { texto: 'silva' }))).status).toBe(401);
    for (const texto of ['', 'si', '  a  ', '\\\\\\'])
      expect((await failure(search(staff, { texto }))).response.message).toBe(busca.MSG.curta);
    const bads: Query[] = [
      { sort: 'usuario.password' },
      { sort: '@random' },
      { page: '0' },
      { perPage: '1001' },
      { de: '2026-01-01' },
      { status: "NOVO' OR 1=1" },
      { texto: 'x'.repeat(10_000) },
    ];
    for (const bad of bads) {
      const error = await failure(search(staff, { texto: 'silva', ...bad }));
      expect([error.status, error.response.message]).toEqual([400, busca.MSG.invalida]);
    }
  });
});
