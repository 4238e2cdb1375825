// The contract suite: the same API calls against the demo's stand-in (src/mocks/, through MSW)
// and against the real PocketBase with this project's kit, both holding the demo seed. Each case states
// what the answer must be; both backends must give it, so the demo cannot drift from the server again.
import type PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { searchKey } from '@/lib/search-key';
import { resetDb } from '@/mocks/db';
import { PROCESSO_DEMO_ACCOUNTS } from '../../demo-seed/processo-seed';
import { DEMO_ACCOUNTS, DEMO_AGENDADO_BOOKING, DEMO_PASSWORD } from '../../demo-seed/seed';
import M from '../../pocketbase/pb_hooks/lib/mensagens.json';
import emailTexto from '../../pocketbase/pb_hooks/lib/email_texto.js';
import { mensagens as CASO } from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import schema from '../../pocketbase/schema.json';
import { answer, answerInFull, BACKENDS, signedIn } from './contract-backends';
import { nextCpf } from './helpers';

const PB_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(BACKENDS)('$name', (backend) => {
  const { client, verificationToken, asaasPayment, asaasCustomer, asaasEvent, asaasConfig } = backend;
  resetDb();
  const as = (account: keyof typeof DEMO_ACCOUNTS) => signedIn(backend, account);
  const registration = (change: Record<string, unknown> = {}) => ({
    nome_completo: 'Contrato de Teste Silva',
    email: `contrato-${Math.random().toString(36).slice(2)}@teste.passaporte.test`,
    password: 'Senha@2026',
    passwordConfirm: 'Senha@2026',
    cpf: nextCpf(),
    celular: '(31) 99123-4567',
    ...change,
  });
  /** The card request the app sends for the Asaas customer `customer`, holder `email`. */
  const cardBody = (
    customer: string,
    email: string,
    number: string,
    change: Record<string, unknown> = {},
  ) => ({
    installmentCount: 1,
    customer,
    value: 699,
    totalValue: 699,
    billingType: 'CREDIT_CARD',
    creditCard: { holderName: 'MARIA C', number, expiryMonth: '12', expiryYear: '2031', ccv: '123' },
    creditCardHolderInfo: {
      name: 'Maria',
      email,
      cpfCnpj: '52998224725',
      postalCode: '01310100',
      addressNumber: '1000',
      phone: '11987654321',
    },
    tipo_servico: 'individual',
    flex: false,
    externalReference: `contrato-${number.slice(-4)}-${Math.random().toString(36).slice(2, 10)}`,
    ...change,
  });
  /** A new customer who followed the e-mailed link and signed in, with their Asaas customer. */
  const buyer = async () => {
    const pb = client();
    const input = registration();
    await pb.collection('usuarios').create(input);
    await pb.collection('usuarios').requestVerification(input.email);
    await pb.collection('usuarios').confirmVerification(await verificationToken(input.email));
    await pb.collection('usuarios').authWithPassword(input.email, input.password);
    const { id } = await pb.send<{ id: string }>('/payments/asaas/customer', { method: 'POST', body: {} });
    return { pb, email: input.email, asaasId: id };
  };

  it('log in: wrong password, blank fields, and the record of a good one', async () => {
    expect(
      await answer(
        client().collection('usuarios').authWithPassword(DEMO_ACCOUNTS.cliente.email, 'Errada@123'),
      ),
    ).toEqual({
      status: 400,
      message: 'Failed to authenticate.',
      codes: {},
    });
    expect(await answer(client().collection('usuarios').authWithPassword('', ''))).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { identity: 'validation_required', password: 'validation_required' },
    });
    const { token, record } = await client()
      .collection('usuarios')
      .authWithPassword(DEMO_ACCOUNTS.agendado.email, DEMO_PASSWORD);
    expect(token.split('.')).toHaveLength(3);
    expect(record).toMatchObject({
      id: DEMO_ACCOUNTS.agendado.id,
      email: DEMO_ACCOUNTS.agendado.email,
      verified: true,
      admin: false,
    });
    expect(record).not.toHaveProperty('password');
    expect(record.created).toMatch(PB_DATE);
  });

  it('registration: 200 with the record; a taken e-mail, bad fields, a staff flag', async () => {
    const input = registration();
    const created = await client().collection('usuarios').create(input);
    expect(created).toMatchObject({
      verified: false,
      admin: false,
      email: input.email,
      emailVisibility: true,
    });
    expect(created).not.toHaveProperty('password');
    // CPF and phone are stored as digits; one account per CPF.
    expect(created).toMatchObject({ cpf: input.cpf.replace(/\D/g, ''), celular: '31991234567' });
    expect(
      await answer(
        client()
          .collection('usuarios')
          .create(registration({ cpf: input.cpf })),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { cpf: 'validation_cpf_taken' },
    });
    expect(
      await answer(
        client()
          .collection('usuarios')
          .create(registration({ email: DEMO_ACCOUNTS.cliente.email })),
      ),
    ).toEqual({
      status: 400,
      message: 'Failed to create record.',
      codes: { email: 'validation_not_unique' },
    });
    expect(
      await answer(
        client()
          .collection('usuarios')
          .create(registration({ cpf: '111.111.111-11' })),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { cpf: 'validation_invalid_cpf' },
    });
    expect(
      await answer(
        client()
          .collection('usuarios')
          .create(registration({ password: 'curta', passwordConfirm: 'curta' })),
      ),
    ).toMatchObject({
      status: 400,
      codes: { password: 'validation_min_text_constraint' },
    });
    expect(
      await answer(
        client()
          .collection('usuarios')
          .create(registration({ admin: true })),
      ),
    ).toEqual({
      status: 400,
      message: 'Failed to create record.',
      codes: {},
    });
  });

  it("registration past the form: a 10,000-character e-mail, a password out of bounds, each in the form's pt-BR words", async () => {
    /** A refused call's status, message and each field's code and message. */
    const refusal = async (call: Promise<unknown>) => {
      const { data, ...rest } = await answerInFull(call);
      return {
        ...rest,
        data: Object.fromEntries(
          Object.entries(data ?? {}).map(([f, e]) => [f, { code: e.code, message: e.message }]),
        ),
      };
    };
    const refused = (change: Record<string, unknown>) =>
      refusal(client().collection('usuarios').create(registration(change)));
    // PocketBase ends each field message with a full stop.
    const fieldError = (field: string, code: string, message: string) => ({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      data: { [field]: { code, message: `${message}.` } },
    });
    const long = `Aa1@${'x'.repeat(68)}`;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { email: `${'a'.repeat(10_000)}@teste.passaporte.test` },
        'email',
        'validation_is_email',
        M.emailInvalido,
      ],
      [{ email: 'sem-arroba.passaporte.test' }, 'email', 'validation_is_email', M.emailInvalido],
      [{ password: long, passwordConfirm: long }, 'password', 'validation_max_text_constraint', M.senhaLonga],
      [
        { password: 'curta', passwordConfirm: 'curta' },
        'password',
        'validation_min_text_constraint',
        M.senhaCurta,
      ],
      [
        { passwordConfirm: 'Outra@2026' },
        'passwordConfirm',
        'validation_values_mismatch',
        M.senhasDiferentes,
      ],
    ];
    for (const [change, field, code, message] of cases)
      expect(await refused(change)).toEqual(fieldError(field, code, message));
    // Past bcrypt's 72 bytes PocketBase cannot hash it, and its create rule's trial insert fails before the kit's
    // hook is asked: its own bare refusal, with nothing stored.
    const huge = 'Senha@2026'.repeat(1_000);
    expect(await refused({ password: huge, passwordConfirm: huge })).toEqual({
      status: 400,
      message: 'Failed to create record.',
      data: {},
    });
    // A customer's new password, in the same words (the update's hook: contas_comum.js errosDaAlteracao).
    const own = await as('cliente');
    const id = own.authStore.record?.id ?? '';
    const change = (body: Record<string, unknown>) => refusal(own.collection('usuarios').update(id, body));
    expect(await change({ oldPassword: DEMO_PASSWORD, password: long, passwordConfirm: long })).toEqual(
      fieldError('password', 'validation_max_text_constraint', M.senhaLonga),
    );
    expect(
      await change({ oldPassword: DEMO_PASSWORD, password: 'Nova@2026', passwordConfirm: 'Nova@2027' }),
    ).toEqual(fieldError('passwordConfirm', 'validation_values_mismatch', M.senhasDiferentes));
    // A password of 71 characters is the form's longest: accepted.
    const longest = `Aa1@${'x'.repeat(67)}`;
    expect(
      await answer(
        client()
          .collection('usuarios')
          .create(registration({ password: longest, passwordConfirm: longest })),
      ),
    ).toEqual({ status: 200 });
  });

  it('e-mail links: 204 for an unknown address, and a junk token refused', async () => {
    expect(
      await answer(client().collection('usuarios').requestVerification('ninguem@teste.passaporte.test')),
    ).toEqual({ status: 200 });
    expect(await answer(client().collection('usuarios').confirmVerification('nao-e-um-token'))).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { token: 'validation_invalid_token_claims' },
    });
    expect(await answer(client().collection('usuarios').authRefresh())).toMatchObject({ status: 401 });
  });

  it.each([
    [
      'too short for the form',
      'curta',
      { code: 'validation_length_out_of_range', message: 'The length must be between 8 and 255.' },
    ],
    [
      'past the form’s 255',
      'x'.repeat(256),
      { code: 'validation_length_out_of_range', message: 'The length must be between 8 and 255.' },
    ],
    ['past the field’s 71 but within the form', 'x'.repeat(72), undefined],
  ])(
    'a password reset with a password %s: the form’s refusal beside the token’s',
    async (_, password, passwordError) => {
      const answered = await answerInFull(
        client().collection('usuarios').confirmPasswordReset('nao-e-um-token', password, password),
      );
      expect(answered).toMatchObject({
        status: 400,
        message: 'An error occurred while validating the submitted data.',
      });
      expect(answered.data).toEqual({
        token: { code: 'validation_invalid_token', message: 'Invalid or expired token.' },
        ...(passwordError ? { password: { ...passwordError, params: { max: 255, min: 8 } } } : {}),
      });
    },
  );

  it('lists: the shape, a customer’s own rows, a guest’s empty list', async () => {
    const agendado = await as('agendado');
    const payments = await agendado.collection('pagamentos').getList(1, 30);
    expect(payments).toMatchObject({ page: 1, perPage: 30, totalItems: 1, totalPages: 1 });
    expect(payments.items[0]).toMatchObject({
      usuario: DEMO_ACCOUNTS.agendado.id,
      flex: false,
      status_asaas: 'CONFIRMED',
    });
    const guest = await client().collection('agendamentos').getList(1, 30);
    expect(guest).toEqual({ page: 1, perPage: 30, totalItems: 0, totalPages: 0, items: [] });
    const cliente = await as('cliente');
    expect(await answer(cliente.collection('agendamentos').getOne(DEMO_AGENDADO_BOOKING.id))).toEqual({
      status: 404,
      message: "The requested resource wasn't found.",
      codes: {},
    });
  });

  it.each([
    ['a macro in a customer’s filter', 'cliente', 'requerentes', { filter: '@request.auth.id != ""' }, 403],
    [
      'a sort by a field the collection lacks',
      'admin',
      'tentativas_agendamento',
      { sort: 'nao_existe' },
      400,
    ],
    [
      'a relation the collection lacks',
      'admin',
      'historico_agendamentos',
      { filter: 'usuario.email ~ "demo"' },
      400,
    ],
    [
      'a hidden field through a relation',
      'admin',
      'documentos',
      { filter: 'agendamento.usuario.password != ""' },
      400,
    ],
  ] as const)(
    'every collection’s list refuses %s as PocketBase does',
    async (_, account, collection, query, status) => {
      const pb = await as(account);
      expect(await answer(pb.collection(collection).getList(1, 5, query))).toMatchObject({ status });
    },
  );

  it('every collection’s list leaves its totals out when asked to, and follows a relation in a filter', async () => {
    const staff = await as('admin');
    const page = await staff.collection('documentos').getList(1, 5, {
      skipTotal: true,
      filter: "agendamento.status_agendamento = 'AGENDADO'",
    });
    expect(page).toMatchObject({ totalItems: -1, totalPages: -1 });
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('writes: only the server creates orders; only staff edit bookings, with the five statuses', async () => {
    const cliente = await as('cliente');
    for (const collection of ['pagamentos', 'agendamentos', 'cobrancas']) {
      expect(
        await answer(cliente.collection(collection).create({ usuario: DEMO_ACCOUNTS.cliente.id })),
      ).toEqual({
        status: 403,
        message: 'Only superusers can perform this action.',
        codes: {},
      });
    }
    const agendado = await as('agendado');
    expect(
      await answer(
        agendado
          .collection('agendamentos')
          .update(DEMO_AGENDADO_BOOKING.id, { status_agendamento: 'FINALIZADO' }),
      ),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await answer(agendado.collection('usuarios').update(DEMO_ACCOUNTS.agendado.id, { admin: true })),
    ).toMatchObject({ status: 404 });
    expect(
      await answer(agendado.collection('usuarios').update(DEMO_ACCOUNTS.agendado.id, { celular: '12' })),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { celular: 'validation_invalid_celular' },
    });
    const admin = await as('admin');
    expect(
      await answer(
        admin
          .collection('agendamentos')
          .update(DEMO_AGENDADO_BOOKING.id, { status_agendamento: 'CANCELADO' }),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { status_agendamento: 'validation_invalid_status' },
    });
    const saved = await admin
      .collection('agendamentos')
      .update(
        DEMO_AGENDADO_BOOKING.id,
        { data_agendamento: '2026-12-03T03:00:00.000Z' },
        { expand: 'usuario' },
      );
    expect(saved.data_agendamento).toBe('2026-12-03 03:00:00.000Z');
    expect(saved.updated).toMatch(PB_DATE);
    // Staff see the customer's name and e-mail through expand.
    expect(saved.expand?.usuario).toMatchObject({
      nome_completo: DEMO_ACCOUNTS.agendado.nome_completo,
      email: DEMO_ACCOUNTS.agendado.email,
    });
    for (const collection of ['asaas_clientes', 'asaas_eventos', 'tentativas_cartao']) {
      expect(await answer(admin.collection(collection).getList(1, 1))).toMatchObject({ status: 403 });
    }
  });

  it('filters: @request is refused, broken syntax is a 400, quoted text is text', async () => {
    const admin = await as('admin');
    expect(
      await answer(admin.collection('agendamentos').getList(1, 1, { filter: '@request.auth.id != ""' })),
    ).toMatchObject({ status: 403 });
    expect(
      await answer(
        admin.collection('agendamentos').getList(1, 1, { filter: 'usuario.nome_completo ~ "a\\"' }),
      ),
    ).toEqual({
      status: 400,
      message: 'Something went wrong while processing your request.',
      codes: {},
    });
    const found = await admin.collection('agendamentos').getList(1, 5, {
      filter: admin.filter('usuario.nome_completo ~ {:q}', { q: "João Pedro D'Ávila" }),
    });
    expect(found.items.map((b) => b.id)).toEqual([DEMO_AGENDADO_BOOKING.id]);
  });

  it('the back office: the search key, the history, a stale save and pt-BR field errors', async () => {
    const admin = await as('admin');
    const cliente = await as('cliente');
    // As the app asks: the query folded like the key ('@' as '＠').
    const search = (pb: PocketBase, q: string) =>
      pb.collection('agendamentos').getList(1, 5, { filter: pb.filter('busca ~ {:q}', { q: searchKey(q) }) });
    for (const q of ['15350946056', 'agendado@demo', '21998765432', 'joao pedro davila']) {
      expect((await search(admin, q)).items.map((b) => b.id)).toEqual([DEMO_AGENDADO_BOOKING.id]);
    }
    // The key is answered like the fields it is made of, to the owner and to staff.
    const key = 'joao pedro davila agendado＠demo.com.br 15350946056 21998765432';
    expect((await admin.collection('usuarios').getOne(DEMO_ACCOUNTS.agendado.id)).busca).toBe(key);
    expect((await admin.collection('agendamentos').getOne(DEMO_AGENDADO_BOOKING.id)).busca).toBe(key);
    // A customer's filter on the key only ever reaches their own rows.
    // Through the relation too (the server keeps both).
    expect(
      (
        await admin.collection('agendamentos').getList(1, 5, {
          filter: admin.filter('usuario.busca ~ {:q}', { q: '15350946056' }),
        })
      ).items.map((b) => b.id),
    ).toEqual([DEMO_AGENDADO_BOOKING.id]);
    expect((await search(cliente, '15350946056')).items).toEqual([]);

    const historyOf = (pb: PocketBase) =>
      pb.collection('historico_agendamentos').getFullList({
        filter: pb.filter('agendamento = {:id}', { id: DEMO_AGENDADO_BOOKING.id }),
        sort: '-created',
      });
    expect((await historyOf(admin)).at(-1)).toMatchObject({
      autor_nome: 'Sistema',
      alteracoes: [{ campo: 'status_agendamento', de: '', para: 'NOVO' }],
    });
    expect(await historyOf(cliente)).toEqual([]);
    expect(
      await answer(
        cliente.collection('historico_agendamentos').create({ agendamento: DEMO_AGENDADO_BOOKING.id }),
      ),
    ).toEqual({ status: 403, message: 'Only superusers can perform this action.', codes: {} });

    const booking = await admin.collection('agendamentos').getOne(DEMO_AGENDADO_BOOKING.id);
    const basedOn = (updated: string) => ({ headers: { 'If-Match': `"${updated}"` } });
    expect(
      await answer(
        admin
          .collection('agendamentos')
          .update(booking.id, { local_agendamento: 'X' }, basedOn('2000-01-01 00:00:00.000Z')),
      ),
    ).toEqual({
      status: 409,
      message:
        'Este agendamento foi alterado por outra pessoa enquanto você editava. Os valores atuais estão na tela: confira e salve de novo.',
      codes: {},
    });
    await admin
      .collection('agendamentos')
      .update(booking.id, { local_agendamento: 'Consulado de Curitiba' }, basedOn(booking.updated));
    expect((await historyOf(admin))[0]).toMatchObject({
      autor: DEMO_ACCOUNTS.admin.id,
      autor_nome: DEMO_ACCOUNTS.admin.nome_completo,
      alteracoes: [
        { campo: 'local_agendamento', de: booking.local_agendamento, para: 'Consulado de Curitiba' },
      ],
      email_status: '',
    });

    expect(
      await answer(
        admin
          .collection('agendamentos')
          .update(booking.id, { hora_agendamento: '25:00', local_agendamento: 'x'.repeat(201) }),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: {
        hora_agendamento: 'validation_invalid_hora',
        local_agendamento: 'validation_max_text_constraint',
      },
    });
    // Flex's use is the server's to write; and a stale copy with bad fields hears of its fields first.
    expect(
      await answer(
        admin
          .collection('agendamentos')
          .update(
            booking.id,
            { flex_usado_em: '2026-01-01 00:00:00.000Z', flex_motivo: 'x', hora_agendamento: '7h' },
            basedOn('2000-01-01 00:00:00.000Z'),
          ),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: {
        flex_usado_em: 'validation_forbidden',
        flex_motivo: 'validation_forbidden',
        hora_agendamento: 'validation_invalid_hora',
      },
    });
  });

  it('the staff text search (GET /api/agendamentos/busca): who may ask, the refusals, and the rows of the filter', async () => {
    const admin = await as('admin');
    const cliente = await as('cliente');
    const busca = (pb: PocketBase, query: Record<string, string>) =>
      answer(pb.send('/api/agendamentos/busca', { query }));
    expect(await busca(client(), { texto: 'demo.com' })).toMatchObject({ status: 401 });
    expect(await busca(cliente, { texto: 'demo.com' })).toEqual({
      status: 403,
      message: 'Apenas a equipe pode buscar nos agendamentos.',
      codes: {},
    });
    expect(await busca(admin, { texto: 'ab' })).toEqual({
      status: 400,
      message: 'Digite pelo menos 3 caracteres para buscar.',
      codes: {},
    });
    const edits: Record<string, string>[] = [
      { sort: 'senha' },
      { page: '0' },
      { perPage: '5000' },
      { de: 'ontem' },
      { total: '-1' },
      { total: '12.5' },
      { total: 'muitos' },
    ];
    for (const edited of edits) {
      expect(await busca(admin, { texto: 'demo.com', ...edited })).toEqual({
        status: 400,
        message: 'Busca inválida: confira os filtros e a ordem da lista.',
        codes: {},
      });
    }
    // The rows, order and total of PocketBase's own list with the same filter, and the customer as staff see it.
    const key = searchKey('agendado@demo');
    const page = await admin.send('/api/agendamentos/busca', {
      query: { texto: key, sort: '-created,-id', perPage: '5' },
    });
    const own = await admin.collection('agendamentos').getList(1, 5, {
      filter: admin.filter('busca ~ {:q}', { q: key }),
      sort: '-created,-id',
      expand: 'usuario',
    });
    expect(page).toMatchObject({ page: 1, perPage: 5, totalItems: own.totalItems });
    expect(page.items.map((b: { id: string }) => b.id)).toEqual([DEMO_AGENDADO_BOOKING.id]);
    expect(page.items[0].expand.usuario.email).toBe(own.items[0]?.expand?.usuario?.email);
    // A total the list already shows (another page of this search) is answered back, not counted again; the rows
    // are still the search's.
    const known = await admin.send('/api/agendamentos/busca', {
      query: { texto: key, sort: '-created,-id', perPage: '5', total: '7' },
    });
    expect(known).toMatchObject({ page: 1, perPage: 5, totalItems: 7, totalPages: 2 });
    expect(known.items.map((b: { id: string }) => b.id)).toEqual([DEMO_AGENDADO_BOOKING.id]);
    // `<script>` is text to look for, not markup: nothing found, nothing broken.
    expect(
      await admin.send('/api/agendamentos/busca', { query: { texto: '<script>alert(1)</script>' } }),
    ).toMatchObject({ items: [], totalItems: 0 });
  });

  it('where a page of the staff list starts (GET /api/agendamentos/marco): the row before it, the total, the refusals', async () => {
    const admin = await as('admin');
    const cliente = await as('cliente');
    const marco = (pb: PocketBase, query: Record<string, string>) =>
      answer(pb.send('/api/agendamentos/marco', { query }));
    expect(await marco(client(), { page: '2', perPage: '5' })).toMatchObject({ status: 401 });
    expect(await marco(cliente, { page: '2', perPage: '5' })).toEqual({
      status: 403,
      message: 'Apenas a equipe pode buscar nos agendamentos.',
      codes: {},
    });
    expect(await marco(admin, { page: '2', perPage: '5', filter: 'busca ~ "demo"' })).toEqual({
      status: 400,
      message: 'Página inválida: confira os filtros e a ordem da lista.',
      codes: {},
    });
    // [the list's sort as the app asks it, the stored columns that order it (the status by its process order)].
    const lists: [string, string, string][] = [
      ['-created,-id', '-created,-id', ''],
      ['status_agendamento,created,id', 'status_ordem,created,id', 'documentacao = "pendente"'],
    ];
    for (const [sort, stored, filter] of lists) {
      const own = await admin.collection('agendamentos').getList(1, 1000, { sort: stored, filter });
      const before = own.items[5 * 2 - 1];
      expect(
        await admin.send('/api/agendamentos/marco', { query: { sort, filter, page: '3', perPage: '5' } }),
      ).toEqual({
        totalItems: own.totalItems,
        anterior: before
          ? Object.fromEntries(
              stored.split(',').map((key) => [key.replace('-', ''), before[key.replace('-', '')]]),
            )
          : null,
      });
    }
  });

  it('the proxy: guests, unverified accounts, edited prices, declines and held charges', async () => {
    expect(
      await answer(client().send('/payments/asaas/customer', { method: 'POST', body: {} })),
    ).toMatchObject({ status: 401 });
    const pendente = await as('pendente');
    expect(await answer(pendente.send('/payments/asaas/customer', { method: 'POST', body: {} }))).toEqual({
      status: 403,
      message: 'Confirme o seu e-mail antes de pagar.',
      codes: {},
    });
    const cliente = await as('cliente');
    const { id: customer } = await cliente.send<{ id: string }>('/payments/asaas/customer', {
      method: 'POST',
      body: {},
    });
    const card = (number: string, change: Record<string, unknown> = {}) =>
      cardBody(customer, DEMO_ACCOUNTS.cliente.email, number, change);
    const send = (body: Record<string, unknown>) =>
      cliente.send('/payments/asaas/installment', { method: 'POST', body });
    expect(await answer(send(card('4111111111111111', { totalValue: 1, value: 1 })))).toEqual({
      status: 400,
      message: 'O valor enviado não corresponde ao preço do serviço. Recarregue a página e tente novamente.',
      codes: { totalValue: 'validation_invalid_value' },
    });
    // The card and holder checks (pb_hooks/lib/cobranca_comum.js dadosDoCartao): nothing leaves for Asaas. The
    // messages are the browser's (mensagens.json) as PocketBase writes every error: a sentence, with its full stop.
    const holder = card('4111111111111111').creditCardHolderInfo;
    for (const [change, field, message] of [
      [
        { creditCardHolderInfo: { ...holder, cpfCnpj: '111.111.111-11' } },
        'creditCardHolderInfo.cpfCnpj',
        'CPF inválido.',
      ],
      [
        {
          creditCard: {
            holderName: 'MARIA 2',
            number: '4111111111111111',
            expiryMonth: '12',
            expiryYear: '2031',
            ccv: '123',
          },
        },
        'creditCard.holderName',
        'Use apenas letras e espaços.',
      ],
      [
        {
          creditCard: {
            holderName: 'MARIA C',
            number: '4111 1111',
            expiryMonth: '12',
            expiryYear: '2031',
            ccv: '123',
          },
        },
        'creditCard.number',
        'Número do cartão inválido.',
      ],
      [
        {
          creditCard: {
            holderName: 'MARIA C',
            number: '4111111111111111',
            expiryMonth: '1',
            expiryYear: '2031',
            ccv: '123',
          },
        },
        'creditCard.expiry',
        'Data de validade inválida.',
      ],
    ] as const) {
      expect(await answer(send(card('4111111111111111', change))), field).toEqual({
        status: 400,
        message,
        codes: { [field]: 'validation_invalid_value' },
      });
    }
    expect(await cliente.collection('cobrancas').getFullList()).toEqual([]);
    // A field Asaas refuses (a CEP the post office does not know) is named for the customer: no decline.
    expect(
      await answer(
        send(card('4111111111111111', { creditCardHolderInfo: { ...holder, postalCode: '00000000' } })),
      ),
    ).toEqual({
      status: 400,
      message: 'Confira o campo CEP do titular do cartão: O CEP informado é inválido.',
      codes: { asaas: 'invalid_postalCode' },
    });
    expect(await cliente.collection('cobrancas').getFullList()).toMatchObject([
      { status: 'NAO_CRIADA', ativa: false },
    ]);
    expect(await answer(send(card('5184019740373151')))).toEqual({
      status: 400,
      message: 'Pagamento recusado pela operadora do cartão.',
      codes: { asaas: 'invalid_creditCard' },
    });
    const held = await cliente.send<{ status: string; id: string }>('/payments/asaas/installment', {
      method: 'POST',
      body: card('4000000000000010'),
    });
    expect(held.status).toBe('AWAITING_RISK_ANALYSIS');
    // What Asaas was asked to charge, in the words its receipt shows.
    expect(await asaasPayment(held.id)).toMatchObject({
      description: 'Agendamento individual',
      billingType: 'CREDIT_CARD',
      value: 699,
    });
    expect(await cliente.collection('pagamentos').getFullList()).toEqual([]);
    expect(await cliente.collection('cobrancas').getFullList({ filter: 'ativa = true' })).toMatchObject([
      { status: 'AWAITING_RISK_ANALYSIS', asaas_id: held.id },
    ]);
    expect(await answer(send(card('4111111111111111')))).toMatchObject({ status: 409 });
  });

  it("the customer's Asaas account: made from the account's own data; a refusal by Asaas in its words", async () => {
    const pb = client();
    const input = registration();
    const account = await pb.collection('usuarios').create(input);
    await pb.collection('usuarios').requestVerification(input.email);
    await pb.collection('usuarios').confirmVerification(await verificationToken(input.email));
    await pb.collection('usuarios').authWithPassword(input.email, input.password);
    const make = () => pb.send<{ id: string }>('/payments/asaas/customer', { method: 'POST', body: {} });
    // Asaas refuses (its rate limit): the server answers 400 with Asaas's own words, and keeps no customer.
    await asaasConfig({ rateLimitNext: 1, rateLimitOnly: 'POST /v3/customers' });
    try {
      expect(await answerInFull(make())).toEqual({
        status: 400,
        message: 'Limite de requisições atingido. Tente novamente mais tarde.',
        data: {
          asaas: {
            code: 'too_many_requests',
            message: 'Limite de requisições atingido. Tente novamente mais tarde.',
          },
        },
      });
    } finally {
      await asaasConfig({ rateLimitNext: 0, rateLimitOnly: '' });
    }
    const { id } = await make();
    expect(await make()).toEqual({ id });
    // What Asaas was sent: the account's data (digits only), the account as its reference, no Asaas e-mails.
    expect(await asaasCustomer(id)).toMatchObject({
      name: input.nome_completo,
      cpfCnpj: input.cpf.replace(/\D/g, ''),
      email: input.email,
      mobilePhone: '31991234567',
      externalReference: account.id,
      notificationDisabled: true,
    });
  });

  it("a customer's own account: the update rule's fields read as 404; any other field a 400 that names it", async () => {
    // A number sent for the phone is its text, at registration too.
    const input = registration({ celular: 31991234567 });
    const account = await client().collection('usuarios').create(input);
    expect(account).toMatchObject({ celular: '31991234567' });
    // A client of its own per call (the update limit counts by address).
    const update = async (body: Record<string, unknown>) => {
      const pb = client();
      await pb.collection('usuarios').authWithPassword(input.email, input.password);
      return answerInFull(pb.collection('usuarios').update(account.id, body));
    };
    const refused = { status: 404, message: "The requested resource wasn't found.", data: {} };
    for (const body of [{ cpf: nextCpf() }, { verified: true }, { admin: false, emailVisibility: true }]) {
      expect(await update(body), JSON.stringify(body)).toEqual(refused);
    }
    const forbidden = {
      code: 'validation_forbidden',
      message: 'Este dado só pode ser alterado pelo atendimento.',
    };
    const invalid = { code: 'validation_invalid_celular', message: 'Celular inválido.' };
    for (const [body, data] of [
      [{ emailVisibility: false }, { emailVisibility: forbidden }],
      [{ busca: 'x' }, { busca: forbidden }],
      [{ celular: '(31) 99876-5432', created: '2020-01-01 00:00:00.000Z' }, { created: forbidden }],
      [
        { celular: '12', id: account.id },
        { celular: invalid, id: forbidden },
      ],
      [{ celular: 3199123456 }, { celular: invalid }],
      [{ celular: true }, { celular: invalid }],
    ] as const) {
      expect(await update(body), JSON.stringify(body)).toEqual({
        status: 400,
        message: 'An error occurred while validating the submitted data.',
        data,
      });
    }
    // A number is a text field's digits, as PocketBase reads it; the server keeps the system's own key.
    expect(await update({ celular: 31998765432, tokenKey: 'x' })).toEqual({ status: 200 });
    const pb = client();
    await pb.collection('usuarios').authWithPassword(input.email, input.password);
    expect(await pb.collection('usuarios').getOne(account.id)).toMatchObject({
      celular: '31998765432',
      emailVisibility: true,
    });
    // The old password alone asks for the new one.
    expect(await update({ oldPassword: input.password })).toEqual({
      status: 400,
      message: 'Failed to update record.',
      data: {
        password: { code: 'validation_required', message: 'Cannot be blank.' },
        passwordConfirm: { code: 'validation_required', message: 'Cannot be blank.' },
      },
    });
  });

  it('a replaced Pix: pending or overdue, it is cancelled at Asaas first; one Asaas did not cancel stays live', async () => {
    const { pb, email, asaasId } = await buyer();
    const pix = (tipo_servico: 'individual' | 'familiar', flex: boolean, value: number) =>
      pb.send<{ id: string; status: string }>('/payments/asaas/pix', {
        method: 'POST',
        body: { customer: asaasId, value, tipo_servico, flex },
      });
    const charges = async () =>
      Object.fromEntries(
        (await pb.collection('cobrancas').getFullList()).map((c) => [c.asaas_id, [c.status, c.ativa]]),
      );
    // A pending Pix, replaced by a Pix for another order: cancelled at Asaas, the charge DELETED.
    const pending = await pix('individual', false, 699);
    expect(await asaasPayment(pending.id)).toMatchObject({
      description: 'Agendamento individual',
      deleted: false,
    });
    const other = await pix('familiar', true, 1198);
    expect(await asaasPayment(other.id)).toMatchObject({
      description: 'Agendamento familiar + Flex',
      billingType: 'PIX',
      deleted: false,
    });
    expect(await asaasPayment(pending.id)).toMatchObject({ deleted: true });
    // Overdue, a Pix has ended here but Asaas keeps it payable: a new Pix cancels it too.
    await asaasEvent(other.id, 'PAYMENT_OVERDUE');
    expect((await charges())[other.id]).toEqual(['OVERDUE', false]);
    const third = await pix('individual', false, 699);
    expect(await asaasPayment(other.id)).toMatchObject({ deleted: true });
    expect(await charges()).toEqual({
      [pending.id]: ['DELETED', false],
      [other.id]: ['DELETED', false],
      [third.id]: ['PENDING', true],
    });
    // Asaas does not cancel it (a 429): the Pix stays payable and live, and the card waits for it.
    // Only the cancel is refused: a call the server makes meanwhile (a webhook's check) must not take the 429.
    await asaasConfig({ rateLimitNext: 1, rateLimitOnly: `DELETE /v3/payments/${third.id}` });
    const card = (number: string) =>
      answer(
        pb.send('/payments/asaas/installment', { method: 'POST', body: cardBody(asaasId, email, number) }),
      );
    try {
      expect(await card('4111111111111111')).toEqual({
        status: 409,
        message:
          'Já existe um pagamento seu em processamento. Aguarde a confirmação antes de tentar de novo.',
        codes: { cobranca: 'cobranca_em_curso' },
      });
    } finally {
      await asaasConfig({ rateLimitNext: 0, rateLimitOnly: '' });
    }
    expect(await asaasPayment(third.id)).toMatchObject({ deleted: false });
    expect((await charges())[third.id]).toEqual(['PENDING', true]);
    // Asaas cancels it: the card goes ahead.
    expect(await card('4111111111111111')).toEqual({ status: 200 });
    expect(await asaasPayment(third.id)).toMatchObject({ deleted: true });
    expect((await charges())[third.id]).toEqual(['DELETED', false]);
  });

  it("a Pix Asaas did not take gives back no card attempt: the customer's declines still count", async () => {
    const { pb, email, asaasId } = await buyer();
    const card = () =>
      answerInFull(
        pb.send('/payments/asaas/installment', {
          method: 'POST',
          body: cardBody(asaasId, email, regras.cartoesTeste.declined[0]!),
        }),
      );
    const { tentativas } = regras.limiteCartao.cliente;
    for (let i = 1; i < tentativas; i++) expect((await card()).status).toBe(400);
    // Asaas refuses the Pix (its rate limit): not a decline, and no card attempt was counted for it.
    await asaasConfig({ rateLimitNext: 1, rateLimitOnly: 'POST /v3/payments' });
    try {
      const refused = await answerInFull(
        pb.send('/payments/asaas/pix', {
          method: 'POST',
          body: { customer: asaasId, value: 699, tipo_servico: 'individual', flex: false },
        }),
      );
      expect(refused).toMatchObject({ status: 429, data: { asaas: { code: 'asaas_ocupado' } } });
    } finally {
      await asaasConfig({ rateLimitNext: 0, rateLimitOnly: '' });
    }
    expect((await card()).status).toBe(400);
    expect(await card()).toEqual({ status: 429, message: regras.pagamento.limite, data: {} });
  });

  it('a late Pix paid after a card order: a duplicate, never a second order, refunded in full at Asaas', async () => {
    const { pb, email, asaasId } = await buyer();
    const pix = await pb.send<{ id: string }>('/payments/asaas/pix', {
      method: 'POST',
      body: { customer: asaasId, value: 699, tipo_servico: 'individual', flex: false },
    });
    await asaasEvent(pix.id, 'PAYMENT_OVERDUE');
    // Asaas does not cancel the overdue Pix (a 429): it stays payable, and the card goes ahead.
    await asaasConfig({ rateLimitNext: 1, rateLimitOnly: `DELETE /v3/payments/${pix.id}` });
    try {
      expect(
        await answer(
          pb.send('/payments/asaas/installment', {
            method: 'POST',
            body: cardBody(asaasId, email, '4111111111111111'),
          }),
        ),
      ).toEqual({ status: 200 });
    } finally {
      await asaasConfig({ rateLimitNext: 0, rateLimitOnly: '' });
    }
    // The customer pays the old Pix anyway.
    await asaasEvent(pix.id, 'PAYMENT_RECEIVED');
    expect(await pb.collection('pagamentos').getFullList()).toHaveLength(1);
    const bookings = await pb.collection('agendamentos').getFullList();
    expect(bookings).toHaveLength(1);
    const charges = await pb.collection('cobrancas').getFullList();
    expect(charges.find((c) => c.asaas_id === pix.id)).toMatchObject({ duplicada: true, ativa: false });
    await expect.poll(async () => (await asaasPayment(pix.id))?.status).toBe('REFUNDED');
    await expect
      .poll(async () => (await pb.collection('cobrancas').getFullList()).find((c) => c.asaas_id === pix.id))
      .toMatchObject({ status: 'REFUNDED', estorno: 'SOLICITADO' });
    // Staff hear of it (pedidos.js estornarDuplicada), in the kit's words.
    const alert = emailTexto.alertasDaCobranca.duplicada(pix.id, true);
    await expect
      .poll(() => backend.mailTexts(DEMO_ACCOUNTS.admin.email, alert.assunto))
      .toContain(emailTexto.textoDoEmail(alert.paragrafos));
  });

  it('the LGPD export lists each document without who reviewed it; a deletion request cannot choose its id', async () => {
    const aprovado = client();
    await aprovado
      .collection('usuarios')
      .authWithPassword(PROCESSO_DEMO_ACCOUNTS.processoAprovado.email, DEMO_PASSWORD);
    const exported = await aprovado.send<{ documentos: Record<string, unknown>[] }>(
      '/api/conta/exportar',
      {},
    );
    expect(exported.documentos.length).toBeGreaterThan(0);
    for (const documento of exported.documentos) {
      expect(Object.keys(documento).sort()).toEqual([
        'agendamento',
        'arquivos',
        'created',
        'id',
        'item',
        'motivo',
        'motivo_texto',
        'requerente',
        'status',
        'updated',
      ]);
    }
    expect(
      await answer(
        aprovado.collection('solicitacoes_exclusao').create({
          id: 'escolhidopelo01',
          usuario: PROCESSO_DEMO_ACCOUNTS.processoAprovado.id,
          motivo: 'Contrato',
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: { id: 'validation_forbidden' },
    });
  });

  it('money given back: who may withdraw or refund, and the refusals in pt-BR', async () => {
    expect(await answer(client().send('/payments/desistencia', { method: 'POST' }))).toMatchObject({
      status: 401,
    });
    const pendente = await as('pendente');
    expect(await answer(pendente.send('/payments/desistencia', { method: 'POST' }))).toEqual({
      status: 404,
      message: 'Você não tem um pedido pago para desistir.',
      codes: {},
    });
    const agendado = await as('agendado');
    const [booking] = await agendado.collection('agendamentos').getFullList();
    expect(
      await answer(
        agendado.send('/payments/estorno', {
          method: 'POST',
          body: { agendamento: booking?.id, motivo: 'Quero de volta' },
        }),
      ),
    ).toEqual({ status: 403, message: 'Apenas a equipe pode estornar um pagamento.', codes: {} });
    const admin = await as('admin');
    expect(
      await answer(admin.send('/payments/estorno', { method: 'POST', body: { agendamento: booking?.id } })),
    ).toEqual({
      status: 400,
      message: 'Informe o motivo do estorno.',
      codes: { motivo: 'validation_required' },
    });
    expect(
      await answer(
        admin.send('/payments/estorno', {
          method: 'POST',
          body: { agendamento: booking?.id, valor: 0, motivo: 'Teste' },
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'Informe um valor entre R$ 0,01 e o valor pago.',
      codes: { valor: 'validation_invalid_value' },
    });
  });

  /** A new applicant of an open case (NOVO), and the sent one of another: each saved as its owner saves it. */
  const applicantSaves = async () => {
    const vazio = await as('processoVazio');
    const [open] = await vazio.collection('agendamentos').getFullList();
    const create = (data: Record<string, unknown>) =>
      answerInFull(vazio.collection('requerentes').create({ agendamento: open?.id, ...data }));
    const enviado = await as('processoEnviado');
    const [paulo] = await enviado.collection('requerentes').getFullList();
    const update = (data: Record<string, unknown>) =>
      answerInFull(enviado.collection('requerentes').update(paulo?.id ?? '', data));
    return { vazio, open, create, enviado, paulo, update };
  };

  it("an applicant's data: a future birth date, an invalid CPF, a 10,000-character name, each a pt-BR field error", async () => {
    const future = { data_nascimento: '2099-01-01' };
    const badCpf = { cpf: '111.111.111-11' };
    const longName = { nome: 'A'.repeat(10_000) };
    const birthError = { code: 'validation_invalid_date', message: CASO.nascimentoFuturo };
    const cpfError = { code: 'validation_invalid_cpf', message: CASO.cpfInvalido };
    const nameError = { code: 'validation_max_text_constraint', message: 'Use no máximo 120 caracteres.' };
    const { vazio, create, enviado, paulo, update } = await applicantSaves();
    for (const save of [create, update]) {
      expect(await save(future)).toEqual({
        status: 400,
        message: CASO.nascimentoFuturo,
        data: { data_nascimento: birthError },
      });
      expect(await save({ data_nascimento: '1990-02-31' })).toEqual({
        status: 400,
        message: CASO.nascimentoInvalido,
        data: { data_nascimento: { code: 'validation_invalid_date', message: CASO.nascimentoInvalido } },
      });
      expect(await save(badCpf)).toEqual({ status: 400, message: CASO.cpfInvalido, data: { cpf: cpfError } });
      expect(await save(longName)).toEqual({
        status: 400,
        message: nameError.message,
        data: { nome: nameError },
      });
      // All three at once, each in the kit's words; the answer's message is the first field's.
      expect(await save({ ...future, ...badCpf, ...longName })).toEqual({
        status: 400,
        message: CASO.nascimentoFuturo,
        data: { data_nascimento: birthError, cpf: cpfError, nome: nameError },
      });
    }
    // PocketBase's own field checks, with its words and params.
    expect(await create({ sexo: 'X', estado_civil: 'noivo', altura_cm: 1.5 })).toEqual({
      status: 400,
      message: 'Failed to create record.',
      data: {
        sexo: { code: 'validation_invalid_value', message: 'Invalid value X.', params: { value: 'X' } },
        estado_civil: {
          code: 'validation_invalid_value',
          message: 'Invalid value noivo.',
          params: { value: 'noivo' },
        },
        altura_cm: { code: 'validation_only_int_constraint', message: 'Decimal numbers are not allowed.' },
      },
    });
    for (const [altura, error] of [
      [
        300,
        {
          code: 'validation_max_number_constraint',
          message: 'Must be less or equal than 250.',
          params: { max: 250 },
        },
      ],
      [
        -1,
        {
          code: 'validation_min_number_constraint',
          message: 'Must be greater or equal than 0.',
          params: { min: 0 },
        },
      ],
    ] as const)
      expect(await update({ altura_cm: altura })).toEqual({
        status: 400,
        message: 'Failed to update record.',
        data: { altura_cm: error },
      });
    expect(await vazio.collection('requerentes').getFullList()).toEqual([]);
    expect(await enviado.collection('requerentes').getOne(paulo?.id ?? '')).toMatchObject({
      nome: paulo?.nome,
      cpf: paulo?.cpf,
      data_nascimento: paulo?.data_nascimento,
    });
  });

  it("an applicant's names: a tag or a digit is a pt-BR field error on create and update; letters, apostrophes and hyphens pass", async () => {
    const invalid = { code: 'validation_invalid_nome', message: M.nomeRequerenteInvalido };
    const { vazio, open, create, enviado, paulo, update } = await applicantSaves();
    for (const save of [create, update]) {
      expect(await save({ nome: '<script>alert(1)</script>Maria' })).toEqual({
        status: 400,
        message: M.nomeRequerenteInvalido,
        data: { nome: invalid },
      });
      expect(await save({ nome: 'Maria', sobrenome: 'Bianchi 2' })).toEqual({
        status: 400,
        message: M.nomeRequerenteInvalido,
        data: { sobrenome: invalid },
      });
    }
    expect(await vazio.collection('requerentes').getFullList()).toEqual([]);
    expect(await enviado.collection('requerentes').getOne(paulo?.id ?? '')).toMatchObject({
      nome: paulo?.nome,
      sobrenome: paulo?.sobrenome,
    });
    const made = await vazio
      .collection('requerentes')
      .create({ agendamento: open?.id, nome: 'Maria José', sobrenome: "D'Ávila-Souza" });
    expect(made).toMatchObject({ nome: 'Maria José', sobrenome: "D'Ávila-Souza" });
    await vazio.collection('requerentes').delete(made.id);
  });

  it("text past the schema's limit, from a customer: every applicant field, the Prenot@mi e-mail, the deletion reason", async () => {
    const over = (name: string) => {
      const collection = schema.find((c) => c.name === name);
      return Object.fromEntries(
        (collection?.fields ?? []).flatMap((f) =>
          f.type === 'text' && !f.system && typeof f.max === 'number' && f.max > 0 ? [[f.name, f.max]] : [],
        ),
      ) as Record<string, number>;
    };
    const tooLong = (max: number) => ({
      code: 'validation_max_text_constraint',
      message: `Use no máximo ${max} caracteres.`,
    });
    // Each data field one character past its limit: the date and the CPF fail their own check first.
    const limits = Object.entries(over('requerentes')).filter(([campo]) => !campo.startsWith('prenotami_'));
    expect(limits.length).toBeGreaterThan(10);
    const body = Object.fromEntries(limits.map(([campo, max]) => [campo, 'x'.repeat(max + 1)]));
    const expected = {
      status: 400,
      message: CASO.nascimentoInvalido,
      data: Object.fromEntries(
        limits.map(([campo, max]) => [
          campo,
          campo === 'data_nascimento'
            ? { code: 'validation_invalid_date', message: CASO.nascimentoInvalido }
            : campo === 'cpf'
              ? { code: 'validation_invalid_cpf', message: CASO.cpfInvalido }
              : tooLong(max),
        ]),
      ),
    };
    const vazio = await as('processoVazio');
    const [open] = await vazio.collection('agendamentos').getFullList();
    expect(
      await answerInFull(vazio.collection('requerentes').create({ agendamento: open?.id, ...body })),
    ).toEqual(expected);
    const enviado = await as('processoEnviado');
    const [paulo] = await enviado.collection('requerentes').getFullList();
    expect(await answerInFull(enviado.collection('requerentes').update(paulo?.id ?? '', body))).toEqual(
      expected,
    );
    // A record's id is the server's (migration 1763921000_ids_do_servidor: the create rule, which the double reads).
    expect(
      await answerInFull(
        vazio.collection('requerentes').create({ agendamento: open?.id, id: 'escolhido12345c', nome: 'Ana' }),
      ),
    ).toEqual({ status: 400, message: 'Failed to create record.', data: {} });
    expect(await vazio.collection('requerentes').getFullList()).not.toContainEqual(
      expect.objectContaining({ id: 'escolhido12345c' }),
    );
    // A guest naming no booking is refused by the rule itself (migration 1763923000_criar_com_conta), as any guest.
    const guest = client();
    for (const collection of ['requerentes', 'documentos', 'retransmissoes'])
      expect(await answerInFull(guest.collection(collection).create({ nome: 'Ana' }))).toEqual({
        status: 400,
        message: 'Failed to create record.',
        data: {},
      });
    // Counted in characters, as PocketBase counts them: 120 emoji are a city of 120.
    const emoji = '\u{1F600}'.repeat(120);
    const saved = await vazio.collection('requerentes').create({ agendamento: open?.id, cidade: emoji });
    expect(saved).toMatchObject({ cidade: emoji });
    await vazio.collection('requerentes').delete(saved.id);
    // The applicant's Prenot@mi e-mail: a well-formed address past its limit.
    const ready = await as('diaPronto');
    const [chiara] = await ready.collection('requerentes').getFullList({ sort: 'created' });
    const max = over('requerentes').prenotami_email ?? 0;
    const email = `${'a'.repeat(max)}@teste.passaporte.test`;
    expect(
      await answerInFull(
        ready.collection('requerentes').update(chiara?.id ?? '', { prenotami_email: email }),
      ),
    ).toEqual({ status: 400, message: tooLong(max).message, data: { prenotami_email: tooLong(max) } });
    // The deletion request's reason.
    const motivo = over('solicitacoes_exclusao').motivo ?? 0;
    const customer = await as('cliente');
    expect(
      await answerInFull(
        customer.collection('solicitacoes_exclusao').create({
          usuario: DEMO_ACCOUNTS.cliente.id,
          motivo: 'x'.repeat(motivo + 1),
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      data: { motivo: tooLong(motivo) },
    });
    // Nor control or invisible characters (a right-to-left override shows it reversed to staff); line breaks pass.
    expect(
      await answerInFull(
        customer.collection('solicitacoes_exclusao').create({
          usuario: DEMO_ACCOUNTS.cliente.id,
          motivo: 'Não uso mais\n\u202eosu siam osu oãN',
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      data: {
        motivo: {
          code: 'validation_invisible_chars',
          message: 'Remova os caracteres invisíveis ou de controle.',
        },
      },
    });
    // The account's own fields already answer in pt-BR: the name's, the CPF's and the phone's checks.
    expect(
      await answer(
        client()
          .collection('usuarios')
          .create(
            registration({
              nome_completo: 'A'.repeat(10_000),
              cpf: '1'.repeat(10_000),
              celular: '9'.repeat(10_000),
            }),
          ),
      ),
    ).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      codes: {
        nome_completo: 'validation_invalid_nome',
        cpf: 'validation_invalid_cpf',
        celular: 'validation_invalid_celular',
      },
    });
  });

  it("the day's handling of a case: the owner's standby, staff's take, ask and release, each refusal in pt-BR", async () => {
    const admin = await as('admin');
    const ready = await as('diaPronto');
    const [mine] = await ready.collection('agendamentos').getFullList();
    const notReady = await as('processoEnviado');
    const [sent] = await notReady.collection('agendamentos').getFullList();
    const move = (pb: PocketBase, id: string, action: string, body: Record<string, unknown> = {}) =>
      answerInFull(pb.send(`/api/dia/${id}/${action}`, { method: 'POST', body }));
    const refused = (status: number, message: string) => ({ status, message, data: {} });
    expect(await move(ready, mine?.id ?? '', 'assumir')).toEqual(
      refused(403, 'Apenas a equipe pode fazer isso.'),
    );
    expect(await move(notReady, sent?.id ?? '', 'pronto')).toEqual(
      refused(409, 'Este agendamento ainda não está pronto para agendar no consulado.'),
    );
    expect(await move(admin, mine?.id ?? '', 'pedir', { tipo: 'codigo' })).toEqual(
      refused(403, 'Assuma o caso antes de pedir algo ao cliente.'),
    );
    expect(await move(admin, mine?.id ?? '', 'pedir', { tipo: 'cartao' })).toMatchObject({
      status: 400,
      data: {
        tipo: { code: 'validation_invalid_tipo', message: 'Escolha o que pedir: acesso (senha) ou código.' },
      },
    });
    const taken = await admin.send(`/api/dia/${mine?.id}/assumir`, { method: 'POST' });
    expect(taken).toMatchObject({
      responsavel: DEMO_ACCOUNTS.admin.id,
      responsavel_nome: DEMO_ACCOUNTS.admin.nome_completo,
    });
    expect(
      await admin.send(`/api/dia/${mine?.id}/pedir`, { method: 'POST', body: { tipo: 'codigo' } }),
    ).toMatchObject({ pedido: 'codigo' });
    expect(await move(admin, sent?.id ?? '', 'pedir', { tipo: 'codigo' })).toEqual(
      refused(409, 'Este agendamento ainda não está pronto para agendar no consulado.'),
    );
    expect(await ready.send(`/api/dia/${mine?.id}/pronto`, { method: 'POST' })).toMatchObject({
      pronto: true,
    });
    expect(await admin.send(`/api/dia/${mine?.id}/soltar`, { method: 'POST' })).toMatchObject({
      responsavel: '',
      responsavel_nome: '',
      pedido: '',
      pronto: true,
    });
  });

  it("another customer's applicant may hold the same Prenot@mi contact: that customer is not told, staff see it", async () => {
    const ready = await as('diaPronto');
    const other = await as('diaCodigo');
    const [chiara, enzo] = await ready.collection('requerentes').getFullList({ sort: 'created' });
    const [matteo] = await other.collection('requerentes').getFullList();
    if (!chiara || !enzo || !matteo) throw new Error('the seed gives both bookings their applicants');
    const email = `compartilhado.${Date.now()}@teste.passaporte.test`;
    await ready.collection('requerentes').update(chiara.id, { prenotami_email: email });
    // Refusing it would tell anyone that some other family uses this e-mail (lib/dia.js deOutro).
    expect(await other.collection('requerentes').update(matteo.id, { prenotami_email: email })).toMatchObject(
      {
        prenotami_email: email,
      },
    );
    // The customer's own other applicant is still refused.
    expect(
      await answerInFull(ready.collection('requerentes').update(enzo.id, { prenotami_email: email })),
    ).toMatchObject({ status: 400, data: { prenotami_email: { code: 'validation_other_applicant' } } });
    // Staff find the other booking's applicant, as the opening-day panel asks.
    const admin = await as('admin');
    const shared = await admin.collection('requerentes').getFullList({
      filter: admin.filter("agendamento != {:a} && (prenotami_email != '' && prenotami_email = {:e})", {
        a: chiara.agendamento,
        e: email,
      }),
    });
    expect(shared.map((r) => r.id)).toEqual([matteo.id]);
  });

  it("the applicant's Prenot@mi contacts: locked once the case is booked; a phone with '+' or '.' refused", async () => {
    const invalidPhone = {
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      data: { prenotami_celular: { code: 'validation_invalid_celular', message: 'Celular inválido.' } },
    };
    const locked = { status: 400, message: CASO.travado, data: {} };
    // AGENDADO: the customer no longer changes the account (processo_regras.json contaDoPortalTravadaEm).
    const booked = await as('diaAgendado');
    const [sofia] = await booked.collection('requerentes').getFullList();
    const contacts = (data: Record<string, unknown>) =>
      answerInFull(booked.collection('requerentes').update(sofia?.id ?? '', data));
    // A bad phone too hears of the lock first: fixing it would not help (the kit checks the contacts after the
    // lock, in one hook, since PocketBase runs hooks of different *.pb.js files in no fixed order).
    for (const change of [
      { prenotami_email: 'sofia.greco.nova@teste.passaporte.test' },
      { prenotami_celular: '(11) 98888-7766' },
      { prenotami_celular: '+11988887766' },
    ])
      expect(await contacts(change)).toEqual(locked);
    // ANALISE_OK: the account is still the customer's, but only with a mobile written as the form writes it.
    const ready = await as('diaPronto');
    const [chiara] = await ready.collection('requerentes').getFullList({ sort: 'created' });
    for (const phone of ['+11988887766', '(11) 98888.7766', '11.98888.7766'])
      expect(
        await answerInFull(
          ready.collection('requerentes').update(chiara?.id ?? '', { prenotami_celular: phone }),
        ),
      ).toEqual(invalidPhone);
    // Nothing stored (the double's seeded applicants carry no prenotami_* keys: read as '').
    const stored = async (pb: PocketBase, id = '') => {
      const r = await pb.collection('requerentes').getOne(id);
      return [r.prenotami_email ?? '', r.prenotami_celular ?? ''];
    };
    expect(await stored(booked, sofia?.id)).toEqual([
      sofia?.prenotami_email ?? '',
      sofia?.prenotami_celular ?? '',
    ]);
    expect(await stored(ready, chiara?.id)).toEqual([
      chiara?.prenotami_email ?? '',
      chiara?.prenotami_celular ?? '',
    ]);
  });

  it("staff's review: only Aprovar or Recusar, a refusal with a reason of the list, a note of 500 characters", async () => {
    const enviado = await as('processoEnviado');
    const [document] = await enviado.collection('documentos').getFullList({ sort: 'item' });
    const admin = await as('admin');
    const review = (data: Record<string, unknown>) =>
      answerInFull(admin.collection('documentos').update(document?.id ?? '', data));
    expect(document?.status).toBe('em_analise');
    expect(await review({ status: 'pendente' })).toEqual({
      status: 400,
      message: CASO.revisaoInvalida,
      data: { status: { code: 'validation_invalid_status', message: CASO.revisaoInvalida } },
    });
    expect(await review({ status: 'recusado' })).toEqual({
      status: 400,
      message: CASO.motivoObrigatorio,
      data: { motivo: { code: 'validation_required', message: CASO.motivoObrigatorio } },
    });
    expect(await review({ status: 'recusado', motivo: 'feio' })).toEqual({
      status: 400,
      message: 'Failed to update record.',
      data: {
        motivo: {
          code: 'validation_invalid_value',
          message: 'Invalid value feio.',
          params: { value: 'feio' },
        },
      },
    });
    expect(await review({ status: 'recusado', motivo: 'ilegivel', motivo_texto: 'x'.repeat(501) })).toEqual({
      status: 400,
      message: 'Failed to update record.',
      data: {
        motivo_texto: {
          code: 'validation_max_text_constraint',
          message: 'Must be no more than 500 character(s).',
          params: { max: 500 },
        },
      },
    });
    expect((await admin.collection('documentos').getOne(document?.id ?? '')).status).toBe('em_analise');
  });
});
