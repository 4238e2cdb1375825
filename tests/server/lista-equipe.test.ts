// The staff list (pb_hooks/lib/lista_equipe.js, issue 30) on a real PocketBase seeded like the bench: a staff
// member's pages are read without PocketBase's join and DISTINCT, and must equal what PocketBase itself answers
// for the same call to an account the list rule does not filter (the superuser: no rule, no join, so PocketBase's
// own order even among equal sort values), with the same totals, expand and errors.
import { createRequire } from 'node:module';
import PocketBase, { ClientResponseError, type ListResult, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleRows } from '../../scripts/bench-server.mjs';
import { freePort, startPocketBase } from '../../scripts/pocketbase-server.mjs';
import { insertRows, passwordHash } from '../../scripts/seed.mjs';
import { nextIp, PASSWORD } from './helpers';

const comum = createRequire(import.meta.url)('../../pocketbase/pb_hooks/lib/comum.js') as {
  filtroBuscaIndexada(filter: string): string;
};
const csv = createRequire(import.meta.url)('../../pocketbase/pb_hooks/lib/csv_agendamentos.js') as {
  BOM: string;
  CABECALHO: string[];
  linha(fields: string[]): string;
  campos(b: Record<string, string>, offset: (ms: number) => number): string[];
};
const lista = createRequire(import.meta.url)('../../pocketbase/pb_hooks/lib/lista_equipe.js') as {
  pedidoDaEquipe(query: { get(key: string): string | null }, fields: string[]): object | null;
};

type Server = Awaited<ReturnType<typeof startPocketBase>>;
interface Query {
  filter?: string;
  sort?: string;
  skipTotal?: boolean;
}

let server: Server;
let staff: PocketBase;
let customer: PocketBase;
let visitor: PocketBase;
let root: PocketBase;
const BOOKINGS = 240;

function client(): PocketBase {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  const ip = nextIp();
  pb.beforeSend = (url, options) => {
    options.headers = { ...options.headers, 'X-Forwarded-For': ip };
    return { url, options };
  };
  return pb;
}

async function loggedIn(email: string) {
  const pb = client();
  await pb.collection('usuarios').authWithPassword(email, PASSWORD);
  return pb;
}

const list = (pb: PocketBase, page: number, perPage: number, query: Query = {}) =>
  pb.collection('agendamentos').getList(page, perPage, { expand: 'usuario', ...query });

/**
 * PocketBase's own answer to the same call: the rows, order and totals it gives the superuser (no list rule, so
 * no join and no DISTINCT), each booking's account as PocketBase shows it to the staff member (one customer hides
 * their e-mail, which the superuser would see).
 */
async function own(page: number, perPage: number, query: Query): Promise<ListResult<RecordModel>> {
  const answer = await list(root, page, perPage, query);
  const accounts = new Map((await staff.collection('usuarios').getFullList()).map((u) => [u.id, u]));
  for (const item of answer.items) {
    item.expand = { usuario: accounts.get(item.usuario) };
    // The search's key columns are hidden: only the superuser's answer carries them.
    for (const hidden of ['busca_cpf', 'busca_email', 'busca_celular']) delete item[hidden];
  }
  return answer;
}

async function failure(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientResponseError);
  return error as ClientResponseError;
}

beforeAll(async () => {
  server = await startPocketBase({ port: await freePort() });
  const hash = await passwordHash(server, PASSWORD);
  const rows = scaleRows({ customers: 12, bookings: BOOKINGS, hash });
  const [first, second, third] = rows.usuarios;
  if (!first || !second || !third) throw new Error('the seed has no accounts');
  third.emailVisibility = false;
  insertRows(server.dataDir, rows);
  staff = await loggedIn(first.email); // the seed's first account is staff
  customer = await loggedIn(second.email);
  visitor = client();
  root = client();
  root.authStore.save(server.superuser.token);
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
    // Read from the key columns' indexes (comum.js filtroBuscaIndexada): the same rows `busca ~` finds.
    [
      'a CPF, as the list sends it',
      1,
      5,
      { sort: '-created', filter: 'created ~ "100.000.000-05" || busca ~ "10000000005"' },
    ],
    ['a phone', 2, 5, { sort: 'status_agendamento', filter: "busca ~ '11900000007'" }],
    ['a whole e-mail', 1, 50, { sort: '-created', filter: 'busca ~ "cliente3＠escala.passaporte.test"' }],
    [
      'the start of a whole e-mail, with a status',
      1,
      50,
      { sort: '-created', filter: '(busca ~ "cliente1＠escala.passaporte") && status_agendamento = "NOVO"' },
    ],
    ['a CPF nobody has', 1, 5, { sort: '-created', filter: 'busca ~ "52998224725"' }],
    ['without the total', 3, 20, { sort: '-created', skipTotal: true }],
  ];
  it.each(cases)("%s equals PocketBase's own answer", async (_name, page, perPage, query) => {
    const answer = await list(staff, page, perPage, query);
    expect(answer).toEqual(await own(page, perPage, query));
    expect(answer.items.every((b) => b.expand?.usuario?.id === b.usuario)).toBe(true);
    const hidden = answer.items.find((b) => b.usuario === 'u00000000000002');
    if (hidden) expect(hidden.expand?.usuario).not.toHaveProperty('email');
  });

  it("keeps PocketBase's page size rules (0 is 30, over 1,000 is 1,000)", async () => {
    const zero = await list(staff, 2, 0, { sort: '-created' });
    expect(zero).toEqual(await own(2, 30, { sort: '-created' }));
    const huge = await list(staff, 2, 5000, { sort: '-created' });
    expect(huge).toMatchObject({ page: 2, perPage: 1000, totalItems: BOOKINGS, totalPages: 1, items: [] });
  });

  it('finds a CPF, a phone or an e-mail by its index: an e-mail by its start, the key columns never named by a client', async () => {
    const found = async (pb: PocketBase, filter: string) =>
      (await list(pb, 1, 50, { sort: '-created', filter })).totalItems;
    expect(await found(staff, 'busca ~ "cliente1＠escala.passaporte.te"')).toBe(BOOKINGS / 12);
    // PocketBase's `~` finds text anywhere; a whole e-mail is found from the index by its start only.
    expect(await found(root, 'busca ~ "liente1＠escala.passaporte.test"')).toBe(BOOKINGS / 12);
    expect(await found(staff, 'busca ~ "liente1＠escala.passaporte.test"')).toBe(0);
    // Part of an e-mail stays text found anywhere.
    expect(await found(staff, 'busca ~ "liente1＠escala"')).toBe(BOOKINGS / 12);
    for (const filter of ['busca_cpf = "10000000005"', 'busca_email >= ""']) {
      expect((await failure(list(staff, 1, 5, { sort: '-created', filter }))).status).toBe(400);
    }
    const indexada = (filter: string) => comum.filtroBuscaIndexada(filter);
    expect(indexada('created ~ "529.982.247-25" || busca ~ "52998224725"')).toBe(
      '(busca_cpf = "52998224725" || busca_celular = "52998224725")',
    );
    expect(indexada('(created ~ "2026-11-20 12" || busca ~ "2026112012") && consulado = "recife"')).toBe(
      '(created ~ "2026-11-20 12" || (busca_cpf = "2026112012" || busca_celular = "2026112012")) && consulado = "recife"',
    );
    expect(indexada("busca ~ 'ana＠x.com'")).toBe(
      '(busca_email >= "ana＠x.com" && busca_email < "ana＠x.com\uffff")',
    );
    for (const same of [
      'created ~ "Rossi" || busca ~ "rossi"',
      'busca ~ "＠gmail.com"',
      'busca ~ "ana＠gmail"',
      'usuario.busca ~ "11900000007"',
      'busca ~ "98765432"',
      'busca ~ "a\\"b＠x"',
    ])
      expect(indexada(same)).toBe(same);
  });

  it("gets PocketBase's own error for a bad filter or a hidden field (a customer's call is PocketBase's alone)", async () => {
    for (const filter of ['nao_existe = 1', 'usuario.password ~ "a"', 'status_agendamento = ']) {
      const deep = await failure(list(staff, 3, 10, { sort: '-created', filter }));
      const plain = await failure(list(customer, 3, 10, { sort: '-created', filter }));
      expect(deep.status).toBe(400);
      expect(deep.response).toEqual(plain.response);
    }
  });

  it('takes over the calls the list makes and leaves anything unusual to PocketBase', () => {
    const fields = ['id', 'created', 'busca', 'status_agendamento', 'usuario'];
    const taken = (q: Record<string, string>) =>
      lista.pedidoDaEquipe(new URLSearchParams(q), fields) !== null;
    expect(
      taken({ page: '1', perPage: '50', sort: 'status_agendamento', filter: 'busca ~ "ana.maria@x"' }),
    ).toBe(true);
    expect(
      taken({ page: '2', sort: '-created', filter: 'created >= "2026-01-01 03:00:00.000Z" && id != ""' }),
    ).toBe(true);
    const unusual: Record<string, string>[] = [
      { sort: '@random' },
      { sort: 'usuario.nome_completo' },
      { sort: '-created', filter: 'usuario.nome_completo ~ "ana"' },
      { sort: '-created', filter: 'usuario = @request.auth.id' },
      { sort: '-created', filter: 'status_agendamento:lower = "novo"' },
      { sort: '-created', filter: 'nao_existe = 1' },
      { sort: 'nao_existe' },
      { sort: '-created', filter: 'busca ~ "sem fim' },
      // PocketBase's scanner: a quote with a backslash right before it does not close the value.
      { sort: '-created', filter: 'busca ~ "a\\\\" || usuario.password ~ "x" || busca = ""' },
    ];
    for (const q of unusual) expect(taken(q), JSON.stringify(q)).toBe(false);
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

  /** The file the kit builds from PocketBase's own rows for the same filter and sort, at Brasília's offset. */
  async function expected(filter: string, sort: string): Promise<string> {
    const rows = await root
      .collection('agendamentos')
      .getFullList({ filter, sort, expand: 'usuario,pagamento' });
    const lines = rows.map((b) =>
      csv.linha(
        csv.campos(
          {
            id: b.id,
            created: b.created,
            updated: b.updated,
            status: b.status_agendamento,
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
    for (const [filter, sort] of [
      ['', '-created'],
      ['(created ~ "Rossi" || busca ~ "rossi") && status_agendamento = "NOVO"', 'hora_agendamento'],
      ['created ~ "100.000.000-05" || busca ~ "10000000005"', '-updated'],
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

  it('answers 401 without a session, 403 to a customer, 400 to a filter the list never sends', async () => {
    expect((await exportar(null, { sort: '-created' })).status).toBe(401);
    const refused = await exportar(customer, { sort: '-created' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Apenas a equipe pode exportar os agendamentos.');
    const bad: Record<string, string>[] = [
      { filter: 'usuario.password ~ "a"' },
      { filter: 'busca_cpf = "10000000005"' },
      { filter: 'status_agendamento = ' },
      { sort: 'nao_existe' },
      { fuso: '-9999' },
    ];
    for (const query of bad) {
      expect((await exportar(staff, query)).status, JSON.stringify(query)).toBe(400);
    }
  });
});
