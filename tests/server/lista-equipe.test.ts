// The staff list (pb_hooks/lib/lista_equipe.js, issue 30) on a real PocketBase seeded like the bench: the list
// rule names the staff by id, so a staff member's pages are read without PocketBase's join and DISTINCT, and must
// equal what PocketBase answers for the same call to the superuser (no rule, no join), with the same totals,
// expand and errors; the rule follows the admin flag.
import { createRequire } from 'node:module';
import PocketBase, { type ListResult, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import csv from '../../pocketbase/pb_hooks/lib/csv_agendamentos.js';
import paginas from '../../pocketbase/pb_hooks/lib/paginas.js';
import { failure, PASSWORD, scaleServer } from './helpers';

const comum = createRequire(import.meta.url)('../../pocketbase/pb_hooks/lib/comum.js') as {
  buscaIndexada(key: string): string | null;
};

type Server = Awaited<ReturnType<typeof scaleServer>>['server'];
interface Query {
  filter?: string;
  sort?: string;
  skipTotal?: boolean;
  contar?: '1';
}

let server: Server;
let staff: PocketBase;
let customer: PocketBase;
let visitor: PocketBase;
let root: PocketBase;
let staffId = '';
const BOOKINGS = 240;

const list = (pb: PocketBase, page: number, perPage: number, query: Query = {}) =>
  pb.collection('agendamentos').getList(page, perPage, { expand: 'usuario', ...query });

/**
 * PocketBase's own answer to the same call: the rows, order and totals it gives the superuser (no list rule, so
 * no join and no DISTINCT), each booking's account as PocketBase shows it to the staff member (one customer hides
 * their e-mail, which the superuser would see).
 */
const ids = (page: ListResult<RecordModel>) => ({ ...page, items: page.items.map((b) => b.id) });

async function own(page: number, perPage: number, query: Query): Promise<ListResult<RecordModel>> {
  const answer = await list(root, page, perPage, query);
  const accounts = new Map((await staff.collection('usuarios').getFullList()).map((u) => [u.id, u]));
  for (const item of answer.items) item.expand = { usuario: accounts.get(item.usuario) };
  return answer;
}

beforeAll(async () => {
  // Read 7 rows at a time, so an export crosses many pages and the ties of every sort; one file holds every
  // booking seeded, and no more.
  const seeded = await scaleServer(BOOKINGS, { EXPORTAR_LOTE: '7', EXPORTAR_LIMITE: String(BOOKINGS) });
  ({ server, staff, customer, visitor, root } = seeded);
  staffId = seeded.staffId;
});

afterAll(async () => {
  await server?.stop();
});

describe("a staff member's list", () => {
  // Every sort of the list (status, day, time and place hold many equal values), each filter the list sends, a
  // search, combinations, the first, the last page and past it.
  const cases: [string, number, number, Query][] = [
    ['newest first, page 1', 1, 50, { sort: '-created' }],
    ['newest first, page 2', 2, 50, { sort: '-created' }],
    ['oldest first, the last page', 5, 50, { sort: 'created' }],
    ['past the last page', 9, 50, { sort: '-created' }],
    ['by status', 3, 20, { sort: 'status_agendamento' }],
    // As the list sends the status header: in the process's order, by the rank the kit keeps (lib/paginas.js).
    [
      'by status in the process order',
      3,
      20,
      { sort: paginas.ordemDe(paginas.chavesDe('status_agendamento'), false) },
    ],
    ['by appointment day, descending', 4, 25, { sort: '-data_agendamento' }],
    ['by time', 2, 100, { sort: 'hora_agendamento' }],
    ['by place', 6, 10, { sort: '-local_agendamento' }],
    ['by last change', 2, 30, { sort: 'updated' }],
    ['one status', 2, 10, { sort: '-created', filter: 'status_agendamento = "NOVO"' }],
    [
      'a consulate and a documentation state',
      2,
      5,
      { sort: '-created', filter: 'consulado = "curitiba" && documentacao = "aprovada"' },
    ],
    [
      'a creation range',
      2,
      10,
      {
        sort: '-created',
        filter: 'created >= "2025-06-01 03:00:00.000Z" && created < "2026-03-01 03:00:00.000Z"',
      },
    ],
    [
      'a name search',
      2,
      5,
      {
        sort: '-created',
        filter: '(created ~ "silva" || busca ~ "silva") && status_agendamento != "CANCELADO"',
      },
    ],
    ['a search for nothing', 2, 5, { sort: '-created', filter: 'busca ~ "ninguem com este nome"' }],
    // As the list sends a whole CPF, phone or e-mail (comum.js buscaIndexada), read from the key columns' indexes.
    [
      'a CPF, as the list sends it',
      1,
      5,
      { sort: '-created', filter: '(busca_cpf = "10000000005" || busca_celular = "10000000005")' },
    ],
    [
      'a phone',
      2,
      5,
      { sort: 'status_agendamento', filter: '(busca_cpf = "11900000007" || busca_celular = "11900000007")' },
    ],
    [
      'a whole e-mail',
      1,
      50,
      {
        sort: '-created',
        filter:
          '(busca_email >= "cliente3＠escala.passaporte.test" && busca_email < "cliente3＠escala.passaporte.test\uffff")',
      },
    ],
    [
      'a CPF nobody has',
      1,
      5,
      { sort: '-created', filter: '(busca_cpf = "52998224725" || busca_celular = "52998224725")' },
    ],
    // Without the total and unfiltered, the kit counts (the test below).
    [
      'filtered, without the total',
      3,
      20,
      { sort: '-created', skipTotal: true, filter: 'status_agendamento != ""' },
    ],
  ];
  it.each(cases)("%s equals PocketBase's own answer", async (_name, page, perPage, query) => {
    const answer = await list(staff, page, perPage, query);
    expect(answer).toEqual(await own(page, perPage, query));
    expect(answer.items.every((b) => b.expand?.usuario?.id === b.usuario)).toBe(true);
    const hidden = answer.items.find((b) => b.usuario === 'u00000000000002');
    if (hidden) expect(hidden.expand?.usuario).not.toHaveProperty('email');
  });

  it('without a filter, asked without its total, gets it from the kit: every booking (lib/lista_equipe.js)', async () => {
    for (const [page, sort] of [
      [1, '-created'],
      [3, 'status_agendamento'],
    ] as const) {
      const answer = await list(staff, page, 50, { sort: `${sort},id`, skipTotal: true });
      const expected = await own(page, 50, { sort: `${sort},id` });
      expect(answer.totalItems).toBe(BOOKINGS);
      expect({ ...answer, items: answer.items.map((b) => b.id) }).toEqual({
        ...expected,
        items: expected.items.map((b) => b.id),
      });
    }
    // A filtered list, a customer's and a visitor's keep PocketBase's own answer without the total.
    const filtered = await list(staff, 1, 50, { filter: 'status_agendamento = "NOVO"', skipTotal: true });
    expect([filtered.totalItems, filtered.totalPages]).toEqual([-1, -1]);
    expect((await list(customer, 1, 50, { skipTotal: true })).totalItems).toBe(-1);
    expect(await list(visitor, 1, 50, { skipTotal: true })).toMatchObject({ totalItems: -1, items: [] });
  });

  it("counts the list's own filters itself when asked (contar=1), from an index: PocketBase's totals; any other call keeps PocketBase's", async () => {
    const counts: number[] = [];
    for (const filter of [
      'status_agendamento = "AGENDADO"',
      "nota_status = 'ERROR'",
      'consulado = "curitiba" && documentacao = "aprovada"',
      'created >= "2025-06-01 03:00:00.000Z" && created < "2026-03-01 03:00:00.000Z" && status_agendamento = "NOVO"',
    ]) {
      const counted = await list(staff, 2, 10, {
        sort: '-created,-id',
        filter,
        skipTotal: true,
        contar: '1',
      });
      const expected = await own(2, 10, { sort: '-created,-id', filter });
      counts.push(counted.totalItems);
      expect(ids(counted), filter).toEqual(ids(expected));
      // Without contar (a page read from its neighbour), no count at all.
      const step = await list(staff, 2, 10, { sort: '-created,-id', filter, skipTotal: true });
      expect([step.totalItems, step.totalPages]).toEqual([-1, -1]);
      // A customer asking the same counts nothing: PocketBase's answer, their own rows.
      const mine = await list(customer, 1, 10, {
        sort: '-created,-id',
        filter,
        skipTotal: true,
        contar: '1',
      });
      expect(mine.totalItems).toBe(-1);
    }
    expect(counts.filter((n) => n > 10)).toHaveLength(3);
    // A filter the kit does not count keeps PocketBase's -1.
    const other = await list(staff, 1, 10, {
      sort: '-created,-id',
      filter: 'status_agendamento = "NOVO" || status_agendamento = "AGENDADO"',
      skipTotal: true,
      contar: '1',
    });
    expect(other.totalItems).toBe(-1);
  });

  it('reads a page from its neighbour or from the end as the list does: the rows of the offset, in order', async () => {
    // The list's plans (pb_hooks/lib/paginas.js) on the real server: PocketBase's filter, its text comparison of
    // dates, empty values and ties; 240 rows, 7 per page, so every sort crosses groups of equal values.
    const n = 7;
    for (const [header, filter] of [
      ['-created', ''],
      ['status_agendamento', ''],
      ['-data_agendamento', ''],
      ['hora_agendamento', 'status_agendamento != "CANCELADO"'],
      ['-local_agendamento', ''],
      ['updated', ''],
    ] as const) {
      const sort = paginas.ordemDe(paginas.chavesDe(header), false);
      const byOffset = async (page: number) =>
        (await list(staff, page, n, { sort, ...(filter ? { filter } : {}) })).items.map((b) => b.id);
      const read = (page: number, vizinhas: object, total: number | null) =>
        paginas.lerPagina(
          paginas.planoDaPagina({ pagina: page, porPagina: n, ordem: sort, total, vizinhas }),
          async (step) => {
            const joined = paginas.filtroDoPasso(filter, step, (text, values) => staff.filter(text, values));
            const query = { sort: step.ordem, skipTotal: true, ...(joined ? { filter: joined } : {}) };
            return (await list(staff, step.pagina, step.porPagina, query)).items;
          },
        );
      const total = (await list(staff, 1, 1, { sort, ...(filter ? { filter } : {}) })).totalItems;
      for (const page of [2, 9, 17, Math.ceil(total / n) - 1, Math.ceil(total / n)]) {
        const expected = await byOffset(page);
        const before = (await list(staff, page - 1, n, { sort, ...(filter ? { filter } : {}) })).items.at(-1);
        const after = (await list(staff, page + 1, n, { sort, ...(filter ? { filter } : {}) })).items[0];
        expect(
          (await read(page, { anterior: before }, total)).map((b) => b.id),
          `${header} p${page} after`,
        ).toEqual(expected);
        if (after) expect((await read(page, { seguinte: after }, total)).map((b) => b.id)).toEqual(expected);
        expect(
          (await read(page, {}, total)).map((b) => b.id),
          `${header} p${page} from the end`,
        ).toEqual(expected);
      }
    }
  });

  it('tells where a page far from both ends starts (GET /api/agendamentos/marco): the row before it, then its rows', async () => {
    const n = 7;
    const marco = (pb: PocketBase, query: Record<string, string>) =>
      pb.send<{ totalItems: number; anterior: Record<string, string> | null }>('/api/agendamentos/marco', {
        query,
      });
    for (const [header, filter] of [
      ['-created', ''],
      ['status_agendamento', ''],
      ['-data_agendamento', 'documentacao = "aprovada"'],
      ['hora_agendamento', 'status_agendamento = "AGENDADO"'],
      ['-local_agendamento', ''],
      ['updated', 'created >= "2025-06-01 03:00:00.000Z" && created < "2026-03-01 03:00:00.000Z"'],
    ] as const) {
      const sort = paginas.ordemDe(paginas.chavesDe(header), false);
      const chaves = paginas.chavesDe(sort);
      const query = { sort, ...(filter ? { filter } : {}) };
      const total = (await list(root, 1, 1, query)).totalItems;
      const last = Math.ceil(total / n);
      for (const page of [1, 2, Math.ceil(last / 2), Math.ceil(last / 2) + 1, last, last + 1]) {
        const answer = await marco(staff, { sort, filter, page: String(page), perPage: String(n) });
        expect(answer.totalItems, `${header} total`).toBe(total);
        const before =
          page > 1 && page <= last ? (await list(root, (page - 1) * n, 1, query)).items[0] : undefined;
        expect(answer.anterior, `${header} p${page}`).toEqual(
          before ? Object.fromEntries(chaves.map((c) => [c.campo, before[c.campo]])) : null,
        );
        if (!answer.anterior) continue;
        const plan = paginas.planoDaPagina({
          pagina: page,
          porPagina: n,
          ordem: sort,
          total: answer.totalItems,
          vizinhas: { anterior: answer.anterior },
        });
        const rows = await paginas.lerPagina(plan, async (step) => {
          const joined = paginas.filtroDoPasso(filter, step, (text, values) => staff.filter(text, values));
          const stepQuery = { sort: step.ordem, skipTotal: true, ...(joined ? { filter: joined } : {}) };
          return (await list(staff, step.pagina, step.porPagina, stepQuery)).items;
        });
        expect(
          rows.map((b) => b.id),
          `${header} p${page} rows`,
        ).toEqual((await list(root, page, n, query)).items.map((b) => b.id));
      }
    }
    // Staff only; only the list's own filters and columns; PocketBase's page rules.
    expect(await failure(marco(visitor, { page: '2', perPage: '7' }))).toMatchObject({ status: 401 });
    expect(await failure(marco(customer, { page: '2', perPage: '7' }))).toMatchObject({
      status: 403,
      message: 'Apenas a equipe pode buscar nos agendamentos.',
    });
    const edits: Record<string, string>[] = [
      { filter: 'busca ~ "silva"' },
      { filter: 'usuario.email = "x"' },
      { sort: 'busca' },
      { page: '0' },
      { perPage: '1001' },
      { page: 'x' },
    ];
    for (const edited of edits) {
      expect(
        await failure(marco(staff, { page: '2', perPage: '7', ...edited })),
        JSON.stringify(edited),
      ).toMatchObject({
        status: 400,
        message: paginas.MSG_MARCO,
      });
    }
  });

  it("keeps PocketBase's page size rules (0 is 30, over 1,000 is 1,000)", async () => {
    const zero = await list(staff, 2, 0, { sort: '-created' });
    expect(zero).toEqual(await own(2, 30, { sort: '-created' }));
    const huge = await list(staff, 2, 5000, { sort: '-created' });
    expect(huge).toMatchObject({ page: 2, perPage: 1000, totalItems: BOOKINGS, totalPages: 1, items: [] });
  });

  it('finds a CPF, a phone or an e-mail by its index, as the list sends them: the same bookings as a search of the text', async () => {
    const found = async (pb: PocketBase, filter: string) =>
      (await list(pb, 1, 50, { sort: '-created', filter })).items.map((b) => b.id);
    const indexed = (key: string) => comum.buscaIndexada(key) ?? '';
    const maria = await root.collection('usuarios').getOne('u00000000000005');
    const digits = (text: string) => text.replace(/\D/g, '');
    const ownBookings = await found(root, `usuario = "${maria.id}"`);
    expect(ownBookings).toHaveLength(BOOKINGS / 12);
    expect(await found(staff, indexed(digits(maria.cpf)))).toEqual(ownBookings);
    expect(await found(staff, indexed(digits(maria.celular)))).toEqual(
      await found(root, `busca ~ "${digits(maria.celular)}"`),
    );
    // A whole e-mail is read by its start: cut short it still finds its owner; from its middle, nobody.
    const email = maria.email.toLowerCase().replace('@', '＠');
    expect(await found(staff, indexed(email))).toEqual(ownBookings);
    expect(await found(staff, indexed(email.slice(0, -2)))).toEqual(ownBookings);
    expect(await found(staff, indexed(email.slice(1)))).toEqual([]);
    // A customer naming the key columns reads only their own bookings, which hold only their own keys.
    const mine = await list(customer, 1, 50, { sort: '-created', filter: indexed(digits(maria.cpf)) });
    expect(mine.totalItems).toBe(0);
    expect(comum.buscaIndexada('52998224725')).toBe(
      '(busca_cpf = "52998224725" || busca_celular = "52998224725")',
    );
    expect(comum.buscaIndexada('ana＠x.com')).toBe(
      '(busca_email >= "ana＠x.com" && busca_email < "ana＠x.com\uffff")',
    );
    for (const text of ['rossi', '＠gmail.com', 'ana＠gmail', '98765432', 'a"b＠x.com'])
      expect(comum.buscaIndexada(text)).toBeNull();
  });

  it("gets PocketBase's own error for a bad filter or a hidden field (a customer's call is PocketBase's alone)", async () => {
    for (const filter of ['nao_existe = 1', 'usuario.password ~ "a"', 'status_agendamento = ']) {
      const deep = await failure(list(staff, 3, 10, { sort: '-created', filter }));
      const plain = await failure(list(customer, 3, 10, { sort: '-created', filter }));
      expect(deep.status).toBe(400);
      expect(deep.response).toEqual(plain.response);
    }
  });

  it('is read with no join and no DISTINCT: the rule names the staff by id, written from the admin flag', async () => {
    const rule = (await root.collections.getOne('agendamentos')).listRule;
    expect(rule).toBe(paginas.regraDaLista([staffId]));
    expect(rule).not.toContain('admin');
  });
});

describe('the rule follows the admin flag', () => {
  it('an account made staff lists every booking at once; no longer staff, only its own', async () => {
    const id = customer.authStore.record?.id ?? '';
    await root.collection('usuarios').update(id, { admin: true });
    expect((await list(customer, 1, 5, { sort: '-created' })).totalItems).toBe(BOOKINGS);
    expect((await root.collections.getOne('agendamentos')).listRule).toBe(
      paginas.regraDaLista([staffId, id]),
    );
    await root.collection('usuarios').update(id, { admin: false });
    const own = await list(customer, 1, 5, { sort: '-created' });
    expect(own.totalItems).toBe(BOOKINGS / 12);
    expect(own.items.every((b) => b.usuario === id)).toBe(true);
  });

  it('a staff account deleted takes its id out of the rule', async () => {
    const temp = await root.collection('usuarios').create({
      email: 'temporario.equipe@teste.passaporte.test',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      nome_completo: 'Atendente Temporario',
      cpf: '52998224725',
      celular: '11987654321',
      admin: true,
    });
    expect((await root.collections.getOne('agendamentos')).listRule).toContain(temp.id);
    await root.collection('usuarios').delete(temp.id);
    expect((await root.collections.getOne('agendamentos')).listRule).toBe(paginas.regraDaLista([staffId]));
  });

  it('writes only well-formed ids, each compared as a plain value of a usuarios account', () => {
    expect(paginas.regraDaLista([])).toBe('usuario = @request.auth.id');
    expect(paginas.regraDaLista(['b2', 'a1', '" || true || "'])).toBe(
      '(@request.auth.collectionName = "usuarios" && (@request.auth.id = "a1" || @request.auth.id = "b2")) || ' +
        'usuario = @request.auth.id',
    );
  });
});

describe('everyone else on the same call', () => {
  it('a customer still gets only their own bookings', async () => {
    const id = customer.authStore.record?.id;
    const page = await list(customer, 2, 5, { sort: '-created' });
    expect(page.totalItems).toBe(BOOKINGS / 12);
    expect(page.items).toHaveLength(5);
    expect(page.items.every((b) => b.usuario === id)).toBe(true);
  });

  it('a visitor gets nothing', async () => {
    const page = await list(visitor, 2, 5, { sort: '-created' });
    expect(page).toMatchObject({ totalItems: 0, items: [] });
  });
});

describe('the CSV export, streamed (GET /api/agendamentos/exportar.csv)', () => {
  const exportar = (pb: PocketBase | null, query: Record<string, string>) =>
    fetch(`${server.url}/api/agendamentos/exportar.csv?${new URLSearchParams(query)}`, {
      headers: pb ? { Authorization: pb.authStore.token } : {},
    });

  /**
   * The file the kit builds from PocketBase's own rows for the same filter and sort, equal values by id (so each
   * row has one place), at Brasília's offset.
   */
  async function expected(filter: string, sort: string): Promise<string> {
    const rows = await root
      .collection('agendamentos')
      // The list's order: its sort, then `created` and `id` the same way (pb_hooks/lib/paginas.js).
      .getFullList({
        filter,
        sort: paginas.ordemDe(paginas.chavesDe(sort), false),
        expand: 'usuario,pagamento',
      });
    const lines = rows.map((b) =>
      csv.linha(
        csv.campos(
          {
            id: b.id,
            created: b.created,
            updated: b.updated,
            status: b.status_agendamento,
            consulado: b.consulado,
            documentacao: b.documentacao,
            data: b.data_agendamento,
            hora: b.hora_agendamento,
            local: b.local_agendamento,
            nome: b.expand?.usuario?.nome_completo ?? '',
            nota: b.expand?.pagamento?.nota_numero ?? '',
          },
          () => -180,
        ),
      ),
    );
    return csv.BOM + csv.linha(csv.CABECALHO) + lines.join('');
  }

  it("gives staff every row of the list's filter and sort, in the kit's format; a search by CPF from its index", async () => {
    // Read 7 rows at a time, each page after the last row read: sorts whose values repeat across pages (status,
    // time, place) must neither repeat nor drop a row.
    for (const [filter, sort] of [
      ['', '-created'],
      ['', 'status_agendamento'],
      ['', '-hora_agendamento'],
      ['consulado = "curitiba" || status_agendamento = "AGENDADO"', '-local_agendamento'],
      ['(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "NOVO"', 'hora_agendamento'],
      ['(busca_cpf = "10000000005" || busca_celular = "10000000005")', '-updated'],
    ] as const) {
      const answer = await exportar(staff, { filter, sort });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toMatch(
        /^attachment; filename="agendamentos-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await answer.arrayBuffer());
      expect(text).toBe(await expected(filter, sort));
    }
    const all = await (await exportar(staff, { sort: '-created' })).text();
    expect(all.split('\r\n')).toHaveLength(BOOKINGS + 2);
    // A time at the offset sent: 03:00 UTC is midnight in Brasília and 09:00 in Tokyo.
    const one = await root.collection('agendamentos').getFirstListItem('created != ""', { sort: 'created' });
    const [, hm] = /(\d\d:\d\d):\d\d/.exec(one.created) ?? [];
    const tokyo = await (await exportar(staff, { sort: 'created', fuso: '540' })).text();
    const utc = await (await exportar(staff, { sort: 'created', fuso: '0' })).text();
    expect(utc.split('\r\n')[1]).toContain(` ${hm}";`);
    expect(tokyo.split('\r\n')[1]).not.toBe(utc.split('\r\n')[1]);
  });

  it('refuses, before sending a row, a list longer than one file holds (PocketBase ends an answer after 5 minutes)', async () => {
    const model = await root.collection('agendamentos').getFirstListItem('status_agendamento = "NOVO"');
    const extra = await root.collection('agendamentos').create({
      usuario: model.usuario,
      status_agendamento: 'NOVO',
    });
    try {
      const refused = await exportar(staff, { sort: '-created' });
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toBe(csv.MSG.grande);
      // A search's list too, though the kit cannot count it from an index (the filter the list sends for text),
      // so a request edited in the console gets the refusal, not a file cut short.
      const searched = await exportar(staff, {
        sort: '-created',
        filter: 'created ~ "cliente" || busca ~ "cliente"',
      });
      expect(searched.status).toBe(400);
      expect((await searched.json()).message).toBe(csv.MSG.grande);
      // One status is fewer: its file comes whole.
      const novo = await exportar(staff, { sort: '-created', filter: 'status_agendamento = "NOVO"' });
      expect(novo.status).toBe(200);
      expect((await novo.text()).split('\r\n')).toHaveLength(
        (await root.collection('agendamentos').getList(1, 1, { filter: 'status_agendamento = "NOVO"' }))
          .totalItems + 2,
      );
    } finally {
      await root.collection('agendamentos').delete(extra.id);
    }
  });

  it('answers 401 without a session, 403 to a customer, 400 to a filter the list never sends', async () => {
    expect((await exportar(null, { sort: '-created' })).status).toBe(401);
    const refused = await exportar(customer, { sort: '-created' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Apenas a equipe pode exportar os agendamentos.');
    const bad: Record<string, string>[] = [
      { filter: 'usuario.password ~ "a"' },
      { filter: 'status_agendamento = ' },
      { sort: 'nao_existe' },
      { fuso: '-9999' },
    ];
    for (const query of bad) {
      expect((await exportar(staff, query)).status, JSON.stringify(query)).toBe(400);
    }
  });
});
