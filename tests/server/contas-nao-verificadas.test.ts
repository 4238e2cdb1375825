// The accounts never confirmed (pocketbase/pb_hooks/lib/contas.js excluirNaoVerificadas, the cron
// `contas_nao_verificadas`): a customer account whose e-mail was not confirmed within regras.json
// contaNaoVerificadaDias is deleted with its data, so its CPF and e-mail may register again; a younger one, a confirmed
// one and a staff one are kept, and one something still holds is kept without stopping the job. On a server of the
// test's own: the ages are written into its data.db, past the API (`created` is an autodate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import messages from '../../pocketbase/pb_hooks/lib/mensagens.json';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { client, createdDaysAgo, failure, nextIp, ownServer, registration, PASSWORD } from './helpers';

const DIAS = regras.contaNaoVerificadaDias;

let server: Awaited<ReturnType<typeof ownServer>>;

beforeAll(async () => {
  server = await ownServer({});
});

afterAll(async () => {
  await server?.stop();
});

describe('an account whose e-mail was never confirmed', () => {
  it(`is deleted ${DIAS} days after registering, and its CPF and e-mail register again`, async () => {
    expect(DIAS).toBe(7);
    const { admin, dataDir, url } = server;
    const visitor = () => client(nextIp(), url);

    // Registered as anyone registers, with another person's CPF, and never confirmed; it even asked for deletion.
    const squatted = registration();
    const old = await visitor().collection('usuarios').create(squatted);
    const owner = visitor();
    await owner.collection('usuarios').authWithPassword(squatted.email, PASSWORD);
    await owner.collection('solicitacoes_exclusao').create({ usuario: old.id });
    const young = await visitor().collection('usuarios').create(registration());
    const confirmed = server.customer.id;
    const staff = await admin.collection('usuarios').create({ ...registration(), admin: true });
    // Held by the proxy's books (a relation without cascade): the delete fails, the job goes on.
    const held = await admin.collection('usuarios').create(registration());
    await admin.collection('asaas_clientes').create({ usuario: held.id, asaas_id: 'cus_000000000001' });

    createdDaysAgo(dataDir, 'usuarios', [held.id, staff.id, confirmed], DIAS + 2);
    createdDaysAgo(dataDir, 'usuarios', [old.id], DIAS + 1);
    createdDaysAgo(dataDir, 'usuarios', [young.id], DIAS - 1);

    // Until then the CPF is taken: the real person cannot register.
    const taken = await failure(
      visitor()
        .collection('usuarios')
        .create(registration({ cpf: squatted.cpf })),
    );
    expect(taken.response.data).toEqual({
      cpf: { code: 'validation_cpf_taken', message: messages.cpfCadastrado },
    });

    await admin.crons.run('contas_nao_verificadas');
    const remaining = async () =>
      (await admin.collection('usuarios').getFullList({ fields: 'id' })).map((u) => u.id);
    await expect.poll(remaining).not.toContain(old.id);
    expect(
      await admin.collection('solicitacoes_exclusao').getFullList({ filter: `usuario = "${old.id}"` }),
    ).toEqual([]);

    const again = await visitor()
      .collection('usuarios')
      .create(registration({ cpf: squatted.cpf, email: squatted.email }));
    expect(again.id).not.toBe(old.id);
    expect(await remaining()).toEqual(
      expect.arrayContaining([young.id, confirmed, staff.id, held.id, again.id]),
    );
  });
});
