// The API rules as a matrix on a real PocketBase: visitor, the customer, another customer and staff, for
// each collection and each of list, view, create, update and delete. Every cell is the server's real answer.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import {
  client,
  digits,
  failure,
  newCustomer,
  nextCpf,
  paidCustomer,
  superuser,
  type Customer,
} from './helpers';

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

/** The collections only the server writes and reads (every rule null). */
const SERVER_ONLY = [
  'asaas_clientes',
  'asaas_eventos',
  'tentativas_cartao',
  'falhas_login',
  'envios_email',
  'envios_arquivo',
];

beforeAll(async () => {
  const paid = await paidCustomer();
  owner = paid.customer;
  other = (await paidCustomer({ tipo: 'familiar' })).customer;
  staff = await newCustomer({ admin: true });
  visitor = client();
  const su = await superuser();
  const first = async (collection: string, filter = su.filter('usuario = {:id}', { id: owner.id })) =>
    (await su.collection(collection).getFirstListItem(filter)).id;
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
  ids.historico_agendamentos = await first(
    'historico_agendamentos',
    su.filter('agendamento = {:id}', { id: ids.agendamentos ?? '' }),
  );
  ids.solicitacoes_exclusao = (
    await owner.pb.collection('solicitacoes_exclusao').create({ usuario: owner.id })
  ).id;
  ids.asaas_eventos = (
    await su
      .collection('asaas_eventos')
      .create({ evento_id: `evt_matriz_${owner.id}`, evento: 'PAYMENT_CONFIRMED' })
  ).id;
  ids.falhas_login = (await su.collection('falhas_login').create({ identidade: owner.email })).id;
  ids.envios_email = (await su.collection('envios_email').create({ para: owner.email, tipo: 'matriz' })).id;
  ids.envios_arquivo = (await su.collection('envios_arquivo').create({ usuario: owner.id })).id;
  // The owner's case file: one applicant (all an Individual order may have) with an approved document, which
  // the owner may no longer remove or replace.
  ids.requerentes = (
    await su.collection('requerentes').create({ agendamento: ids.agendamentos, nome: 'Matriz' })
  ).id;
  ids.documentos = (
    await su.collection('documentos').create({
      agendamento: ids.agendamentos,
      requerente: ids.requerentes,
      item: 'identidade',
    })
  ).id;
  await staff.pb.collection('documentos').update(ids.documentos, { status: 'aprovado' });
  // Booking day (issue #27): a consulate, its history, the booking's handling (held by nobody: `staff` here
  // is not the holder), a live relayed code, an attempt and an appointment.
  ids.consulados = await first('consulados', 'codigo = "sao_paulo"');
  ids.historico_consulados = (
    await su.collection('historico_consulados').create({ consulado: ids.consulados, autor_nome: 'Matriz' })
  ).id;
  ids.atendimentos = (await su.collection('atendimentos').create({ agendamento: ids.agendamentos })).id;
  ids.retransmissoes = (
    await su.collection('retransmissoes').create({
      agendamento: ids.agendamentos,
      atendimento: ids.atendimentos,
      tipo: 'codigo',
      valor: '1',
      // Alive for the whole file (the test server's lifetime is seconds).
      expira_em: new Date(Date.now() + 3_600_000).toISOString().replace('T', ' '),
    })
  ).id;
  ids.tentativas_agendamento = (
    await su
      .collection('tentativas_agendamento')
      .create({ agendamento: ids.agendamentos, resultado: 'sem_vagas' })
  ).id;
  ids.compromissos = (
    await su.collection('compromissos').create({
      agendamento: ids.agendamentos,
      requerentes: [ids.requerentes],
      data: '2026-12-10',
      hora: '09:00',
    })
  ).id;
  // After the slot (issue #28): a reminder sent for an appointment of its own (the matrix deletes the one
  // above); only the server writes them.
  const compromissoDoLembrete = await su.collection('compromissos').create({
    agendamento: ids.agendamentos,
    requerentes: [ids.requerentes],
    data: '2026-12-12',
    hora: '09:00',
  });
  ids.lembretes = (
    await su.collection('lembretes').create({
      agendamento: ids.agendamentos,
      compromisso: compromissoDoLembrete.id,
      requerente: ids.requerentes,
      tipo: 'd7',
    })
  ).id;
});

/** What each actor sees of the owner's record: 'own' = it is listed, 'none' = an empty or filtered list. */
const LIST: Record<string, Record<Actor, 'own' | 'none' | 403>> = {
  usuarios: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  // Listed to their owner only (an indexed read); staff see a payment through its booking (view rule).
  pagamentos: { visitor: 'none', owner: 'own', other: 'none', staff: 'none' },
  agendamentos: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  cobrancas: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  solicitacoes_exclusao: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  // Customers never see who did what; staff read the history of any booking.
  historico_agendamentos: { visitor: 'none', owner: 'none', other: 'none', staff: 'own' },
  // The case file: the booking's owner and staff.
  requerentes: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  documentos: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  // Booking day: the consulates are read by anyone signed in; their history by staff.
  consulados: { visitor: 'none', owner: 'own', other: 'own', staff: 'own' },
  historico_consulados: { visitor: 'none', owner: 'none', other: 'none', staff: 'own' },
  atendimentos: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  // Only the staff member holding the case reads what is relayed: not the owner, nor staff who do not hold it.
  retransmissoes: { visitor: 'none', owner: 'none', other: 'none', staff: 'none' },
  tentativas_agendamento: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  compromissos: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  lembretes: { visitor: 'none', owner: 'own', other: 'none', staff: 'own' },
  ...Object.fromEntries(SERVER_ONLY.map((c) => [c, { visitor: 403, owner: 403, other: 403, staff: 403 }])),
};

/** The filter that names the owner's record in each collection's list. */
function ownerFilter(collection: string): string {
  if (collection === 'usuarios') return `id = "${owner.id}"`;
  if (collection === 'consulados') return 'codigo = "sao_paulo"';
  if (collection === 'historico_consulados') return `consulado = "${ids.consulados ?? ''}"`;
  if (
    [
      'historico_agendamentos',
      'requerentes',
      'documentos',
      'atendimentos',
      'retransmissoes',
      'tentativas_agendamento',
      'compromissos',
      'lembretes',
    ].includes(collection)
  ) {
    return `agendamento = "${ids.agendamentos ?? ''}"`;
  }
  if (SERVER_ONLY.includes(collection)) return '';
  return `usuario = "${owner.id}"`;
}

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
  // A customer asks for their own deletion once (the owner's is made above: a second is not unique) and
  // nobody changes or withdraws a request from a browser.
  solicitacoes_exclusao: {
    visitor: { view: 404, create: 400, update: 403, delete: 403 },
    owner: { view: 200, create: 400, update: 403, delete: 403 },
    other: { view: 404, create: 200, update: 403, delete: 403 },
    staff: { view: 200, create: 200, update: 403, delete: 403 },
  },
  historico_agendamentos: {
    visitor: { view: 404, create: 403, update: 403, delete: 403 },
    owner: { view: 404, create: 403, update: 403, delete: 403 },
    other: { view: 404, create: 403, update: 403, delete: 403 },
    staff: { view: 200, create: 403, update: 403, delete: 403 },
  },
  // The owner's applicant has an approved document, and staff's update above moved the booking to ANALISE_OK:
  // the owner changes nothing any more (400, the hook's 'A documentação já foi aprovada...'), and a second
  // applicant is one more than an Individual order holds. Staff correct the data (recorded), never add.
  requerentes: {
    visitor: { view: 404, create: 400, update: 404, delete: 404 },
    owner: { view: 200, create: 400, update: 400, delete: 400 },
    other: { view: 404, create: 400, update: 404, delete: 404 },
    staff: { view: 200, create: 400, update: 200, delete: 404 },
  },
  // The owner adds files to their own applicant and replaces them until approved (here the case is approved:
  // 400); only staff review; nobody deletes one from a browser.
  documentos: {
    visitor: { view: 404, create: 400, update: 404, delete: 403 },
    owner: { view: 200, create: 400, update: 404, delete: 403 },
    other: { view: 404, create: 400, update: 404, delete: 403 },
    staff: { view: 200, create: 400, update: 200, delete: 403 },
  },
  // Staff edit a consulate (with its history); nobody adds or removes one from a browser.
  consulados: {
    visitor: { view: 404, create: 403, update: 404, delete: 403 },
    owner: { view: 200, create: 403, update: 404, delete: 403 },
    other: { view: 200, create: 403, update: 404, delete: 403 },
    staff: { view: 200, create: 403, update: 200, delete: 403 },
  },
  historico_consulados: {
    visitor: { view: 404, create: 403, update: 403, delete: 403 },
    owner: { view: 404, create: 403, update: 403, delete: 403 },
    other: { view: 404, create: 403, update: 403, delete: 403 },
    staff: { view: 200, create: 403, update: 403, delete: 403 },
  },
  // Written by the server's routes only ("Assumir", "Estou pronto", "Pedir código").
  atendimentos: {
    visitor: { view: 404, create: 403, update: 403, delete: 403 },
    owner: { view: 200, create: 403, update: 403, delete: 403 },
    other: { view: 404, create: 403, update: 403, delete: 403 },
    staff: { view: 200, create: 403, update: 403, delete: 403 },
  },
  // The owner writes while staff ask (nothing is asked here: a new one is refused) and cannot read it back.
  retransmissoes: {
    visitor: { view: 404, create: 400, update: 404, delete: 403 },
    owner: { view: 404, create: 400, update: 200, delete: 403 },
    other: { view: 404, create: 400, update: 404, delete: 403 },
    staff: { view: 404, create: 400, update: 404, delete: 403 },
  },
  tentativas_agendamento: {
    visitor: { view: 404, create: 400, update: 403, delete: 403 },
    owner: { view: 200, create: 400, update: 403, delete: 403 },
    other: { view: 404, create: 400, update: 403, delete: 403 },
    staff: { view: 200, create: 200, update: 403, delete: 403 },
  },
  compromissos: {
    visitor: { view: 404, create: 400, update: 404, delete: 404 },
    owner: { view: 200, create: 400, update: 404, delete: 404 },
    other: { view: 404, create: 400, update: 404, delete: 404 },
    staff: { view: 200, create: 200, update: 200, delete: 200 },
  },
  // Reminders and their answers: read by the owner and staff, written by the server only.
  lembretes: {
    visitor: { view: 404, create: 403, update: 403, delete: 403 },
    owner: { view: 200, create: 403, update: 403, delete: 403 },
    other: { view: 404, create: 403, update: 403, delete: 403 },
    staff: { view: 200, create: 403, update: 403, delete: 403 },
  },
  ...Object.fromEntries(
    SERVER_ONLY.map((c) => [
      c,
      Object.fromEntries(ACTORS.map((a) => [a, { view: 403, create: 403, update: 403, delete: 403 }])),
    ]),
  ),
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
        cpf: nextCpf(),
        celular: '(31) 99123-4567',
      };
    case 'solicitacoes_exclusao':
      return { usuario: mine, motivo: 'Matriz de regras.' };
    case 'historico_agendamentos':
      return { agendamento: ids.agendamentos, autor_nome: 'Falso', alteracoes: [] };
    case 'asaas_eventos':
      return { evento_id: `evt_falso_${actor}`, evento: 'PAYMENT_CONFIRMED' };
    case 'falhas_login':
      return { identidade: owner.email };
    case 'requerentes':
      return { agendamento: ids.agendamentos, nome: `Matriz ${actor}` };
    case 'documentos':
      return {
        agendamento: ids.agendamentos,
        requerente: ids.requerentes,
        item: 'comprovante_endereco',
        arquivos: [new File(['%PDF-1.4\n%%EOF\n'], 'comprovante.pdf', { type: 'application/pdf' })],
      };
    case 'envios_email':
      return { para: owner.email, tipo: 'falso' };
    case 'envios_arquivo':
      return { usuario: owner.id };
    case 'consulados':
      return { codigo: `falso_${actor}`, nome: 'Falso' };
    case 'historico_consulados':
      return { consulado: ids.consulados, autor_nome: 'Falso' };
    case 'atendimentos':
      return { agendamento: ids.agendamentos };
    case 'retransmissoes':
      return { agendamento: ids.agendamentos, atendimento: ids.atendimentos, tipo: 'codigo', valor: '1' };
    case 'tentativas_agendamento':
      return { agendamento: ids.agendamentos, resultado: 'sem_vagas' };
    case 'compromissos':
      return {
        agendamento: ids.agendamentos,
        requerentes: [ids.requerentes],
        data: '2026-12-11',
        hora: '10:00',
      };
    case 'lembretes':
      return {
        agendamento: ids.agendamentos,
        compromisso: ids.compromissos,
        requerente: ids.requerentes,
        tipo: 'd1',
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
    case 'solicitacoes_exclusao':
      return { status: 'CONCLUIDA' };
    case 'requerentes':
      return { nome: 'Outro Nome' };
    case 'documentos':
      return { motivo_texto: 'Matriz de regras.' };
    case 'consulados':
      return { observacoes: 'Matriz de regras.' };
    case 'atendimentos':
      return { pronto: true };
    case 'retransmissoes':
      return { valor: '12' };
    case 'tentativas_agendamento':
      return { nota: 'Matriz' };
    case 'compromissos':
      return { hora: '11:00' };
    case 'lembretes':
      return { resposta: 'vou_comparecer' };
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

it('the matrix covers every collection the kit defines', async () => {
  const collections = await (await superuser()).collections.getFullList();
  const kit = collections.filter((c) => !c.system).map((c) => c.name);
  expect(Object.keys(LIST).sort()).toEqual(kit.sort());
  expect(Object.keys(WRITE).sort()).toEqual(kit.sort());
});

describe.each(Object.keys(LIST))('%s', (collection) => {
  it.each(ACTORS)('list as %s', async (actor) => {
    const expected = LIST[collection]?.[actor];
    expect(expected).toBeDefined();
    if (expected === 403) {
      expect((await failure(as(actor).collection(collection).getList(1, 50))).status).toBe(403);
      return;
    }
    // A filter naming the owner cannot widen what the rule lets through.
    const list = await as(actor)
      .collection(collection)
      .getFullList({ filter: ownerFilter(collection) });
    expect(list.map((r) => r.id).includes(ids[collection] ?? '')).toBe(expected === 'own');
    if (expected === 'none') expect(list).toEqual([]);
  });

  it.each(ACTORS)('view, create, update, delete as %s', async (actor) => {
    const expected = WRITE[collection]?.[actor];
    expect(expected).toBeDefined();
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
    // Only staff's writes went through: ANALISE_OK, then AGENDADO by staff's appointment for its one applicant.
    expect(bookings[0]?.status_agendamento).toBe('AGENDADO');
  });

  it("nobody writes a booking's case summary (consulado, documentacao): the server keeps it", async () => {
    const id = ids.agendamentos ?? '';
    const body = { consulado: 'recife', documentacao: 'recusada' };
    const before = await staff.pb.collection('agendamentos').getOne(id);
    for (const actor of ['visitor', 'owner', 'other'] as const) {
      expect((await failure(as(actor).collection('agendamentos').update(id, body))).status).toBe(404);
    }
    const refused = await failure(staff.pb.collection('agendamentos').update(id, body));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.response.data).sort()).toEqual(['consulado', 'documentacao']);
    // The owner's one applicant has no UF yet; its one document is approved (the owner's upload was refused:
    // the case is at ANALISE_OK).
    expect(before).toMatchObject({ consulado: '', documentacao: 'aprovada' });
    expect(await staff.pb.collection('agendamentos').getOne(id)).toMatchObject({
      consulado: before.consulado,
      documentacao: before.documentacao,
      updated: before.updated,
    });
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
    expect(stored).toMatchObject({ admin: false, cpf: digits(customer.input.cpf), email: customer.email });
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
