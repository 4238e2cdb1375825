// What was checked stays checked (issue #25), on a real PocketBase: a sent applicant changes only as a recorded
// correction that goes back to review; after approval the customer changes nothing; dates checked by the
// server; the limits under abuse (upload rate, applicant count sent at once, staff alerts, one mailbox); the
// staff note of a status; and what retention erases.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import {
  client,
  closedAndRetained,
  cpf,
  failure,
  mailsTo,
  newCustomer,
  paidCustomer,
  registration,
  superuser,
  type Customer,
} from './helpers';
import { DADOS_CURITIBA, PDF_BYTES } from '../../scripts/fixtures/processo-fixture.mjs';
import REGRAS from '../../pocketbase/pb_hooks/lib/processo_regras.json';
import LIMITES from '../../pocketbase/pb_hooks/lib/limites.json';

const M = REGRAS.mensagens;
const pdf = (name = 'doc.pdf') => new File([PDF_BYTES], name, { type: 'application/pdf' });
const ADULT_ITEMS = ['identidade', 'comprovante_endereco', 'foto'];
type Change = { campo: string; de: string; para: string };

async function historyOf(bookingId: string): Promise<Change[]> {
  const su = await superuser();
  const entries = await su
    .collection('historico_agendamentos')
    .getFullList({ filter: `agendamento = "${bookingId}"`, sort: 'created' });
  return entries.flatMap((h) => h.alteracoes as Change[]);
}

/** A Familiar booking with two adults (Curitiba), every document uploaded and sent for review. */
async function sentCase(owner: Customer) {
  const bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  const applicants: RecordModel[] = [];
  for (const [nome, base] of [
    ['Maria', '529982247'],
    ['Ana', '123456789'],
  ] as const) {
    const r = await owner.pb.collection('requerentes').create({
      ...DADOS_CURITIBA,
      agendamento: bookingId,
      nome,
      sobrenome: 'Rossi',
      sexo: 'F',
      data_nascimento: '1980-05-10',
      cpf: cpf(base),
    });
    applicants.push(r);
    for (const item of ADULT_ITEMS) {
      await owner.pb
        .collection('documentos')
        .create({ agendamento: bookingId, requerente: r.id, item, arquivos: [pdf(`${item}.pdf`)] });
    }
  }
  await owner.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' });
  return { bookingId, applicants };
}

let staff: Customer;
beforeAll(async () => {
  staff = await newCustomer({ admin: true });
});

describe('1. what staff approved stays approved', () => {
  let owner: Customer;
  let bookingId: string;
  let maria: RecordModel;
  let ana: RecordModel;

  beforeAll(async () => {
    owner = (await paidCustomer({ tipo: 'familiar' })).customer;
    ({
      bookingId,
      applicants: [maria = {} as RecordModel, ana = {} as RecordModel],
    } = await sentCase(owner));
  });

  it('a draft is typed freely; after sending a change is a recorded correction back in review', async () => {
    const docs = await staff.pb
      .collection('documentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    for (const d of docs) await staff.pb.collection('documentos').update(d.id, { status: 'aprovado' });
    const before = await staff.pb.collection('agendamentos').getOne(bookingId);
    expect(before.consulado).toBe('curitiba');
    expect(before.documentacao).toBe('aprovada');

    // Maria moves to SP and fixes her CPF: São Paulo serves her now; the booking says so at once.
    const newCpf = cpf('111444777');
    await owner.pb.collection('requerentes').update(maria.id, { uf: 'SP', cpf: newCpf });
    const after = await staff.pb.collection('agendamentos').getOne(bookingId);
    expect(after.consulado).toBe('varios');
    expect(after.documentacao).toBe('em_analise');
    expect(after.formulario).toContain('Requerente 1: Maria Rossi · Consulado de São Paulo');
    expect(after.formulario).toContain('Requerente 2: Ana Rossi · Consulado de Curitiba');
    const mine = await owner.pb
      .collection('documentos')
      .getFullList({ filter: `requerente = "${maria.id}"` });
    expect(mine.map((d) => d.status)).toEqual(['em_analise', 'em_analise', 'em_analise']);
    const others = await owner.pb
      .collection('documentos')
      .getFullList({ filter: `requerente = "${ana.id}"` });
    expect(others.every((d) => d.status === 'aprovado')).toBe(true);

    // Staff read who changed which field from what to what; the alert e-mail names the fields, not the values.
    const changes = await historyOf(bookingId);
    expect(changes).toContainEqual({ campo: 'requerente', de: 'Maria Rossi · UF: PR', para: 'SP' });
    expect(changes).toContainEqual({
      campo: 'requerente',
      de: `Maria Rossi · CPF: ${maria.cpf as string}`,
      para: newCpf,
    });
    const alerts = await mailsTo(staff.email, { subject: /Processo enviado/, count: 2, timeoutMs: 1000 });
    // The first send alerted staff; the correction minutes later is grouped with it (item 3).
    expect(alerts).toHaveLength(1);
    const ownerMails = await mailsTo(owner.email, { timeoutMs: 300 });
    for (const mail of [...alerts, ...ownerMails]) {
      expect(mail.text).not.toContain(newCpf);
      expect(mail.text).not.toContain(maria.cpf as string);
    }
  });

  it('after ANALISE_OK the customer changes nothing; staff still can, with history', async () => {
    const docs = await staff.pb
      .collection('documentos')
      .getFullList({ filter: `agendamento = "${bookingId}" && status = "em_analise"` });
    for (const d of docs) await staff.pb.collection('documentos').update(d.id, { status: 'aprovado' });
    for (const status of ['ANALISE_OK', 'AGENDADO', 'FINALIZADO', 'CANCELADO']) {
      await (await superuser()).collection('agendamentos').update(bookingId, { status_agendamento: status });
      const edit = await failure(owner.pb.collection('requerentes').update(ana.id, { uf: 'RS' }));
      expect(edit.status).toBe(400);
      const upload = await failure(
        owner.pb.collection('documentos').create({
          agendamento: bookingId,
          requerente: ana.id,
          item: 'passaporte_anterior',
          arquivos: [pdf()],
        }),
      );
      expect(upload.status).toBe(400);
      const add = await failure(owner.pb.collection('requerentes').create({ agendamento: bookingId }));
      expect(add.status).toBe(400);
      if (status === 'ANALISE_OK') {
        expect(edit.message).toBe(M.travado);
        expect(upload.message).toBe(M.travado);
      }
    }
    expect((await owner.pb.collection('requerentes').getOne(ana.id)).uf).toBe('PR');
    await (await superuser())
      .collection('agendamentos')
      .update(bookingId, { status_agendamento: 'ANALISE_OK' });
    await staff.pb.collection('requerentes').update(ana.id, { numero: '200' });
    expect((await owner.pb.collection('requerentes').getOne(ana.id)).numero).toBe('200');
    const changes = await historyOf(bookingId);
    expect(changes).toContainEqual({ campo: 'requerente', de: 'Ana Rossi · número: 100', para: '200' });
  });
});

describe('2. dates and identity checked by the server', () => {
  it("refuses a future, an impossible and a 120-year-old's birth date with the form's words", async () => {
    const { customer } = await paidCustomer({ tipo: 'familiar' });
    const bookingId = (await customer.pb.collection('agendamentos').getFirstListItem('')).id;
    const r = await customer.pb.collection('requerentes').create({ agendamento: bookingId, nome: 'Luca' });
    for (const [date, message] of [
      ['2027-12-31', M.nascimentoFuturo],
      ['1990-02-31', M.nascimentoInvalido],
      ['1890-01-01', M.nascimentoImplausivel],
    ] as const) {
      const refused = await failure(
        customer.pb.collection('requerentes').update(r.id, { data_nascimento: date }),
      );
      expect(refused.status).toBe(400);
      expect(refused.response.data.data_nascimento?.message).toBe(message);
      expect(
        (
          await failure(
            customer.pb.collection('requerentes').create({ agendamento: bookingId, data_nascimento: date }),
          )
        ).message,
      ).toBe(message);
    }
    const badCpf = await failure(
      customer.pb.collection('requerentes').update(r.id, { cpf: '111.111.111-11' }),
    );
    expect(badCpf.response.data.cpf?.message).toBe(M.cpfInvalido);
    expect((await customer.pb.collection('requerentes').getOne(r.id)).data_nascimento).toBe('');
  });
});

describe('3. limits under abuse', () => {
  it('16 applicants created at once on a Familiar order leave at most 6', async () => {
    const { customer } = await paidCustomer({ tipo: 'familiar' });
    const bookingId = (await customer.pb.collection('agendamentos').getFirstListItem('')).id;
    const answers = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) =>
        customer.pb
          .collection('requerentes')
          .create({ agendamento: bookingId, nome: `R ${'ABCDEFGHIJKLMNOP'.charAt(i)}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(6);
    const stored = await customer.pb.collection('requerentes').getFullList();
    expect(stored).toHaveLength(6);
  });

  it("a burst of 40 uploads gets 429 in pt-BR past the account's limit", async () => {
    const { customer } = await paidCustomer({ tipo: 'familiar' });
    const bookingId = (await customer.pb.collection('agendamentos').getFirstListItem('')).id;
    const r = await customer.pb.collection('requerentes').create({ agendamento: bookingId, nome: 'Rita' });
    const doc = await customer.pb
      .collection('documentos')
      .create({ agendamento: bookingId, requerente: r.id, item: 'identidade', arquivos: [pdf()] });
    const answers = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        customer.pb.collection('documentos').update(doc.id, { arquivos: [pdf('novo.pdf')] }),
      ),
    );
    const ok = answers.filter((a) => a.status === 'fulfilled').length;
    expect(ok).toBe(LIMITES.arquivos.porConta - 1);
    const refused = answers.find((a) => a.status === 'rejected');
    const reason = (refused as PromiseRejectedResult).reason as { status: number; message: string };
    expect(reason.status).toBe(429);
    expect(reason.message).toBe(M.muitosEnvios);
  });

  it('resends in a loop send staff one alert for the booking', async () => {
    const { customer } = await paidCustomer({ tipo: 'familiar' });
    const { bookingId } = await sentCase(customer);
    const photo = await staff.pb
      .collection('documentos')
      .getFirstListItem(`agendamento = "${bookingId}" && item = "foto"`);
    for (let i = 0; i < 5; i++) {
      await staff.pb.collection('documentos').update(photo.id, { status: 'recusado', motivo: 'ilegivel' });
      await customer.pb.collection('documentos').update(photo.id, { arquivos: [pdf(`foto${i}.pdf`)] });
      await customer.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' });
    }
    const alerts = await mailsTo(staff.email, { subject: /Processo enviado/, timeoutMs: 1500, count: 99 });
    const forBooking = alerts.filter((m) => m.text.includes(bookingId));
    expect(forBooking).toHaveLength(1);
  });

  it('plus-addressed and dotted Gmail variants of one mailbox get one verification e-mail', async () => {
    const base = `caixa${Date.now().toString(36)}`;
    const variants = [
      `${base}@gmail.com`,
      `${base}+1@gmail.com`,
      `${base.slice(0, 3)}.${base.slice(3)}+x@googlemail.com`,
    ];
    for (const email of variants) {
      const pb = client();
      await pb.collection('usuarios').create(registration({ email }));
      await pb.collection('usuarios').requestVerification(email);
    }
    await mailsTo(variants[0] ?? '', { subject: /Confirme/, timeoutMs: 1500 });
    let total = 0;
    for (const email of variants)
      total += (await mailsTo(email, { subject: /Confirme/, timeoutMs: 300 })).length;
    expect(total).toBe(1);
  });
});

describe('4 and 5. the note of a status; what retention erases', () => {
  it('a refusal note never reaches the ANALISE_OK e-mail; retention erases all but the names', async () => {
    const { customer } = await paidCustomer({ tipo: 'familiar' });
    const { bookingId, applicants } = await sentCase(customer);
    const docs = await staff.pb
      .collection('documentos')
      .getFullList({ filter: `agendamento = "${bookingId}"`, sort: 'created' });
    const [first, ...rest] = docs;
    if (!first) throw new Error('no document');
    await staff.pb.collection('documentos').update(first.id, { status: 'recusado', motivo: 'ilegivel' });
    for (const d of rest) await staff.pb.collection('documentos').update(d.id, { status: 'aprovado' });
    const refused = await staff.pb.collection('agendamentos').getOne(bookingId);
    expect(refused.nota_cliente).toContain(M.recusadosTitulo);
    await customer.pb.collection('documentos').update(first.id, { arquivos: [pdf('novo.pdf')] });
    await customer.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' });
    await staff.pb.collection('documentos').update(first.id, { status: 'aprovado' });
    // The editor sends the note it shows, pre-filled with the refusal list, with the new status.
    const ok = await staff.pb
      .collection('agendamentos')
      .update(bookingId, { status_agendamento: 'ANALISE_OK', nota_cliente: refused.nota_cliente as string });
    expect(ok.nota_cliente).toBe('');
    const [mail] = await mailsTo(customer.email, { subject: /validad|aprovad|Análise OK/i });
    expect(mail?.text ?? '').not.toContain(M.recusadosTitulo);

    const su = await superuser();
    await closedAndRetained(bookingId);
    const kept = await su.collection('requerentes').getOne(applicants[0]?.id ?? '');
    expect(kept).toMatchObject({ nome: 'Maria', sobrenome: 'Rossi', cpf: '', data_nascimento: '', uf: '' });
    expect(kept).toMatchObject({ cep: '', logradouro: '', local_nascimento: '', altura_cm: 0, sexo: '' });
    expect(await historyOf(bookingId)).toContainEqual(
      expect.objectContaining({ campo: 'retencao', de: 'dados de 2 requerente(s)' }),
    );
  });
});
