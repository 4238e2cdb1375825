// The contract suite, what a list request may ask: no filter or sort through a back-relation, for customers and
// staff alike (pocketbase/pb_hooks/lib/consulta_comum.js). A black-box check found that a customer's
// `consulados?filter=compromissos_via_consulado.id = ''` listed the consulates where nobody had an appointment:
// the joined rows' values stayed hidden, their existence did not.
import { describe, expect, it } from 'vitest';
import consultaComum from '../../pocketbase/pb_hooks/lib/consulta_comum.js';
import { resetDb } from '@/mocks/db';
import { subscribeRealtime } from '../../scripts/backend/realtime-client.mjs';
import { answerInFull, BACKENDS, signedIn } from './contract-backends';
import { newCustomer, PB_URL } from './helpers';

describe.each(BACKENDS)('$name', (backend) => {
  resetDb();
  const list = async (
    account: 'cliente' | 'admin',
    collection: string,
    query: Record<string, string>,
  ): Promise<unknown> =>
    answerInFull((await signedIn(backend, account)).collection(collection).getList(1, 50, query));

  it.each([
    ['consulados', { filter: "compromissos_via_consulado.id = ''" }],
    ['consulados', { filter: 'atendimentos_via_consulado.pronto = true' }],
    ['consulados', { sort: '-compromissos_via_consulado.data' }],
    ['consulados', { sort: 'atendimentos_via_consulado.pronto' }],
    ['agendamentos', { filter: "requerentes_via_agendamento.nome != ''" }],
  ])(
    'a customer’s list of %s through a back-relation (%o) is refused in pt-BR',
    async (collection, query) => {
      expect(await list('cliente', collection, query)).toMatchObject({
        status: 400,
        message: consultaComum.RECUSA_VIA,
      });
    },
  );

  it('staff’s too: the app never filters through one (it expands them)', async () => {
    expect(await list('admin', 'consulados', { filter: "compromissos_via_consulado.id = ''" })).toMatchObject(
      { status: 400, message: consultaComum.RECUSA_VIA },
    );
  });

  it('a text that only mentions a back-relation is a text: the list answers', async () => {
    expect(await list('admin', 'agendamentos', { filter: 'busca ~ "joao_via_x"' })).toEqual({ status: 200 });
  });

  it('a list by its own fields answers as before', async () => {
    expect(await list('cliente', 'consulados', { sort: 'nome', filter: "codigo != ''" })).toEqual({
      status: 200,
    });
  });
});

// Realtime is the real server's alone (the demo polls): a subscription's filter runs for every change PocketBase
// could send, so it would answer the same question; it is refused the same way.
describe('PocketBase with the kit: realtime subscriptions', () => {
  /** A customer's subscription to consulados with these query options: PocketBase's answer's status. */
  const subscribe = async (query: { filter?: string; sort?: string }) => {
    const customer = await newCustomer();
    const topic = `consulados/*?options=${encodeURIComponent(JSON.stringify({ query }))}`;
    const stream = await subscribeRealtime(PB_URL, customer.pb.authStore.token, topic, () => undefined);
    stream.close();
    return stream.status;
  };

  it.each([{ filter: "compromissos_via_consulado.id = ''" }, { sort: '-atendimentos_via_consulado.pronto' }])(
    'a customer’s subscription through a back-relation (%o) is refused',
    async (query) => {
      expect(await subscribe(query)).toBe(400);
    },
  );

  it('a subscription by the collection’s own fields, and a text that only mentions one, still subscribe', async () => {
    expect(await subscribe({ filter: "codigo = 'sao_paulo'" })).toBe(204);
    expect(await subscribe({ filter: 'nome ~ "x_via_y"' })).toBe(204);
  });
});
