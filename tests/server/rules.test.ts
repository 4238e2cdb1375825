// The API rules as a matrix on a real PocketBase: visitor, the customer, another customer and staff, for
// each collection and each of list, view, create, update and delete. Every cell is the server's real answer.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { client, failure, newCustomer, paidCustomer, superuser, type Customer } from './helpers';

type Actor = 'visitor' | 'owner' | 'other' | 'staff';
const ACTORS: Actor[] = ['visitor', 'owner', 'other', 'staff'];

let owner: Customer;
let other: Customer;
let staff: Customer;
let visitor: PocketBase;
/** One record of the owner's in each collection. */
const ids: Record<string, string> = {};

function as(actor: Actor): PocketBase {
  return { visitor, owner: owner.pb, other: other.pb, staff: staff.pb }[actor];
}

beforeAll(async () => {
  const paid = await paidCustomer();
  owner = paid.customer;
  other = (await paidCustomer({ tipo: 'familiar' })).customer;
  staff = await newCustomer({ admin: true });
  visitor = client();
  const su = await superuser();
  const first = async (collection: string) =>
    (await su.collection(collection).getFirstListItem(su.filter('usuario = {:id}', { id: owner.id }))).id;
  ids.usuarios = owner.id;
  for (const collection of [
    'pagamentos',
    'agendamentos',
    'cobrancas',
    'asaas_clientes',
    'tentativas_cartao',
  ]) {
    ids[collection] = await first(collection);
  }
  ids.asaas_eventos = '';
});

/** What each actor sees of the owner's record: 'own' = it is listed, 'none' = an empty or filtered list. */
const LIST: Record<string, Record<Actor, 'own' | 'none' | 403>> = {
  usuarios: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  // Listed to their owner only (an indexed read); staff see a payment through its booking (view rule).
  pagamentos: { visitor: 'none', owner: 'own', other: 'none', staff: 'none' },
  agendamentos: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  cobrancas: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  asaas_clientes: { visitor: 403, owner: 403, other: 403, staff: 403 },
  asaas_eventos: { visitor: 403, owner: 403, other: 403, staff: 403 },
  tentativas_cartao: { visitor: 403, owner: 403, other: 403, staff: 403 },
};

/** view, create, update, delete of the owner's record: 200 allowed, else the status the server answers. */
const WRITE: Record<
  string,
  Record<Actor, { view: number; create: number; update: number; delete: number }>
> = {
  usuarios: {
    visitor: { view: 404, create: 200, update: 404, delete: 403 },
    owner: { view: 200, create: 200, update: 200, delete: 403 },
    other: { view: 404, create: 200, update: 404, delete: 403 },
    staff: { view: 200, create: 200, update: 404, delete: 403 },
  },
  pagamentos: {
    visitor: { view: 404, create: 403, update: 403, delete: 403 },
    owner: { view: 200, create: 403, update: 403, delete: 403 },
    other: { view: 404, create: 403, update: 403, delete: 403 },
    staff: { view: 200, create: 403, update: 403, delete: 403 },
  },
  agendamentos: {
    visitor: { view: 404, create: 403, update: 404, delete: 403 },
    owner: { view: 200, create: 403, update: 404, delete: 403 },
    other: { view: 404, create: 403, update: 404, delete: 403 },
    staff: { view: 200, create: 403, update: 200, delete: 403 },
  },
  cobrancas: {
    visitor: { view: 404, create: 403, update: 403, delete: 403 },
    owner: { view: 200, create: 403, update: 403, delete: 403 },
    other: { view: 404, create: 403, update: 403, delete: 403 },
    staff: { view: 200, create: 403, update: 403, delete: 403 },
  },
  asaas_clientes: Object.fromEntries(
    ACTORS.map((a) => [a, { view: 403, create: 403, update: 403, delete: 403 }]),
  ) as never,
  tentativas_cartao: Object.fromEntries(
    ACTORS.map((a) => [a, { view: 403, create: 403, update: 403, delete: 403 }]),
  ) as never,
};

/** A body each collection would accept from someone allowed to write it. */
function createBody(collection: string, actor: Actor): Record<string, unknown> {
  const mine =
    actor === 'visitor' ? owner.id : actor === 'owner' ? owner.id : actor === 'other' ? other.id : staff.id;
  switch (collection) {
    case 'usuarios':
      return {
        nome_completo: 'Pessoa de Teste da Silva',
        email: `matriz-${actor}-${Date.now()}@teste.passaporte.test`,
        password: 'Senha@2026',
        passwordConfirm: 'Senha@2026',
        cpf: '390.533.447-05',
        celular: '(31) 99123-4567',
      };
    case 'pagamentos':
      return {
        usuario: mine,
        tipo_servico: 'individual',
        preco_servico: 1,
        metodo_pagamento: 'cartao_credito',
        numero_parcelas: 1,
        asaas_id_pagamento: `pay_falso_${actor}`,
      };
    case 'agendamentos':
      return { usuario: mine, status_agendamento: 'AGENDADO' };
    case 'cobrancas':
      return {
        usuario: mine,
        tentativa: `falsa-${actor}-x`,
        metodo: 'cartao_credito',
        tipo_servico: 'individual',
        valor: 1,
        parcelas: 1,
        status: 'CONFIRMED',
        ativa: true,
      };
    default:
      return { usuario: mine, asaas_id: 'cus_falso', ip: '1.1.1.1' };
  }
}

function updateBody(collection: string): Record<string, unknown> {
  switch (collection) {
    case 'usuarios':
      return { celular: '(11) 91111-2222' };
    case 'agendamentos':
      return { status_agendamento: 'ANALISE_OK' };
    case 'pagamentos':
      return { preco_servico: 1 };
    default:
      return { status: 'CONFIRMED' };
  }
}

async function status(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe.each(Object.keys(LIST))('%s', (collection) => {
  it.each(ACTORS)('list as %s', async (actor) => {
    const expected = LIST[collection]?.[actor];
    if (expected === 403) {
      expect((await failure(as(actor).collection(collection).getList(1, 50))).status).toBe(403);
      return;
    }
    // A filter naming the owner cannot widen what the rule lets through.
    const list = await as(actor)
      .collection(collection)
      .getFullList({ filter: collection === 'usuarios' ? `id = "${owner.id}"` : `usuario = "${owner.id}"` });
    expect(list.map((r) => r.id).includes(ids[collection] ?? '')).toBe(expected === 'own');
    if (expected === 'none') expect(list).toEqual([]);
  });

  it.each(ACTORS.filter(() => collection in WRITE))('view, create, update, delete as %s', async (actor) => {
    const expected = WRITE[collection]?.[actor];
    if (!expected) return;
    const api = as(actor).collection(collection);
    const id = ids[collection] ?? '';
    expect({
      view: await status(api.getOne(id)),
      create: await status(api.create(createBody(collection, actor))),
      update: await status(api.update(id, updateBody(collection))),
      delete: await status(api.delete(id)),
    }).toEqual(expected);
  });
});

describe('the payments read scales', () => {
  it('the list rule is the owner alone (no OR: SQLite answers from the usuario index); staff read it through the booking', async () => {
    const su = await superuser();
    expect((await su.collections.getOne('pagamentos')).listRule).toBe('usuario = @request.auth.id');
    const booking = await staff.pb
      .collection('agendamentos')
      .getOne(ids.agendamentos ?? '', { expand: 'pagamento' });
    expect(booking.expand?.pagamento).toMatchObject({ id: ids.pagamentos, usuario: owner.id });
    expect(await owner.pb.collection('pagamentos').getFullList()).toMatchObject([{ id: ids.pagamentos }]);
  });
});

describe('what the rules above protect', () => {
  it('nothing a refused write asked for was stored', async () => {
    const su = await superuser();
    const payments = await su
      .collection('pagamentos')
      .getFullList({ filter: 'asaas_id_pagamento ~ "pay_falso"' });
    expect(payments).toEqual([]);
    const charges = await su.collection('cobrancas').getFullList({ filter: 'tentativa ~ "falsa-"' });
    expect(charges).toEqual([]);
    const bookings = await su
      .collection('agendamentos')
      .getFullList({ filter: su.filter('usuario = {:id}', { id: owner.id }) });
    expect(bookings).toHaveLength(1);
    // Only staff's update went through.
    expect(bookings[0]?.status_agendamento).toBe('ANALISE_OK');
  });

  it('a customer cannot promote themselves to staff, nor change their CPF, name or e-mail', async () => {
    const customer = await newCustomer();
    for (const body of [
      { admin: true },
      { cpf: '153.509.460-56' },
      { nome_completo: 'Outro Nome Qualquer' },
      { email: 'x@y.test' },
    ]) {
      expect((await failure(customer.pb.collection('usuarios').update(customer.id, body))).status).toBe(404);
    }
    const stored = await (await superuser()).collection('usuarios').getOne(customer.id);
    expect(stored).toMatchObject({ admin: false, cpf: customer.input.cpf, email: customer.email });
  });

  it('nobody can register as staff or as already verified', async () => {
    const visitor = client();
    for (const extra of [{ admin: true }, { verified: true }]) {
      const error = await failure(
        visitor.collection('usuarios').create({ ...createBody('usuarios', 'visitor'), ...extra }),
      );
      expect(error.status).toBe(400);
    }
  });

  it('an unverified customer cannot verify themselves by an update', async () => {
    const customer = await newCustomer({ verified: false });
    expect(
      (await failure(customer.pb.collection('usuarios').update(customer.id, { verified: true }))).status,
    ).toBe(404);
    expect((await (await superuser()).collection('usuarios').getOne(customer.id)).verified).toBe(false);
  });

  it('a client filter may not use @request', async () => {
    const error = await failure(
      owner.pb.collection('agendamentos').getList(1, 10, { filter: '@request.auth.id != ""' }),
    );
    expect(error.status).toBe(403);
  });

  it('quotes and backslashes in a filter value are text, not filter syntax', async () => {
    for (const q of [
      '" || usuario != "',
      "' || 1=1 || '",
      '\\',
      '\\" || id != "',
      '<script>alert(1)</script>',
    ]) {
      const list = await other.pb.collection('agendamentos').getFullList({
        filter: other.pb.filter('usuario.nome_completo ~ {:q} || usuario.email ~ {:q}', { q }),
      });
      expect(list).toEqual([]);
      const staffList = await staff.pb.collection('agendamentos').getList(1, 5, {
        filter: staff.pb.filter('usuario.nome_completo ~ {:q}', { q }),
      });
      expect(staffList.items).toEqual([]);
    }
  });

  it('staff get the customer with expand=usuario; a customer gets only their own', async () => {
    const staffView = await staff.pb
      .collection('agendamentos')
      .getOne(ids.agendamentos ?? '', { expand: 'usuario' });
    expect(staffView.expand?.usuario).toMatchObject({
      id: owner.id,
      nome_completo: owner.input.nome_completo,
    });
    const ownView = await owner.pb
      .collection('agendamentos')
      .getOne(ids.agendamentos ?? '', { expand: 'usuario' });
    expect(ownView.expand?.usuario?.id).toBe(owner.id);
    const others = await other.pb.collection('agendamentos').getFullList({ expand: 'usuario' });
    expect(others.every((b) => b.expand?.usuario?.id === other.id)).toBe(true);
  });

  it('a revoked or made-up token is served as a guest: lists come back empty, not 401', async () => {
    const forged = client();
    forged.authStore.save(`${owner.pb.authStore.token.slice(0, -4)}AAAA`, null);
    expect(await forged.collection('agendamentos').getFullList()).toEqual([]);
    expect((await failure(forged.collection('usuarios').authRefresh())).status).toBe(401);
  });
});
