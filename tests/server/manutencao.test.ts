// POST /api/manutencao/recalcular (pocketbase/pb_hooks/lib/manutencao.js): superusers have the kit write its kept
// copies again from their sources; the demo seed (scripts/backend/seed.mjs) relies on it after inserting rows
// past the hooks. Nobody else may run it.
import { describe, expect, it } from 'vitest';
import processoComum from '../../pocketbase/pb_hooks/lib/processo_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';
import { client, failure, newCustomer, superuser } from './helpers';

const ROUTE = '/api/manutencao/recalcular';

describe('the kept copies written again (POST /api/manutencao/recalcular)', () => {
  it('is refused to a customer, to staff and without a session', async () => {
    const customer = await newCustomer();
    expect((await failure(customer.pb.send(ROUTE, { method: 'POST' }))).status).toBe(403);
    const staff = client();
    await staff.collection('usuarios').authWithPassword(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    expect((await failure(staff.send(ROUTE, { method: 'POST' }))).status).toBe(403);
    expect((await failure(client().send(ROUTE, { method: 'POST' }))).status).toBe(401);
  });

  it("writes every booking's search copy and case summary from their sources, as the hooks keep them", async () => {
    const root = await superuser();
    const answer = await root.send<{ usuarios: number; agendamentos: number }>(ROUTE, { method: 'POST' });
    expect(answer.agendamentos).toBeGreaterThan(100);
    const bookings = await root.collection('agendamentos').getFullList<{
      id: string;
      usuario: string;
      busca: string;
      consulado: string;
      documentacao: string;
    }>({ filter: "usuario = 'democliente0001' || usuario = 'demoagendado001'" });
    expect(bookings.length).toBeGreaterThan(0);
    for (const b of bookings) {
      const owner = await root.collection('usuarios').getOne<{ busca: string }>(b.usuario);
      expect(b.busca).toBe(owner.busca);
      const requerentes = await root
        .collection('requerentes')
        .getFullList<{ uf: string }>({ filter: `agendamento = '${b.id}'` });
      const documentos = await root
        .collection('documentos')
        .getFullList<{ status: string }>({ filter: `agendamento = '${b.id}'` });
      expect({ consulado: b.consulado, documentacao: b.documentacao }).toEqual(
        processoComum.resumoDaLista(requerentes, documentos, regras),
      );
    }
  });
});
