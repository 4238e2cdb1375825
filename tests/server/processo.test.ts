// The case file on a real PocketBase: who may list, read, download and write applicants and documents, the
// file limits the server enforces, sending for review, staff's review and its e-mail, and the retention job.
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import {
  PB_URL,
  client,
  cpf,
  failure,
  mailsTo,
  newCustomer,
  paidCustomer,
  superuser,
  type Customer,
} from './helpers';
import { DADOS_CURITIBA, PDF_BYTES as PDF } from '../../scripts/fixtures/processo-fixture.mjs';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);

const pdf = (name = 'rg.pdf') => new File([PDF], name, { type: 'application/pdf' });
const png = (name = 'foto.png') => new File([PNG], name, { type: 'image/png' });

let owner: Customer;
let other: Customer;
let staff: Customer;
let visitor: PocketBase;
let bookingId: string;
let adult: RecordModel;
let identity: RecordModel;

const ADULT = {
  ...DADOS_CURITIBA,
  nome: 'Maria',
  sobrenome: 'Rossi',
  sexo: 'F',
  data_nascimento: '1980-05-10',
  local_nascimento: 'São Paulo - SP',
  cpf: cpf('529982247'),
};

async function applicant(pb: PocketBase, data: Record<string, unknown>) {
  return pb.collection('requerentes').create({ agendamento: bookingId, ...data });
}

async function upload(pb: PocketBase, requerente: string, item: string, arquivos: File[]) {
  return pb.collection('documentos').create({ agendamento: bookingId, requerente, item, arquivos });
}

function fileUrl(doc: RecordModel, token?: string) {
  const name = (doc.arquivos as string[])[0] ?? '';
  return `${PB_URL}/api/files/documentos/${doc.id}/${name}${token ? `?token=${token}` : ''}`;
}

beforeAll(async () => {
  owner = (await paidCustomer({ tipo: 'familiar' })).customer;
  other = (await paidCustomer()).customer;
  staff = await newCustomer({ admin: true });
  visitor = client();
  bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  adult = await applicant(owner.pb, ADULT);
  identity = await upload(owner.pb, adult.id, 'identidade', [pdf()]);
});

describe('who reaches applicants and documents', () => {
  it('lists them to the owner and staff only', async () => {
    for (const collection of ['requerentes', 'documentos']) {
      expect((await owner.pb.collection(collection).getFullList()).length).toBeGreaterThan(0);
      expect(
        (await staff.pb.collection(collection).getFullList({ filter: `agendamento = "${bookingId}"` }))
          .length,
      ).toBeGreaterThan(0);
      expect(await other.pb.collection(collection).getFullList()).toEqual([]);
      expect(await visitor.collection(collection).getFullList()).toEqual([]);
    }
    expect((await failure(other.pb.collection('requerentes').getOne(adult.id))).status).toBe(404);
    expect((await failure(other.pb.collection('documentos').getOne(identity.id))).status).toBe(404);
    expect((await failure(visitor.collection('documentos').getOne(identity.id))).status).toBe(404);
  });

  it('lets nobody but the owner write them', async () => {
    expect((await failure(other.pb.collection('requerentes').update(adult.id, { nome: 'X' }))).status).toBe(
      404,
    );
    expect(
      (await failure(other.pb.collection('documentos').update(identity.id, { arquivos: [pdf()] }))).status,
    ).toBe(404);
    // Not on the owner's booking, not on the owner's applicant from another booking.
    expect(
      (await failure(other.pb.collection('requerentes').create({ agendamento: bookingId, nome: 'X' })))
        .status,
    ).toBe(400);
    expect((await failure(upload(other.pb, adult.id, 'foto', [png()]))).status).toBe(400);
    expect((await failure(visitor.collection('requerentes').create({ agendamento: bookingId }))).status).toBe(
      400,
    );
    expect((await failure(owner.pb.collection('documentos').delete(identity.id))).status).toBe(403);
    expect((await (await superuser()).collection('requerentes').getOne(adult.id)).nome).toBe('Maria');
  });

  it('serves a file only with a token of the owner or staff', async () => {
    expect((await fetch(fileUrl(identity))).status).toBe(404);
    const otherToken = await other.pb.files.getToken();
    expect((await fetch(fileUrl(identity, otherToken))).status).toBe(404);
    expect((await fetch(fileUrl(identity, await owner.pb.files.getToken()))).status).toBe(200);
    const staffAnswer = await fetch(fileUrl(identity, await staff.pb.files.getToken()));
    expect(staffAnswer.status).toBe(200);
    expect(new Uint8Array(await staffAnswer.arrayBuffer())).toEqual(PDF);
    // The stored name is not the uploaded one: it carries a random part.
    expect((identity.arquivos as string[])[0]).toMatch(/^rg\w*_\w{10}\.pdf$/);
  });

  it('keeps the review fields to staff', async () => {
    const forged = await failure(
      owner.pb.collection('documentos').create({
        agendamento: bookingId,
        requerente: adult.id,
        item: 'foto',
        arquivos: [png()],
        status: 'aprovado',
      }),
    );
    expect(forged.status).toBe(400);
    await failure(owner.pb.collection('documentos').update(identity.id, { status: 'aprovado' }));
    await failure(owner.pb.collection('documentos').update(identity.id, { motivo: 'outro' }));
    expect((await owner.pb.collection('documentos').getOne(identity.id)).status).toBe('pendente');
  });
});

describe('what the server accepts as a file', () => {
  it('refuses 11 MB, a program renamed .pdf and more files than an item allows', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PDF);
    const tooBig = await failure(
      upload(owner.pb, adult.id, 'comprovante_endereco', [
        new File([big], 'conta.pdf', { type: 'application/pdf' }),
      ]),
    );
    expect(tooBig.status).toBe(400);
    const program = await failure(
      upload(owner.pb, adult.id, 'comprovante_endereco', [
        new File([ELF], 'conta.pdf', { type: 'application/pdf' }),
      ]),
    );
    expect(program.status).toBe(400);
    expect(program.response.data).toHaveProperty('arquivos');
    const many = await failure(upload(owner.pb, adult.id, 'foto', [png('a.png'), png('b.png')]));
    expect(many.status).toBe(400);
    expect(many.message).toBe('Envie um arquivo para este item.');
    const unknown = await failure(upload(owner.pb, adult.id, 'selfie', [png()]));
    expect(unknown.message).toBe('Item da lista de documentos inválido.');
    expect(
      await owner.pb.collection('documentos').getFullList({ filter: `requerente = "${adult.id}"` }),
    ).toHaveLength(1);
  });

  it('keeps an Individual order to one applicant and a Familiar one to six', async () => {
    const otherBooking = (await other.pb.collection('agendamentos').getFirstListItem('')).id;
    await other.pb.collection('requerentes').create({ agendamento: otherBooking, nome: 'Um' });
    const second = await failure(
      other.pb.collection('requerentes').create({ agendamento: otherBooking, nome: 'Dois' }),
    );
    expect(second.message).toBe('O Agendamento Individual é para um requerente.');
    const extra = [];
    for (let i = 2; i <= 6; i++)
      extra.push(await applicant(owner.pb, { nome: `Extra ${'ABCDEFG'.charAt(i)}` }));
    const seventh = await failure(applicant(owner.pb, { nome: 'Sete' }));
    expect(seventh.message).toBe('O Agendamento Familiar é para no máximo 6 requerentes.');
    for (const record of extra) await owner.pb.collection('requerentes').delete(record.id);
  });
});

describe('sending, review and retention', () => {
  let minor: RecordModel;

  it('sends a complete case for review and e-mails staff', async () => {
    const incomplete = await failure(owner.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' }));
    expect(incomplete.status).toBe(400);
    expect(incomplete.response.data.pendencias).toContain('Cadastre de 2 a 6 requerentes.');
    minor = await applicant(owner.pb, {
      ...ADULT,
      nome: 'Luca',
      data_nascimento: '2015-03-02',
      cpf: '',
      mae_nome: 'Maria Rossi',
      pai_nome: '',
    });
    await upload(owner.pb, adult.id, 'comprovante_endereco', [pdf('conta.pdf')]);
    await upload(owner.pb, adult.id, 'foto', [png()]);
    for (const item of ['identidade', 'comprovante_endereco', 'foto', 'certidao_nascimento']) {
      await upload(owner.pb, minor.id, item, [pdf(`${item}.pdf`)]);
    }
    const missing = await failure(owner.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' }));
    expect(missing.response.data.pendencias).toEqual([
      'Requerente 2: falta nome dos pais, Autorização do outro genitor (atto di assenso).',
    ]);
    // Another customer cannot send it.
    expect(
      (await failure(other.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' }))).status,
    ).toBe(404);
    await owner.pb.collection('requerentes').update(minor.id, { pai_nome: 'Paolo Rossi' });
    await upload(owner.pb, minor.id, 'assentimento', [pdf('assenso.pdf')]);
    const sent = await owner.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' });
    expect(sent).toEqual({ enviados: 8 });
    const booking = await owner.pb.collection('agendamentos').getOne(bookingId);
    expect(booking.formulario).toContain('Requerente 2: Luca Rossi (menor) · Consulado de Curitiba');
    const docs = await owner.pb.collection('documentos').getFullList();
    expect(docs.map((d) => d.status)).toEqual(Array(8).fill('em_analise'));
    const alerts = await mailsTo(staff.email, { subject: /Processo enviado para análise/ });
    expect(alerts).toHaveLength(1);
    // The link opens the booking in the staff's editor.
    expect(alerts[0]?.text).toContain(`/booking-details/${bookingId}`);
  });

  it('moves the booking to ANALISE_ERRO when the review refuses, and takes the replacement', async () => {
    const docs = await staff.pb
      .collection('documentos')
      .getFullList({ filter: `agendamento = "${bookingId}"`, sort: 'created' });
    const photo = docs.find((d) => d.requerente === adult.id && d.item === 'foto');
    if (!photo) throw new Error('no photo');
    const noReason = await failure(
      staff.pb.collection('documentos').update(photo.id, { status: 'recusado' }),
    );
    expect(noReason.message).toBe('Escolha o motivo da recusa.');
    await staff.pb
      .collection('documentos')
      .update(photo.id, { status: 'recusado', motivo: 'ilegivel', motivo_texto: 'Rosto cortado' });
    for (const d of docs.filter((d) => d.id !== photo.id)) {
      await staff.pb.collection('documentos').update(d.id, { status: 'aprovado' });
    }
    const booking = await owner.pb.collection('agendamentos').getOne(bookingId);
    expect(booking.status_agendamento).toBe('ANALISE_ERRO');
    expect(booking.nota_cliente).toContain('- Maria Rossi · Foto para passaporte: Ilegível: Rosto cortado');
    const [mail] = await mailsTo(owner.email, { subject: /inconsistências/ });
    expect(mail?.text).toContain('Maria Rossi · Foto para passaporte: Ilegível: Rosto cortado');
    const refused = await owner.pb.collection('documentos').getOne(photo.id);
    expect(refused.revisado_por).toBe(staff.id);

    // An approved document stays as it is; the refused one is replaced and sent again.
    const approved = docs.find((d) => d.id !== photo.id);
    if (!approved) throw new Error('no approved document');
    expect(
      (await failure(owner.pb.collection('documentos').update(approved.id, { arquivos: [pdf()] }))).status,
    ).toBe(404);
    const replaced = await owner.pb
      .collection('documentos')
      .update(photo.id, { arquivos: [png('nova.png')] });
    expect(replaced).toMatchObject({ status: 'pendente', reenviado: true, motivo: '' });
    expect(await owner.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' })).toEqual({
      enviados: 1,
    });
    await staff.pb.collection('documentos').update(photo.id, { status: 'aprovado' });
    const all = await staff.pb
      .collection('documentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    expect(all.every((d) => d.status === 'aprovado')).toBe(true);
    const removal = await failure(owner.pb.collection('requerentes').delete(adult.id));
    expect(removal.message).toBe('Este requerente já tem documentos aprovados e não pode ser removido.');
    const history = await staff.pb
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    const changes = history.flatMap((h) => h.alteracoes as { campo: string; para: string }[]);
    expect(changes).toContainEqual(
      expect.objectContaining({ campo: 'documento', para: 'reenviado para análise' }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ campo: 'documento', para: 'recusado (Ilegível: Rosto cortado)' }),
    );
  });

  it("puts the case file in the customer's export: the applicants' data and the list of documents", async () => {
    const data = await owner.pb.send<Record<string, Record<string, unknown>[]>>('/api/conta/exportar', {});
    expect(data.requerentes?.map((r) => r.nome)).toEqual(['Maria', 'Luca']);
    expect(data.requerentes?.[1]).toMatchObject({ pai_nome: 'Paolo Rossi', data_nascimento: '2015-03-02' });
    expect(data.documentos).toHaveLength(8);
    expect(data.documentos?.[0]).toMatchObject({ item: 'identidade', status: 'aprovado' });
    expect(data.documentos?.[0]?.arquivos).toEqual(identity.arquivos);
    const otherData = await other.pb.send<Record<string, unknown[]>>('/api/conta/exportar', {});
    expect(JSON.stringify(otherData)).not.toContain('Luca');
  });

  it('deletes the files 30 days after the booking closes, not before', async () => {
    const su = await superuser();
    // The other customer's booking closed 29 days ago, the owner's 31: one run of the job sees both.
    const otherBooking = (await other.pb.collection('agendamentos').getFirstListItem('')).id;
    const otherApplicant = await other.pb.collection('requerentes').getFirstListItem('');
    await other.pb.collection('documentos').create({
      agendamento: otherBooking,
      requerente: otherApplicant.id,
      item: 'identidade',
      arquivos: [pdf()],
    });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().replace('T', ' ');
    for (const [id, days] of [
      [bookingId, 31],
      [otherBooking, 29],
    ] as const) {
      await su.collection('agendamentos').update(id, { status_agendamento: 'FINALIZADO' });
      expect((await su.collection('agendamentos').getOne(id)).encerrado_em).not.toBe('');
      await su.collection('agendamentos').update(id, { encerrado_em: daysAgo(days) });
    }
    await su.crons.run('processo_retencao');
    // The job runs in the background: wait for its mark on the booking.
    await expect
      .poll(async () => (await su.collection('agendamentos').getOne(bookingId)).arquivos_excluidos_em)
      .not.toBe('');
    expect(
      await su.collection('documentos').getFullList({ filter: `agendamento = "${bookingId}"` }),
    ).toHaveLength(0);
    expect((await fetch(fileUrl(identity, await staff.pb.files.getToken()))).status).toBe(404);
    expect(
      await su.collection('documentos').getFullList({ filter: `agendamento = "${otherBooking}"` }),
    ).toHaveLength(1);
    expect((await su.collection('agendamentos').getOne(otherBooking)).arquivos_excluidos_em).toBe('');
    const after = await su.collection('agendamentos').getOne(bookingId);
    expect(after.arquivos_excluidos_em).not.toBe('');
    const history = await su
      .collection('historico_agendamentos')
      .getFullList({ filter: `agendamento = "${bookingId}"` });
    expect(
      history.flatMap((h) => h.alteracoes as { campo: string; de: string; para: string }[]),
    ).toContainEqual({
      campo: 'retencao',
      de: '8 documento(s)',
      para: 'excluídos 30 dias após o encerramento',
    });
    expect((await failure(upload(owner.pb, adult.id, 'passaporte_anterior', [pdf()]))).message).toBe(
      'Este processo está encerrado: não recebe mais documentos.',
    );
  });
});
