// The JSVM stand-in's record creation through the API (src/mocks/jsvm/create-request.ts) and its `$os.getenv`
// (jsvm/env.ts), as PocketBase runs a create: the create rule first, then the kit's onRecordCreateRequest hooks,
// whose last e.next() saves; answered as its reader may read it.
import { diaStore } from '@/mocks/dia-store';
import { DEMO_GUARANTEE } from '../../demo-seed/dia';
import { DIA_SEED } from '../../demo-seed/processo-seed';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { failure, signedIn } from '../helpers/pb-client';

const agendamento = DIA_SEED.pronto.booking;
const attempts = () => diaStore().tentativas_agendamento.filter((t) => t.agendamento === agendamento);

describe('a record created through the JSVM stand-in', () => {
  it("asks the create rule before the kit's create hook; a refusal stores nothing", async () => {
    const owner = await signedIn('diaPronto');
    const before = attempts().length;
    // lib/dia.js registrarTentativa would refuse 'outro' without a note: PocketBase's rule (staff only) answers first.
    const outro = await failure(() =>
      owner.collection('tentativas_agendamento').create({ agendamento, resultado: 'outro' }),
    );
    expect(outro.response).toMatchObject({ status: 400, message: 'Failed to create record.', data: {} });
    const staff = await signedIn('admin');
    const nota = await failure(() =>
      staff.collection('tentativas_agendamento').create({ agendamento, resultado: 'outro' }),
    );
    expect(nota.response.data.nota?.message).toBe('Descreva o que aconteceu.');
    const refused = await failure(() =>
      owner.collection('tentativas_agendamento').create({ agendamento, resultado: 'sem_vagas' }),
    );
    expect(refused.response).toMatchObject({ status: 400, message: 'Failed to create record.' });
    expect(attempts()).toHaveLength(before);
  });

  it("stores what the kit's hook wrote (its author, the guarantee's mark) and shows staff the author", async () => {
    expect(
      (globalThis as unknown as { $os: { getenv: (n: string) => string } }).$os.getenv('GARANTIA_ATIVA'),
    ).toBe(String(DEMO_GUARANTEE.ativa));
    const staff = await signedIn('admin');
    const made = await staff
      .collection('tentativas_agendamento')
      .create({ agendamento, resultado: 'sem_vagas', nota: 'Portal fora do ar.' });
    expect(made).toMatchObject({ autor_nome: DEMO_ACCOUNTS.admin.nome_completo, garantia: 'conta' });
    expect(attempts().at(-1)).toMatchObject({
      id: made.id,
      autor: DEMO_ACCOUNTS.admin.id,
      garantia: 'conta',
    });
  });
});
