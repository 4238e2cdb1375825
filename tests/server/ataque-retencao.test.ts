// Retention (LGPD; /privacidade): 30 days after a booking closes, the applicants' typed data (CPF, birth date,
// address, parents, passport…) is erased and only the names stay. A correction made after sending records each
// field's old and new value in the booking's history; those values must go with the rest. Before, the history
// kept the old and the new CPF, address and birth date for as long as the booking existed.
import { expect, it } from 'vitest';
import { PB_URL, closedAndRetained, cpf, newCustomer, paidCustomer, superuser } from './helpers';
import { DADOS_CURITIBA, PDF_BYTES } from '../../scripts/fixtures/processo-fixture.mjs';

const pdf = (name: string) => new File([PDF_BYTES], name, { type: 'application/pdf' });
const ADULT_ITEMS = ['identidade', 'comprovante_endereco', 'foto'];

it("retention erases a corrected applicant's old and new values from the booking's history too", async () => {
  const su = await superuser();
  const { customer } = await paidCustomer();
  const bookingId = (await customer.pb.collection('agendamentos').getFirstListItem('')).id;
  const before = cpf('529982247');
  const after = cpf('111444777');
  const applicant = await customer.pb.collection('requerentes').create({
    ...DADOS_CURITIBA,
    agendamento: bookingId,
    nome: 'Maria',
    sobrenome: 'Rossi',
    sexo: 'F',
    data_nascimento: '1980-05-10',
    cpf: before,
    logradouro: 'Rua das Acácias',
  });
  for (const item of ADULT_ITEMS) {
    await customer.pb
      .collection('documentos')
      .create({ agendamento: bookingId, requerente: applicant.id, item, arquivos: [pdf(`${item}.pdf`)] });
  }
  await customer.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' });
  // A correction after sending: recorded with both values (staff read them on the booking page).
  await customer.pb
    .collection('requerentes')
    .update(applicant.id, { cpf: after, logradouro: 'Travessa dos Ipês', data_nascimento: '1980-05-11' });
  const digits = (c: string) => c.replace(/\D/g, '');
  const history = async () =>
    JSON.stringify(
      await su.collection('historico_agendamentos').getFullList({ filter: `agendamento = "${bookingId}"` }),
    );
  expect(await history()).toContain(`Maria Rossi · CPF: ${before}`);

  await closedAndRetained(bookingId);

  expect(await su.collection('requerentes').getOne(applicant.id)).toMatchObject({ cpf: '', logradouro: '' });
  const kept = await history();
  for (const value of [
    before,
    after,
    digits(before),
    digits(after),
    'Rua das Acácias',
    'Travessa dos Ipês',
    '1980-05-1',
  ]) {
    expect(kept).not.toContain(value);
  }
  // What the history says of the correction stays: who, when, which field (the values erased).
  expect(kept).toContain('Maria Rossi · CPF');
});

it("retention deletes the appointment's confirmation file (the consulate's PDF names the applicant) with the rest", async () => {
  const su = await superuser();
  const staff = await newCustomer({ admin: true });
  const { customer } = await paidCustomer();
  const bookingId = (await customer.pb.collection('agendamentos').getFirstListItem('')).id;
  const applicant = await customer.pb
    .collection('requerentes')
    .create({ ...DADOS_CURITIBA, agendamento: bookingId, nome: 'Maria', sobrenome: 'Rossi' });
  await su.collection('agendamentos').update(bookingId, { status_agendamento: 'ANALISE_OK' });
  const appointment = await staff.pb.collection('compromissos').create({
    agendamento: bookingId,
    requerentes: [applicant.id],
    data: '2031-06-10',
    hora: '09:00',
    comprovante: pdf('confirmacao.pdf'),
  });
  const url = async () =>
    `${PB_URL}/api/files/compromissos/${appointment.id}/${appointment.comprovante as string}?token=${await customer.pb.files.getToken()}`;
  expect((await fetch(await url())).status).toBe(200);

  await closedAndRetained(bookingId);

  expect(await su.collection('compromissos').getOne(appointment.id)).toMatchObject({ comprovante: '' });
  expect((await fetch(await url())).status).toBe(404);
});
