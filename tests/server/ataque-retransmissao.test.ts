// What the customer relayed to the staff member holding the case is theirs alone: once they let the case go
// ("Soltar"), whoever takes it next must ask again. Before, a live code or password typed for the first holder
// was read by the next one (the rules ask who holds the case now), up to the end of its 10 minutes.
import { beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import { failure, newCustomer, paidCustomer, superuser, type Customer } from './helpers';

let owner: Customer;
let first: Customer;
let next: Customer;
let bookingId: string;
let handling: RecordModel;
let applicant: RecordModel;

beforeAll(async () => {
  owner = (await paidCustomer()).customer;
  first = await newCustomer({ admin: true });
  next = await newCustomer({ admin: true });
  bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  applicant = await owner.pb
    .collection('requerentes')
    .create({ agendamento: bookingId, ...DADOS_CURITIBA, nome: 'Ana', sobrenome: 'Rossi' });
  await (await superuser())
    .collection('agendamentos')
    .update(bookingId, { status_agendamento: 'ANALISE_OK' });
  handling = await owner.pb.send<RecordModel>(`/api/dia/${bookingId}/pronto`, { method: 'POST' });
});

it('a relayed password is not read by the next holder after the first one lets the case go', async () => {
  await first.pb.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
  await first.pb.send(`/api/dia/${bookingId}/pedir`, { method: 'POST', body: { tipo: 'senha' } });
  const secret = `Prenotami-${Date.now().toString(36)}-Segredo`;
  const relay = await owner.pb
    .collection('retransmissoes')
    .create({ agendamento: bookingId, atendimento: handling.id, tipo: 'senha', valor: 'P' });
  await owner.pb.collection('retransmissoes').update(relay.id, { valor: secret, enviar: true });
  // The server's own lifetime is 3 s on this tier: set far ahead, so only the handover can end it here.
  await (await superuser())
    .collection('retransmissoes')
    .update(relay.id, { expira_em: new Date(Date.now() + 3_600_000).toISOString().replace('T', ' ') });
  expect((await first.pb.collection('retransmissoes').getOne(relay.id)).valor).toBe(secret);

  await first.pb.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
  await next.pb.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
  expect(await next.pb.collection('retransmissoes').getFullList()).toEqual([]);
  expect((await failure(next.pb.collection('retransmissoes').getOne(relay.id))).status).toBe(404);
  expect(
    await (await superuser()).collection('retransmissoes').getFullList({ filter: `id = "${relay.id}"` }),
  ).toEqual([]);
  // Nor does the customer keep writing into it.
  expect((await failure(owner.pb.collection('retransmissoes').update(relay.id, { valor: 'x' }))).status).toBe(
    404,
  );
  await next.pb.send(`/api/dia/${bookingId}/soltar`, { method: 'POST' });
});

it("the consulate's cancellation, which leaves the case held by nobody, deletes what was relayed too", async () => {
  const su = await superuser();
  await first.pb.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
  await first.pb.send(`/api/dia/${bookingId}/pedir`, { method: 'POST', body: { tipo: 'codigo' } });
  const relay = await owner.pb
    .collection('retransmissoes')
    .create({ agendamento: bookingId, atendimento: handling.id, tipo: 'codigo', valor: '123456' });
  await su
    .collection('retransmissoes')
    .update(relay.id, { expira_em: new Date(Date.now() + 3_600_000).toISOString().replace('T', ' ') });
  // Booked (every applicant has an appointment: AGENDADO), then the consulate cancels it.
  await first.pb
    .collection('compromissos')
    .create({ agendamento: bookingId, requerentes: [applicant.id], data: '2031-06-10', hora: '09:00' });
  expect((await su.collection('agendamentos').getOne(bookingId)).status_agendamento).toBe('AGENDADO');
  await next.pb.send(`/api/agendamentos/${bookingId}/cancelamento-consulado`, {
    method: 'POST',
    body: { motivo: 'Consulado cancelou' },
  });
  await next.pb.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
  expect(await next.pb.collection('retransmissoes').getFullList()).toEqual([]);
  expect(await su.collection('retransmissoes').getFullList({ filter: `id = "${relay.id}"` })).toEqual([]);
});
