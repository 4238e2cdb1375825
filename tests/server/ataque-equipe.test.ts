// Who on staff handled a case is staff's to know: the customer's export says 'Equipe' for what staff did, and
// the customer's pages never name them. The API told the owner the holder's account id and full name on the
// day's handling (`atendimentos.responsavel`, `responsavel_nome`) and on each attempt (`tentativas_agendamento.autor`,
// `autor_nome`), and a filter on those fields spelled a name out letter by letter. They are hidden fields now,
// shown to staff alone (dia.pb.js onRecordEnrich).
import { beforeAll, expect, it } from 'vitest';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import { subscribeRealtime } from '../../scripts/backend/realtime-client.mjs';
import { PB_URL, failure, newCustomer, paidCustomer, superuser, type Customer } from './helpers';

let owner: Customer;
let staff: Customer;
let booking: string;
const NOME = 'Paula Equipe Reservada';

beforeAll(async () => {
  owner = (await paidCustomer()).customer;
  staff = await newCustomer({ admin: true, nome_completo: NOME });
  booking = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  await owner.pb
    .collection('requerentes')
    .create({ agendamento: booking, ...DADOS_CURITIBA, nome: 'Ana', sobrenome: 'Rossi' });
  await (await superuser()).collection('agendamentos').update(booking, { status_agendamento: 'ANALISE_OK' });
  await owner.pb.send(`/api/dia/${booking}/pronto`, { method: 'POST' });
  await staff.pb.send(`/api/dia/${booking}/assumir`, { method: 'POST' });
  await staff.pb
    .collection('tentativas_agendamento')
    .create({ agendamento: booking, resultado: 'sem_vagas' });
});

it("the owner reads the case's handling and attempts without the staff member's account or name", async () => {
  const [handling] = await owner.pb.collection('atendimentos').getFullList();
  const [attempt] = await owner.pb.collection('tentativas_agendamento').getFullList();
  expect(handling).toMatchObject({ agendamento: booking, pronto: true });
  expect(attempt).toMatchObject({ agendamento: booking, resultado: 'sem_vagas' });
  expect(Object.keys(handling ?? {})).not.toContain('responsavel');
  expect(Object.keys(handling ?? {})).not.toContain('responsavel_nome');
  expect(Object.keys(attempt ?? {})).not.toContain('autor');
  expect(Object.keys(attempt ?? {})).not.toContain('autor_nome');
  expect(JSON.stringify([handling, attempt])).not.toContain(staff.id);
  expect(JSON.stringify([handling, attempt])).not.toContain('Paula');
  // Nor by a filter or a sort on them.
  for (const [collection, filter] of [
    ['atendimentos', 'responsavel_nome ~ "Paula"'],
    ['atendimentos', `responsavel = "${staff.id}"`],
    ['tentativas_agendamento', 'autor_nome ~ "Paula"'],
  ] as const) {
    expect((await failure(owner.pb.collection(collection).getFullList({ filter }))).status).toBe(400);
  }
  expect(
    (await failure(owner.pb.collection('tentativas_agendamento').getFullList({ sort: 'autor_nome' }))).status,
  ).toBe(400);
});

it("nor through an expand, the owner's stream or the owner's own move ('Estou pronto')", async () => {
  const [own] = await owner.pb
    .collection('agendamentos')
    .getFullList({ expand: 'atendimentos_via_agendamento,tentativas_agendamento_via_agendamento' });
  expect(own?.expand?.atendimentos_via_agendamento).toMatchObject({ agendamento: booking });
  expect(JSON.stringify(own?.expand)).not.toContain(staff.id);
  expect(JSON.stringify(own?.expand)).not.toContain('Paula');
  const heard: unknown[] = [];
  const stream = await subscribeRealtime(
    PB_URL,
    owner.pb.authStore.token,
    'atendimentos/*',
    (event: unknown) => heard.push(event),
  );
  try {
    const moved = await owner.pb.send(`/api/dia/${booking}/pronto`, { method: 'POST' });
    expect(moved).toMatchObject({ agendamento: booking, pronto: true });
    expect(moved).not.toHaveProperty('responsavel');
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(JSON.stringify(heard)).not.toContain(staff.id);
    expect(JSON.stringify(heard)).not.toContain('Paula');
  } finally {
    stream.close();
  }
});

it('staff still read who holds the case and who tried', async () => {
  const handling = await staff.pb.collection('atendimentos').getFirstListItem(`agendamento = "${booking}"`);
  const attempt = await staff.pb
    .collection('tentativas_agendamento')
    .getFirstListItem(`agendamento = "${booking}"`);
  expect(handling).toMatchObject({ responsavel: staff.id, responsavel_nome: NOME });
  expect(attempt).toMatchObject({ autor: staff.id, autor_nome: NOME });
});
