// The contract suite, what a list request may ask: no filter or sort through a back-relation, for customers and
// staff alike (pocketbase/pb_hooks/lib/consulta_comum.js). A black-box check found that a customer's
// `consulados?filter=compromissos_via_consulado.id = ''` listed the consulates where nobody had an appointment:
// the joined rows' values stayed hidden, their existence did not.
import { describe, expect, it } from 'vitest';
import consultaComum from '../../pocketbase/pb_hooks/lib/consulta_comum.js';
import { resetDb } from '@/mocks/db';
import { answerInFull, BACKENDS, signedIn } from './contract-backends';

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

  it('a list by its own fields answers as before', async () => {
    expect(await list('cliente', 'consulados', { sort: 'nome', filter: "codigo != ''" })).toEqual({
      status: 200,
    });
  });
});
