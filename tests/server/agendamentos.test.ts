// A staff member's day on the real server (issue #11): finding a customer by anything they say on the phone,
// the history of a booking, a save from a stale copy, the status e-mails and the pt-BR field messages.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSING_DOMAIN } from '../../scripts/backend/mail-capture.mjs';
import { filterParam } from '@/features/bookings/list-params';
import { searchKey } from '@/lib/search-key';
import { statusMail } from '@/lib/status-mail';
import {
  asaasCustomer,
  cardRequest,
  failure,
  mailsTo,
  newCustomer,
  payByCard,
  PB_URL,
  superuser,
  type Customer,
  type RegisterInput,
} from './helpers';

const run = Date.now().toString(36);
/** Letters only (names must be letters), unique to this run. */
const marker = (n: number) =>
  (run + n.toString(36))
    .replace(/\d/g, (d) => 'qwxyzkjhgf'[Number(d)] ?? 'q')
    .replace(/^./, (c) => c.toUpperCase());
let phoneCounter = Math.floor(Math.random() * 90_000_000);
const nextPhone = () => `(21) 9${String(10_000_000 + phoneCounter++).slice(-8)}`.replace(/(\d{4})$/, '-$1');

/** A customer who bought the individual service: the server wrote their NOVO booking. */
async function bookedCustomer(overrides: Partial<RegisterInput> = {}) {
  const customer = await newCustomer({ celular: nextPhone(), ...overrides });
  await payByCard(customer, cardRequest(await asaasCustomer(customer), customer));
  const booking = await customer.pb.collection('agendamentos').getFirstListItem(`usuario = "${customer.id}"`);
  return { customer, booking };
}

let staff: Customer;
beforeAll(async () => {
  staff = await newCustomer({ admin: true, nome_completo: 'Beatriz Atendente Gonçalves' });
});

function history(pb: PocketBase, bookingId: string) {
  return pb
    .collection('historico_agendamentos')
    .getFullList({ filter: pb.filter('agendamento = {:id}', { id: bookingId }), sort: '-created' });
}

describe('search by name, CPF, e-mail and phone', () => {
  let lucia: Customer;
  let booking: RecordModel;
  const surname = marker(1);
  const find = (q: string, pb: PocketBase = staff.pb) =>
    pb
      .collection('agendamentos')
      // As the app asks: the booking's own copy of the customer's column.
      .getFullList({ filter: pb.filter('busca ~ {:q}', { q: searchKey(q) }) })
      .then((list) => list.map((b) => b.id));

  beforeAll(async () => {
    ({ customer: lucia, booking } = await bookedCustomer({
      nome_completo: `Lúcia ${surname} Araújo`,
      email: `lucia.${run}@teste.passaporte.test`,
    }));
  });

  it('finds by CPF with and without the mask, and by a part of it', async () => {
    const cpf = lucia.input.cpf;
    expect(cpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(await find(cpf)).toEqual([booking.id]);
    expect(await find(cpf.replace(/\D/g, ''))).toEqual([booking.id]);
    expect(await find(cpf.slice(0, 11))).toContain(booking.id);
  });

  it('finds by e-mail, whole or in part, in any case', async () => {
    expect(await find(`lucia.${run}@teste.passaporte.test`)).toEqual([booking.id]);
    expect(await find(`LUCIA.${run.toUpperCase()}`)).toEqual([booking.id]);
  });

  it('finds by phone with and without the mask', async () => {
    const phone = lucia.input.celular;
    expect(phone).toMatch(/^\(21\) 9\d{4}-\d{4}$/);
    expect(await find(phone)).toEqual([booking.id]);
    expect(await find(phone.replace(/\D/g, ''))).toEqual([booking.id]);
  });

  it('finds by name with or without accents, in any case', async () => {
    expect(await find(`Lúcia ${surname}`)).toEqual([booking.id]);
    expect(await find(`lucia ${surname.toLowerCase()} araujo`)).toEqual([booking.id]);
    expect(await find(`LÚCIA   ${surname.toUpperCase()}`)).toEqual([booking.id]);
    expect(await find(`${surname} ARAUJO`)).toEqual([booking.id]);
  });

  it.each([
    ['request.com.br', 'ana'],
    ['collection.xy', 'bia'],
  ])('finds an e-mail at %s through the staff search, whole or in part', async (domain, name) => {
    const email = `${name}.${run}@${domain}`;
    const { booking: theirs } = await bookedCustomer({ email });
    // The filter the staff list sends for what staff type (src/features/bookings/list-params.ts).
    const search = (text: string) =>
      staff.pb
        .collection('agendamentos')
        .getFullList({ filter: filterParam({ search: text, status: '', from: '', to: '' }) })
        .then((list) => list.map((b) => b.id));
    expect(await search(email)).toEqual([theirs.id]);
    expect(await search(email.toUpperCase())).toEqual([theirs.id]);
    expect(await search(`${run}@${domain.split('.')[0]}.`)).toEqual([theirs.id]);
    expect(await search(`@${domain}`)).toContain(theirs.id);
  });

  it('quotes, backslashes and markup in the query are text, not filter syntax', async () => {
    for (const q of [`" || id != "`, `' || 1=1 || '`, '\\', `<script>alert(1)</script>`, `${surname}"`]) {
      expect(await find(q)).toEqual([]);
    }
  });

  it('follows the customer changing their phone, on the account and on the booking, without touching it', async () => {
    const old = lucia.input.celular;
    const phone = nextPhone();
    const before = await staff.pb.collection('agendamentos').getOne(booking.id);
    await lucia.pb.collection('usuarios').update(lucia.id, { celular: phone });
    expect(await find(phone)).toEqual([booking.id]);
    expect(await find(old)).toEqual([]);
    const throughRelation = await staff.pb.collection('agendamentos').getFullList({
      filter: staff.pb.filter('usuario.busca ~ {:q}', { q: searchKey(phone) }),
    });
    expect(throughRelation.map((b) => b.id)).toEqual([booking.id]);
    // The copy is the server's bookkeeping: no history entry, and staff's If-Match copy stays current.
    expect((await staff.pb.collection('agendamentos').getOne(booking.id)).updated).toBe(before.updated);
    lucia.input.celular = phone;
  });

  it("the booking's copy is the server's too: refused in a staff save", async () => {
    const refused = await failure(staff.pb.collection('agendamentos').update(booking.id, { busca: 'x' }));
    expect(refused.status).toBe(400);
    expect(refused.response.data).toMatchObject({ busca: { code: 'validation_forbidden' } });
    const stored = await (await superuser()).collection('agendamentos').getOne(booking.id);
    expect(stored.busca).toContain(lucia.input.cpf.replace(/\D/g, ''));
  });

  it('is answered only to who may see the record, and holds only what they can already read', async () => {
    const key = searchKey(`${lucia.input.nome_completo}`);
    const staffView = await staff.pb.collection('agendamentos').getOne(booking.id, { expand: 'usuario' });
    expect(staffView.busca).toContain(key);
    expect(staffView.expand?.usuario?.busca).toBe(staffView.busca);
    expect((await lucia.pb.collection('usuarios').getOne(lucia.id)).busca).toBe(
      [
        key,
        lucia.input.email.toLowerCase().replace('@', '＠'),
        lucia.input.cpf.replace(/\D/g, ''),
        lucia.input.celular.replace(/\D/g, ''),
      ].join(' '),
    );
    const other = await bookedCustomer();
    expect((await failure(other.customer.pb.collection('agendamentos').getOne(booking.id))).status).toBe(404);
    expect((await failure(other.customer.pb.collection('usuarios').getOne(lucia.id))).status).toBe(404);
  });

  it('a customer cannot write it, nor use it to find anyone else', async () => {
    const other = await bookedCustomer();
    expect(await find(lucia.input.cpf, other.customer.pb)).toEqual([]);
    expect(await find(`lucia ${surname}`, other.customer.pb)).toEqual([]);
    expect(
      await other.customer.pb
        .collection('usuarios')
        .getFullList({ filter: other.customer.pb.filter('busca ~ {:q}', { q: surname.toLowerCase() }) }),
    ).toEqual([]);
    // Their own booking answers to their own data, as it did before.
    expect(await find(other.customer.input.cpf, other.customer.pb)).toEqual([other.booking.id]);

    const update = await failure(
      other.customer.pb.collection('usuarios').update(other.customer.id, { busca: 'lucia' }),
    );
    expect(update.status).toBe(400);
    expect(update.response.data).toMatchObject({ busca: { code: 'validation_forbidden' } });
    const stored = await (await superuser()).collection('usuarios').getOne(other.customer.id);
    expect(stored.busca).toContain(other.customer.input.cpf.replace(/\D/g, ''));
  });
});

describe('history of a booking', () => {
  let owner: Customer;
  let booking: RecordModel;

  beforeAll(async () => {
    ({ customer: owner, booking } = await bookedCustomer());
  });

  it('starts with the server creating the NOVO booking', async () => {
    const entries = await history(staff.pb, booking.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      agendamento: booking.id,
      autor: '',
      autor_nome: 'Sistema',
      alteracoes: [{ campo: 'status_agendamento', de: '', para: 'NOVO' }],
      email_status: '',
    });
  });

  it('records who changed which fields, when, from what to what', async () => {
    const before = Date.now();
    await staff.pb.collection('agendamentos').update(booking.id, {
      status_agendamento: 'ANALISE_OK',
      local_agendamento: 'Consulado Geral da Itália em São Paulo',
      hora_agendamento: '',
    });
    const [entry] = await history(staff.pb, booking.id);
    expect(entry).toMatchObject({
      autor: staff.id,
      autor_nome: 'Beatriz Atendente Gonçalves',
      alteracoes: [
        { campo: 'local_agendamento', de: '', para: 'Consulado Geral da Itália em São Paulo' },
        { campo: 'status_agendamento', de: 'NOVO', para: 'ANALISE_OK' },
      ],
    });
    const created = Date.parse(String(entry?.created).replace(' ', 'T'));
    expect(created).toBeGreaterThanOrEqual(before - 2000);
    expect(created).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('records the date as stored, and writes nothing for a save that changes nothing', async () => {
    await staff.pb.collection('agendamentos').update(booking.id, { data_agendamento: '2026-12-15' });
    const [entry] = await history(staff.pb, booking.id);
    expect(entry?.alteracoes).toEqual([
      { campo: 'data_agendamento', de: '', para: '2026-12-15 00:00:00.000Z' },
    ]);
    const count = (await history(staff.pb, booking.id)).length;
    await staff.pb.collection('agendamentos').update(booking.id, { data_agendamento: '2026-12-15' });
    expect(await history(staff.pb, booking.id)).toHaveLength(count);
  });

  it('the seed body clears the date with null and the time with an empty text', async () => {
    await staff.pb
      .collection('agendamentos')
      .update(booking.id, { data_agendamento: '2026-12-20', hora_agendamento: '10:00' });
    const cleared = await staff.pb.collection('agendamentos').update(booking.id, {
      data_agendamento: null,
      hora_agendamento: '',
      local_agendamento: 'Consulado de Curitiba',
      status_agendamento: 'NOVO',
    });
    expect(cleared).toMatchObject({
      data_agendamento: '',
      hora_agendamento: '',
      local_agendamento: 'Consulado de Curitiba',
    });
    const [entry] = await history(staff.pb, booking.id);
    expect(entry?.alteracoes).toEqual(
      expect.arrayContaining([
        { campo: 'data_agendamento', de: '2026-12-20 00:00:00.000Z', para: '' },
        { campo: 'hora_agendamento', de: '10:00', para: '' },
      ]),
    );
  });

  it('the customer can neither read nor write it', async () => {
    const [entry] = await history(staff.pb, booking.id);
    const id = entry?.id ?? '';
    const api = owner.pb.collection('historico_agendamentos');
    expect(await api.getFullList()).toEqual([]);
    expect((await failure(api.getOne(id))).status).toBe(404);
    const forged = { agendamento: booking.id, autor_nome: 'Sistema', alteracoes: [] };
    expect((await failure(api.create(forged))).status).toBe(403);
    expect((await failure(api.update(id, { autor_nome: 'Ninguém' }))).status).toBe(403);
    expect((await failure(api.delete(id))).status).toBe(403);
    // Not through the booking either: a back-relation expand or a filter on it.
    const own = await owner.pb
      .collection('agendamentos')
      .getOne(booking.id, { expand: 'historico_agendamentos_via_agendamento' });
    expect(own.expand?.historico_agendamentos_via_agendamento).toBeUndefined();
    // A filter through a back-relation is not even asked, the customer's or staff's (lib/consulta_comum.js).
    for (const filter of [
      'historico_agendamentos_via_agendamento.autor_nome ?~ "Beatriz"',
      'historico_agendamentos_via_agendamento.id != ""',
      `historico_agendamentos_via_agendamento.autor ?= "${staff.id}"`,
    ]) {
      expect((await failure(owner.pb.collection('agendamentos').getFullList({ filter }))).status).toBe(400);
      expect((await failure(staff.pb.collection('agendamentos').getFullList({ filter }))).status).toBe(400);
    }
    // Staff, for their part, read it through the booking too.
    const staffView = await staff.pb
      .collection('agendamentos')
      .getOne(booking.id, { expand: 'historico_agendamentos_via_agendamento' });
    expect(staffView.expand?.historico_agendamentos_via_agendamento).toHaveLength(
      (await history(staff.pb, booking.id)).length,
    );
  });

  it('staff read it but cannot write it either', async () => {
    const [entry] = await history(staff.pb, booking.id);
    const api = staff.pb.collection('historico_agendamentos');
    expect((await api.getOne(entry?.id ?? '')).agendamento).toBe(booking.id);
    expect((await failure(api.create({ agendamento: booking.id, autor_nome: 'X' }))).status).toBe(403);
    expect((await failure(api.update(entry?.id ?? '', { autor_nome: 'X' }))).status).toBe(403);
    expect((await failure(api.delete(entry?.id ?? ''))).status).toBe(403);
  });
});

describe('a save from a stale copy', () => {
  const CONFLICT =
    'Este agendamento foi alterado por outra pessoa enquanto você editava. Os valores atuais estão na tela: ' +
    'confira e salve de novo.';
  let booking: RecordModel;
  const save = (body: Record<string, unknown>, ifMatch?: string) =>
    staff.pb
      .collection('agendamentos')
      .update(booking.id, body, ifMatch === undefined ? {} : { headers: { 'If-Match': ifMatch } });

  beforeAll(async () => {
    ({ booking } = await bookedCustomer());
  });

  it('goes through with the copy’s own `updated`, and is refused with 409 once that is old', async () => {
    const copy = await staff.pb.collection('agendamentos').getOne(booking.id);
    const saved = await save({ local_agendamento: 'Primeiro local' }, copy.updated);
    expect(saved.updated).not.toBe(copy.updated);
    const entries = (await history(staff.pb, booking.id)).length;

    const error = await failure(save({ local_agendamento: 'Segundo local' }, copy.updated));
    expect(error.status).toBe(409);
    expect(error.response.message).toBe(CONFLICT);
    const stored = await staff.pb.collection('agendamentos').getOne(booking.id);
    expect(stored.local_agendamento).toBe('Primeiro local');
    expect(stored.updated).toBe(saved.updated);
    expect(await history(staff.pb, booking.id)).toHaveLength(entries);
  });

  it('goes through without the header, as before', async () => {
    const saved = await save({ local_agendamento: 'Sem cabeçalho' });
    expect(saved.local_agendamento).toBe('Sem cabeçalho');
  });

  it('of two saves of the same copy at once, exactly one wins', async () => {
    const copy = await staff.pb.collection('agendamentos').getOne(booking.id);
    const entries = (await history(staff.pb, booking.id)).length;
    const results = await Promise.allSettled(
      ['Local A', 'Local B', 'Local C'].map((local) => save({ local_agendamento: local }, copy.updated)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r as PromiseRejectedResult).reason.status)).toEqual([409, 409]);
    const winner = (won[0] as PromiseFulfilledResult<RecordModel>).value.local_agendamento;
    expect((await staff.pb.collection('agendamentos').getOne(booking.id)).local_agendamento).toBe(winner);
    expect(await history(staff.pb, booking.id)).toHaveLength(entries + 1);
  });

  it('browsers may send the header (CORS preflight)', async () => {
    const response = await fetch(`${PB_URL}/api/collections/agendamentos/records/${booking.id}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.passaporte.test',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'authorization,content-type,if-match',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-match');
  });
});

describe('the status e-mail', () => {
  /** The mails a customer got beside the account's own (verification) and the receipt. */
  async function statusMails(customer: Customer, count = 1, timeoutMs = 5000) {
    const account = /^(Confirme seu e-mail|Comprovante da sua compra)/;
    const all = await mailsTo(customer.email, { count: count + 2, timeoutMs });
    return all.filter((m) => !account.test(m.subject));
  }

  async function changeTo(body: Record<string, unknown>) {
    const { customer, booking } = await bookedCustomer();
    await staff.pb.collection('agendamentos').update(booking.id, body);
    return { customer, booking, mails: await statusMails(customer) };
  }

  it.each([
    ['NOVO', 'Seu pedido está aguardando análise - Passaporte Italiano', 'aguardando análise'],
    ['ANALISE_OK', 'Seus documentos foram validados - Passaporte Italiano', 'Estamos agendando'],
    ['FINALIZADO', 'Processo encerrado - Passaporte Italiano', 'Processo encerrado.'],
  ])('%s: its own subject and text, to the owner', async (status, subject, text) => {
    // A NOVO booking is first moved elsewhere, so that NOVO is a change.
    const { customer, booking } = await bookedCustomer();
    if (status === 'NOVO') {
      await staff.pb.collection('agendamentos').update(booking.id, { status_agendamento: 'ANALISE_OK' });
      await mailsTo(customer.email, { subject: /validados/ });
    }
    await staff.pb.collection('agendamentos').update(booking.id, { status_agendamento: status });
    const [mail] = await mailsTo(customer.email, { subject: new RegExp(`^${subject}$`) });
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.html).toContain(text);
    expect(mail?.text).toContain(text);
    expect(mail?.html).toContain('http://127.0.0.1:5173/tracking');
    expect(mail?.text).toContain(`Olá, ${customer.input.nome_completo}.`);
  });

  it('AGENDADO: date, time, place, the arrival advice and the tracking link', async () => {
    const { customer, booking, mails } = await changeTo({
      status_agendamento: 'AGENDADO',
      data_agendamento: '2026-12-15',
      hora_agendamento: '09:30',
      local_agendamento: 'Consulado Geral da Itália em São Paulo & anexo',
    });
    expect(mails.map((m) => m.subject)).toEqual(['Seu agendamento foi concluído - Passaporte Italiano']);
    const [mail] = mails;
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.html).toContain('15/12/2026 às 09:30h');
    expect(mail?.html).toContain('Consulado Geral da Itália em São Paulo &amp; anexo');
    expect(mail?.html).toContain('Chegar com 30 minutos de antecedência!');
    expect(mail?.html).toContain('href="http://127.0.0.1:5173/tracking"');
    expect(mail?.text).toContain(
      'Data: 15/12/2026 às 09:30h\nLocal: Consulado Geral da Itália em São Paulo & anexo',
    );

    const [entry] = await history(staff.pb, booking.id);
    expect(entry).toMatchObject({
      email_para: customer.email,
      email_status: 'ENVIADO',
      email_assunto: 'Seu agendamento foi concluído - Passaporte Italiano',
    });
  });

  it('ANALISE_ERRO: the staff note as what is wrong, HTML-escaped; the owner reads the note', async () => {
    const nota = 'O <b>RG</b> está ilegível & a certidão "vencida".\nEnvie de novo.';
    const { customer, booking, mails } = await changeTo({
      status_agendamento: 'ANALISE_ERRO',
      nota_cliente: nota,
    });
    expect(mails.map((m) => m.subject)).toEqual([
      'Encontramos inconsistências nos seus dados - Passaporte Italiano',
    ]);
    const html = mails[0]?.html ?? '';
    expect(html).toContain(
      'O &lt;b&gt;RG&lt;/b&gt; está ilegível &amp; a certidão &quot;vencida&quot;.<br>Envie de novo.',
    );
    expect(html).not.toContain('<b>RG</b>');
    expect(mails[0]?.text).toContain(nota);
    expect((await customer.pb.collection('agendamentos').getOne(booking.id)).nota_cliente).toBe(nota);
    const [entry] = await history(staff.pb, booking.id);
    expect(entry?.alteracoes).toContainEqual({ campo: 'nota_cliente', de: '', para: nota });
  });

  it.each(['AGENDADO', 'ANALISE_OK', 'NOVO', 'FINALIZADO'])(
    '%s with a staff note: the note is in the e-mail, HTML-escaped, and the owner reads it',
    async (status) => {
      const nota = 'Leve o RG <original> & a certidão.\nChegue cedo.';
      const { customer, booking } = await bookedCustomer();
      // A NOVO booking is first moved elsewhere, so that NOVO is a change.
      if (status === 'NOVO') {
        await staff.pb.collection('agendamentos').update(booking.id, { status_agendamento: 'ANALISE_OK' });
        await mailsTo(customer.email, { subject: /validados/ });
      }
      await staff.pb
        .collection('agendamentos')
        .update(booking.id, { status_agendamento: status, nota_cliente: nota });
      const mails = await statusMails(customer, status === 'NOVO' ? 2 : 1);
      const mail = mails.at(-1);
      expect(mail?.html).toContain(
        '<strong>Mensagem da equipe:</strong><br>Leve o RG &lt;original&gt; &amp; a certidão.<br>Chegue cedo.',
      );
      expect(mail?.text).toContain(`Mensagem da equipe:\n${nota}`);
      expect((await customer.pb.collection('agendamentos').getOne(booking.id)).nota_cliente).toBe(nota);
    },
  );

  it.each([
    ['AGENDADO', 'Leve o RG <original> & a certidão.\r\nChegue cedo.'],
    ['ANALISE_ERRO', 'O RG está ilegível.'],
    ['ANALISE_OK', ''],
    ['FINALIZADO', 'Obrigado!'],
  ] as const)("%s: the editor's preview is the e-mail's text, word for word", async (status, nota) => {
    const body = {
      status_agendamento: status,
      data_agendamento: '2026-12-15',
      hora_agendamento: '09:30',
      local_agendamento: 'Consulado Geral da Itália em São Paulo & anexo',
      nota_cliente: nota,
    };
    const { customer, mails } = await changeTo(body);
    // The fields as the editor's preview passes them: the PATCH body its form sends.
    const preview = statusMail(body, customer.input.nome_completo, 'http://127.0.0.1:5173');
    expect(preview).not.toBeNull();
    expect(mails[0]?.subject).toBe(preview?.subject);
    expect(mails[0]?.text.trim()).toBe(preview?.text);
  });

  it('ANALISE_ERRO without a note: our team will get in touch', async () => {
    const { mails } = await changeTo({ status_agendamento: 'ANALISE_ERRO' });
    expect(mails[0]?.html).toContain('Nossa equipe entrará em contato com você');
  });

  it('no e-mail when the status stays; an old status is kept when only the place changes', async () => {
    const { customer, booking } = await bookedCustomer();
    await (await superuser())
      .collection('agendamentos')
      .update(booking.id, { status_agendamento: 'CANCELADO' });
    const saved = await staff.pb
      .collection('agendamentos')
      .update(booking.id, { status_agendamento: 'CANCELADO', local_agendamento: 'Outro lugar' });
    expect(saved.status_agendamento).toBe('CANCELADO');
    const [entry] = await history(staff.pb, booking.id);
    expect(entry).toMatchObject({
      alteracoes: [{ campo: 'local_agendamento', de: '', para: 'Outro lugar' }],
      email_status: '',
      email_para: '',
    });
    expect(await statusMails(customer, 1, 1000)).toEqual([]);
  });

  it("a mail the customer's server refuses: the save stands, and the history says the e-mail failed", async () => {
    const { customer, booking } = await bookedCustomer();
    // The customer's mailbox now refuses mail (the capture answers 550 for this domain).
    const refusing = `${customer.id}@${REFUSING_DOMAIN}`;
    await (await superuser()).collection('usuarios').update(customer.id, { email: refusing });
    const saved = await staff.pb.collection('agendamentos').update(booking.id, {
      status_agendamento: 'AGENDADO',
      data_agendamento: '2026-12-15',
      hora_agendamento: '09:30',
      local_agendamento: 'Consulado Geral da Itália em São Paulo',
    });
    expect(saved.status_agendamento).toBe('AGENDADO');
    const stored = await (await superuser()).collection('agendamentos').getOne(booking.id);
    expect(stored).toMatchObject({
      status_agendamento: 'AGENDADO',
      hora_agendamento: '09:30',
      local_agendamento: 'Consulado Geral da Itália em São Paulo',
    });
    const [entry] = await history(staff.pb, booking.id);
    expect(entry).toMatchObject({
      email_para: refusing,
      email_status: 'FALHOU',
      email_assunto: 'Seu agendamento foi concluído - Passaporte Italiano',
    });
    expect(entry?.alteracoes).toContainEqual({ campo: 'status_agendamento', de: 'NOVO', para: 'AGENDADO' });
    expect(await mailsTo(refusing, { count: 1, timeoutMs: 1000 })).toEqual([]);
  });
});

describe('what a refused save says, in Portuguese', () => {
  let booking: RecordModel;
  beforeAll(async () => {
    ({ booking } = await bookedCustomer());
  });

  it.each([
    [
      'a time that is not HH:mm',
      { hora_agendamento: '25:99' },
      'hora_agendamento',
      'Hora inválida: use o formato HH:mm, como 09:30.',
    ],
    [
      'a 10,000-character place',
      { local_agendamento: 'x'.repeat(10_000) },
      'local_agendamento',
      'Use no máximo 200 caracteres.',
    ],
    [
      'a 2,001-character note',
      { nota_cliente: 'x'.repeat(2001) },
      'nota_cliente',
      'Use no máximo 2000 caracteres.',
    ],
    ['a status outside the five', { status_agendamento: 'PAGO' }, 'status_agendamento', 'Status inválido.'],
  ])('%s', async (_label, body, field, message) => {
    const error = await failure(staff.pb.collection('agendamentos').update(booking.id, body));
    expect(error.status).toBe(400);
    expect(error.response.data).toEqual({ [field]: { code: expect.any(String), message } });
    const stored = await staff.pb.collection('agendamentos').getOne(booking.id);
    expect(stored[field]).toBe(booking[field]);
  });
});
