// A signed-in customer editing request bodies by hand (sec-audit): what held when it was probed, kept so it keeps
// holding. PocketBase's field modifiers (`campo+`, `+campo`, `campo-`) and a multipart `@jsonPayload` reach the
// rules' `@request.body.campo:isset` guards as the field itself, so none moves an applicant or a document to
// another family's booking, reviews a document or promotes an account; and another customer's realtime stream
// hears nothing of a case's booking day (handling, attempts, appointments, reminders, history).
import { beforeAll, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { subscribeRealtime } from '../../scripts/backend/realtime-client.mjs';
import { DADOS_CURITIBA, PDF_BYTES } from '../../scripts/fixtures/processo-fixture.mjs';
import { PB_URL, newCustomer, paidCustomer, superuser, type Customer } from './helpers';

let owner: Customer;
let other: Customer;
let staff: Customer;
let booking: string;
let otherBooking: string;
let applicant: RecordModel;
let otherApplicant: RecordModel;
let document: RecordModel;

const pdf = (name: string) => new File([PDF_BYTES], name, { type: 'application/pdf' });

/** A PATCH as the browser's console sends it; the status PocketBase answers. */
const patch = (who: Customer, path: string, body: BodyInit, json = true) =>
  fetch(`${PB_URL}/api/collections/${path}`, {
    method: 'PATCH',
    headers: {
      Authorization: who.pb.authStore.token,
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    },
    body,
  }).then((r) => r.status);

beforeAll(async () => {
  owner = (await paidCustomer({ tipo: 'familiar' })).customer;
  other = (await paidCustomer({ tipo: 'familiar' })).customer;
  staff = await newCustomer({ admin: true });
  booking = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  otherBooking = (await other.pb.collection('agendamentos').getFirstListItem('')).id;
  applicant = await owner.pb
    .collection('requerentes')
    .create({ agendamento: booking, ...DADOS_CURITIBA, nome: 'Ana', sobrenome: 'Rossi' });
  otherApplicant = await other.pb
    .collection('requerentes')
    .create({ agendamento: otherBooking, ...DADOS_CURITIBA, nome: 'Bia', sobrenome: 'Neri' });
  document = await owner.pb
    .collection('documentos')
    .create({ agendamento: booking, requerente: applicant.id, item: 'foto', arquivos: [pdf('foto.pdf')] });
});

it('field modifiers meet the same guards as the field: nothing moved, reviewed or dated by the owner', async () => {
  const su = await superuser();
  for (const body of [{ 'agendamento+': otherBooking }, { '+agendamento': otherBooking }]) {
    expect(await patch(owner, `requerentes/records/${applicant.id}`, JSON.stringify(body))).toBe(404);
  }
  for (const body of [
    { 'status+': 'aprovado' },
    { '+status': 'aprovado' },
    { 'revisado_por+': staff.id },
    { 'requerente+': otherApplicant.id },
    { 'agendamento+': otherBooking },
    { 'motivo+': 'ilegivel' },
  ]) {
    expect(await patch(owner, `documentos/records/${document.id}`, JSON.stringify(body))).toBe(404);
  }
  expect(await su.collection('requerentes').getOne(applicant.id)).toMatchObject({
    agendamento: booking,
    enviado_em: '',
  });
  expect(await su.collection('documentos').getOne(document.id)).toMatchObject({
    agendamento: booking,
    requerente: applicant.id,
    status: 'pendente',
    revisado_por: '',
    motivo: '',
  });
});

it("a multipart @jsonPayload carrying admin or verified is the body's admin: refused, the account unchanged", async () => {
  const fresh = await newCustomer({ verified: false });
  const form = new FormData();
  form.append('@jsonPayload', JSON.stringify({ admin: true, verified: true }));
  expect(await patch(fresh, `usuarios/records/${fresh.id}`, form, false)).toBe(404);
  expect(await (await superuser()).collection('usuarios').getOne(fresh.id)).toMatchObject({
    admin: false,
    verified: false,
  });
});

it("another customer's stream hears nothing of a case's booking day", async () => {
  const su = await superuser();
  const heard: unknown[] = [];
  const stream = await subscribeRealtime(
    PB_URL,
    other.pb.authStore.token,
    [
      'atendimentos/*',
      'tentativas_agendamento/*',
      'compromissos/*',
      'lembretes/*',
      'retransmissoes/*',
      'historico_agendamentos/*',
      'requerentes/*',
      'documentos/*',
    ],
    (event: unknown) => heard.push(event),
  );
  // The owner's own stream, as the witness that the changes were broadcast.
  const witnessed: unknown[] = [];
  const witness = await subscribeRealtime(
    PB_URL,
    owner.pb.authStore.token,
    'compromissos/*',
    (event: unknown) => witnessed.push(event),
  );
  try {
    await su.collection('agendamentos').update(booking, { status_agendamento: 'ANALISE_OK' });
    await owner.pb.send(`/api/dia/${booking}/pronto`, { method: 'POST' });
    await staff.pb.send(`/api/dia/${booking}/assumir`, { method: 'POST' });
    await staff.pb.send(`/api/dia/${booking}/pedir`, { method: 'POST', body: { tipo: 'codigo' } });
    const handling = await owner.pb.collection('atendimentos').getFirstListItem('');
    await owner.pb
      .collection('retransmissoes')
      .create({ agendamento: booking, atendimento: handling.id, tipo: 'codigo', valor: '123456' });
    await staff.pb
      .collection('tentativas_agendamento')
      .create({ agendamento: booking, resultado: 'sem_vagas' });
    await staff.pb.collection('compromissos').create({
      agendamento: booking,
      requerentes: [applicant.id],
      data: '2031-06-10',
      hora: '09:00',
      comprovante: pdf('confirmacao.pdf'),
    });
    await expect.poll(() => witnessed.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  } finally {
    stream.close();
    witness.close();
  }
});
