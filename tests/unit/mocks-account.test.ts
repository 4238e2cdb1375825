import type PocketBase from 'pocketbase';
import { getDb } from '@/mocks/db';
import { DEMO_ACCOUNTS, DEMO_AGENDADO_BOOKING, DEMO_PASSWORD } from '../../demo-seed/seed';
import type { DeletionRequestRecord, UserRecord } from '@/lib/types';
import { client, failure, signedIn } from '../helpers/pb-client';

// The demo's side of 'Minha conta', answering as backend-contract.md and the API contract say.
// tests/setup-dom.ts starts the msw server and calls resetDb() after each test.

const { cliente, agendado, admin } = DEMO_ACCOUNTS;

describe("usuarios: reading and editing one's own account", () => {
  it('getOne answers the record as stored, without the password', async () => {
    const pb = await signedIn('cliente');
    const record = await pb.collection('usuarios').getOne<UserRecord>(cliente.id);
    expect(record).toMatchObject({
      id: cliente.id,
      email: cliente.email,
      nome_completo: cliente.nome_completo,
      cpf: cliente.cpf,
      celular: cliente.celular,
      verified: true,
      admin: false,
      collectionName: 'usuarios',
      emailVisibility: expect.any(Boolean),
    });
    expect(record.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(record).not.toHaveProperty('password');
  });

  it('updates the phone and answers the record', async () => {
    const pb = await signedIn('cliente');
    const record = await pb
      .collection('usuarios')
      .update<UserRecord>(cliente.id, { celular: '(21) 99876-5432' });
    expect(record.celular).toBe('21998765432');
    expect(getDb().usuarios.find((u) => u.id === cliente.id)?.celular).toBe('21998765432');
  });

  it('refuses an invalid or empty phone with a field error', async () => {
    const pb = await signedIn('cliente');
    const invalid = await failure(() =>
      pb.collection('usuarios').update(cliente.id, { celular: '(21) 9987-543' }),
    );
    expect(invalid.status).toBe(400);
    // As pocketbase/pb_hooks/lib/contas.js answers.
    expect(invalid.response).toEqual({
      status: 400,
      message: 'An error occurred while validating the submitted data.',
      data: { celular: { code: 'validation_invalid_celular', message: 'Celular inválido.' } },
    });
    const empty = await failure(() => pb.collection('usuarios').update(cliente.id, { celular: ' ' }));
    expect(empty.response.data).toEqual({
      celular: { code: 'validation_invalid_celular', message: 'Celular inválido.' },
    });
  });

  it("refuses the update rule's fields (404) and any other field (400, the hook), and changes nothing", async () => {
    const pb = await signedIn('cliente');
    for (const [body, status] of [
      [{ cpf: '111.444.777-35' }, 404],
      [{ email: 'outro@demo.com.br' }, 404],
      [{ nome_completo: 'Outra Pessoa da Silva' }, 404],
      [{ admin: true }, 404],
      [{ verified: false }, 404],
      [{ celular: '(21) 99876-5432', emailVisibility: true }, 400],
    ] as const) {
      const error = await failure(() => pb.collection('usuarios').update(cliente.id, body));
      expect(error.status).toBe(status);
    }
    expect(getDb().usuarios.find((u) => u.id === cliente.id)).toMatchObject({
      celular: cliente.celular,
      cpf: cliente.cpf,
      admin: false,
      emailVisibility: true,
    });
  });

  it("another user's account reads and updates as 404, for staff too", async () => {
    const pb = await signedIn('cliente');
    expect((await failure(() => pb.collection('usuarios').getOne(agendado.id))).status).toBe(404);
    expect(
      (await failure(() => pb.collection('usuarios').update(agendado.id, { celular: '(11) 91234-5678' })))
        .status,
    ).toBe(404);
    const staff = await signedIn('admin');
    expect(
      (await failure(() => staff.collection('usuarios').update(cliente.id, { celular: '(11) 91234-5678' })))
        .status,
    ).toBe(404);
    expect(
      (
        await failure(() =>
          client().collection('usuarios').update(cliente.id, { celular: '(11) 91234-5678' }),
        )
      ).status,
    ).toBe(404);
  });

  it('changes the password only with the old one', async () => {
    const pb = await signedIn('cliente');
    const wrong = await failure(() =>
      pb
        .collection('usuarios')
        .update(cliente.id, { password: 'NovaSenha1', passwordConfirm: 'NovaSenha1', oldPassword: 'x' }),
    );
    expect(wrong.response.data.oldPassword.code).toBe('validation_invalid_old_password');
    await pb.collection('usuarios').update(cliente.id, {
      password: 'NovaSenha1',
      passwordConfirm: 'NovaSenha1',
      oldPassword: DEMO_PASSWORD,
    });
    await expect(
      client().collection('usuarios').authWithPassword(cliente.email, 'NovaSenha1'),
    ).resolves.toBeDefined();
  });
});

describe('GET /api/conta/exportar', () => {
  it("includes the case file: the applicants' data and the list of documents, only the customer's", async () => {
    const pb = await signedIn('processoRecusado');
    const data = await pb.send<{
      requerentes: { nome: string }[];
      documentos: { item: string; status: string }[];
    }>('/api/conta/exportar', {});
    expect(data.requerentes.map((r) => r.nome)).toEqual(['Renata', 'Bianca']);
    expect(data.documentos).toHaveLength(8);
    expect(data.documentos.filter((d) => d.status === 'recusado').map((d) => d.item)).toEqual(['foto']);
  });

  it('answers 401 without a session', async () => {
    const error = await failure(() => client().send('/api/conta/exportar', {}));
    expect(error.status).toBe(401);
    expect(error.response).toEqual({
      status: 401,
      message: 'The request requires valid record authorization token.',
      data: {},
    });
  });

  it("staff get their own data, not the customers'", async () => {
    const data = await (
      await signedIn('admin')
    ).send<{ pagamentos: unknown[]; agendamentos: unknown[] }>('/api/conta/exportar', {});
    expect(data.pagamentos).toEqual([]);
    expect(data.agendamentos).toEqual([]);
  });
});

describe('solicitacoes_exclusao', () => {
  const mine = (pb: PocketBase, id: string) =>
    pb.collection('solicitacoes_exclusao').getFullList<DeletionRequestRecord>({
      filter: pb.filter('usuario = {:id}', { id }),
    });

  it('records a request as PENDENTE without a booking in progress, whatever the body says', async () => {
    const pb = await signedIn('cliente');
    const record = await pb.collection('solicitacoes_exclusao').create<DeletionRequestRecord>({
      usuario: cliente.id,
      motivo: 'Não preciso mais.',
      status: 'CONCLUIDA',
    });
    expect(record).toMatchObject({ usuario: cliente.id, status: 'PENDENTE', motivo: 'Não preciso mais.' });
    expect(await mine(pb, cliente.id)).toEqual([record]);
  });

  it('is AGUARDANDO_ATENDIMENTO while a booking is in progress, PENDENTE once every booking is FINALIZADO', async () => {
    const pb = await signedIn('agendado');
    const waiting = await pb
      .collection('solicitacoes_exclusao')
      .create<DeletionRequestRecord>({ usuario: agendado.id });
    expect(waiting).toMatchObject({ status: 'AGUARDANDO_ATENDIMENTO', motivo: '' });

    getDb().solicitacoes_exclusao = [];
    const booking = getDb().agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id);
    if (booking) booking.status_agendamento = 'FINALIZADO';
    const pending = await pb
      .collection('solicitacoes_exclusao')
      .create<DeletionRequestRecord>({ usuario: agendado.id });
    expect(pending.status).toBe('PENDENTE');
  });

  it('refuses a second request of the same user as not unique', async () => {
    const pb = await signedIn('cliente');
    await pb.collection('solicitacoes_exclusao').create({ usuario: cliente.id });
    const error = await failure(() => pb.collection('solicitacoes_exclusao').create({ usuario: cliente.id }));
    expect(error.status).toBe(400);
    expect(error.response.data).toEqual({
      usuario: { code: 'validation_not_unique', message: 'Value must be unique.' },
    });
  });

  it('refuses a request for someone else, from a guest, or with a reason over 1000 characters', async () => {
    const pb = await signedIn('cliente');
    expect(
      (await failure(() => pb.collection('solicitacoes_exclusao').create({ usuario: agendado.id }))).status,
    ).toBe(400);
    expect(
      (await failure(() => client().collection('solicitacoes_exclusao').create({ usuario: cliente.id })))
        .status,
    ).toBe(400);
    const long = await failure(() =>
      pb.collection('solicitacoes_exclusao').create({ usuario: cliente.id, motivo: 'x'.repeat(1001) }),
    );
    expect(long.response.data.motivo.code).toBe('validation_max_text_constraint');
    expect(getDb().solicitacoes_exclusao).toEqual([]);
  });

  it('a customer reads only their own requests; staff read all; nobody updates or deletes them', async () => {
    const customer = await signedIn('cliente');
    const other = await signedIn('agendado');
    const record = await customer
      .collection('solicitacoes_exclusao')
      .create<DeletionRequestRecord>({ usuario: cliente.id });
    expect(await other.collection('solicitacoes_exclusao').getFullList()).toEqual([]);
    expect((await failure(() => other.collection('solicitacoes_exclusao').getOne(record.id))).status).toBe(
      404,
    );
    expect(await client().collection('solicitacoes_exclusao').getFullList()).toEqual([]);
    const staff = await signedIn('admin');
    expect(await staff.collection('solicitacoes_exclusao').getFullList()).toEqual([record]);
    expect(
      (
        await failure(() =>
          customer.collection('solicitacoes_exclusao').update(record.id, { status: 'CONCLUIDA' }),
        )
      ).status,
    ).toBe(403);
    expect((await failure(() => staff.collection('solicitacoes_exclusao').delete(record.id))).status).toBe(
      403,
    );
    expect(admin.admin).toBe(true);
  });
});
