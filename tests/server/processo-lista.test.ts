// The staff list's case columns on a real PocketBase: each booking's consulate and documentation state, kept by
// the server as the case file changes, filterable, written by nobody else; and ANALISE_OK only for an approved
// case.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort, KIT, startPocketBase } from '../../scripts/backend/pocketbase-server.mjs';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import { insertRows } from '../../scripts/backend/seed.mjs';
import { cpf, failure, newCustomer, paidCustomer, superuser, type Customer } from './helpers';

const pdf = (name = 'doc.pdf') =>
  new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], name, { type: 'application/pdf' });

const ADULT = {
  ...DADOS_CURITIBA,
  nome: 'Giulia',
  sobrenome: 'Bianchi',
  sexo: 'F',
  data_nascimento: '1985-02-11',
  cpf: cpf('111444777'),
  estado_civil: 'solteiro',
  altura_cm: 170,
  cor_olhos: 'verdes',
  numero: '12',
};
const ITEMS = ['identidade', 'comprovante_endereco', 'foto'];

let owner: Customer;
let staff: Customer;
let bookingId: string;

async function booking(as: Customer = staff) {
  return as.pb.collection('agendamentos').getOne(bookingId);
}

async function applicant(data: Record<string, unknown>) {
  return owner.pb.collection('requerentes').create({ agendamento: bookingId, ...data });
}

async function uploadAll(requerente: RecordModel) {
  for (const item of ITEMS) {
    await owner.pb
      .collection('documentos')
      .create({ agendamento: bookingId, requerente: requerente.id, item, arquivos: [pdf(`${item}.pdf`)] });
  }
}

async function documents() {
  return staff.pb
    .collection('documentos')
    .getFullList({ filter: `agendamento = "${bookingId}"`, sort: 'created' });
}

/** The staff list's answer for a filter, as ids. */
async function listed(filter: string) {
  const page = await staff.pb.collection('agendamentos').getList(1, 50, { filter, sort: '-created' });
  return page.items.map((b) => b.id);
}

beforeAll(async () => {
  owner = (await paidCustomer({ tipo: 'familiar' })).customer;
  staff = await newCustomer({ admin: true });
  bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
});

describe("a booking's case summary", () => {
  let first: RecordModel;
  let second: RecordModel;

  it('starts pendente with no consulate, and takes the consulate of its applicants', async () => {
    expect(await booking()).toMatchObject({ consulado: '', documentacao: 'pendente' });
    const before = (await booking()).updated;
    first = await applicant(ADULT);
    expect(await booking()).toMatchObject({ consulado: 'curitiba', documentacao: 'pendente' });
    // Kept without touching `updated`: an editor's copy of the booking does not go stale.
    expect((await booking()).updated).toBe(before);
    // A second applicant under another consulate: the booking shows 'varios'.
    second = await applicant({ ...ADULT, nome: 'Marco', cpf: cpf('222555888'), uf: 'SP', cidade: 'Santos' });
    expect((await booking()).consulado).toBe('varios');
    await owner.pb.collection('requerentes').update(second.id, { uf: 'SC', cidade: 'Joinville' });
    expect((await booking()).consulado).toBe('curitiba');
    expect(await listed('consulado = "curitiba" && documentacao = "pendente"')).toContain(bookingId);
  });

  it('follows the documents: em_analise when sent, recusada on a refusal, pendente on the replacement', async () => {
    await uploadAll(first);
    await uploadAll(second);
    expect((await booking()).documentacao).toBe('pendente');
    await owner.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' });
    expect((await booking()).documentacao).toBe('em_analise');
    expect(await listed('consulado = "curitiba" && documentacao = "em_analise"')).toContain(bookingId);

    const docs = await documents();
    const [refused, ...rest] = docs;
    if (!refused) throw new Error('no documents');
    await staff.pb.collection('documentos').update(refused.id, { status: 'recusado', motivo: 'vencido' });
    // Still under review while other documents wait for staff.
    expect((await booking()).documentacao).toBe('recusada');
    for (const d of rest) await staff.pb.collection('documentos').update(d.id, { status: 'aprovado' });
    expect(await booking()).toMatchObject({ documentacao: 'recusada', status_agendamento: 'ANALISE_ERRO' });
    expect(await listed('documentacao = "recusada"')).toContain(bookingId);
    expect(await listed('documentacao = "aprovada"')).not.toContain(bookingId);

    await owner.pb.collection('documentos').update(refused.id, { arquivos: [pdf('novo.pdf')] });
    expect((await booking()).documentacao).toBe('pendente');
    await owner.pb.send(`/api/processo/${bookingId}/enviar`, { method: 'POST' });
    expect((await booking()).documentacao).toBe('em_analise');
  });

  it('refuses ANALISE_OK until every document of every applicant is approved', async () => {
    const current = await booking();
    const early = await failure(
      staff.pb.collection('agendamentos').update(bookingId, { status_agendamento: 'ANALISE_OK' }),
    );
    expect(early.status).toBe(400);
    expect(early.response.data.status_agendamento?.message).toBe(
      'Análise OK só depois de aprovar todos os documentos de todos os requerentes.',
    );
    expect((await booking()).status_agendamento).toBe(current.status_agendamento);

    const pending = (await documents()).filter((d) => d.status !== 'aprovado');
    expect(pending).toHaveLength(1);
    for (const d of pending) await staff.pb.collection('documentos').update(d.id, { status: 'aprovado' });
    expect(await booking()).toMatchObject({ documentacao: 'aprovada', consulado: 'curitiba' });
    expect(await listed('consulado = "curitiba" && documentacao = "aprovada"')).toContain(bookingId);
    expect(await listed('consulado = "sao_paulo" && documentacao = "aprovada"')).not.toContain(bookingId);

    const saved = await staff.pb
      .collection('agendamentos')
      .update(bookingId, { status_agendamento: 'ANALISE_OK' });
    expect(saved).toMatchObject({ status_agendamento: 'ANALISE_OK', documentacao: 'aprovada' });
  });

  it('lets nobody write the summary: the owner cannot update the booking, staff are refused the fields', async () => {
    const ownWrite = await failure(
      owner.pb
        .collection('agendamentos')
        .update(bookingId, { consulado: 'recife', documentacao: 'aprovada' }),
    );
    expect(ownWrite.status).toBe(404);
    const staffWrite = await failure(
      staff.pb
        .collection('agendamentos')
        .update(bookingId, { consulado: 'recife', documentacao: 'pendente' }),
    );
    expect(staffWrite.status).toBe(400);
    expect(Object.keys(staffWrite.response.data).sort()).toEqual(['consulado', 'documentacao']);
    // Even a superuser's write is replaced by what the case file says.
    await (await superuser())
      .collection('agendamentos')
      .update(bookingId, { consulado: 'recife', documentacao: 'pendente' });
    expect(await booking()).toMatchObject({ consulado: 'curitiba', documentacao: 'aprovada' });
  });

  it('a booking without a case file keeps the editor free to set ANALISE_OK', async () => {
    const plain = (await paidCustomer()).customer;
    const id = (await plain.pb.collection('agendamentos').getFirstListItem('')).id;
    const saved = await staff.pb.collection('agendamentos').update(id, { status_agendamento: 'ANALISE_OK' });
    expect(saved).toMatchObject({
      status_agendamento: 'ANALISE_OK',
      documentacao: 'pendente',
      consulado: '',
    });
  });
});

describe('the migration that adds the case summary', () => {
  it('backfills the bookings stored before it from their applicants and documents', async () => {
    const MIGRATION = '1763901300_agendamentos_processo.js';
    const root = mkdtempSync(path.join(tmpdir(), 'pb-backfill-'));
    const before = path.join(root, 'migrations');
    const dataDir = path.join(root, 'data');
    // The migrations before it, not every other one: a later one may build on what it adds (an index on its columns).
    cpSync(KIT.migrations, before, {
      recursive: true,
      filter: (src) => !src.endsWith('.js') || path.basename(src) < MIGRATION,
    });
    try {
      // The kit as it was before the migration, then rows written straight into its database.
      const old = await startPocketBase({ port: await freePort(), dataDir, migrationsDir: before });
      await old.stop();
      const at = '2026-11-01 10:00:00.000Z';
      const row = { created: at, updated: at };
      insertRows(dataDir, {
        usuarios: [{ id: 'antigocliente01', email: 'antigo@backfill.test', ...row }],
        agendamentos: [
          { id: 'antigoaprovado1', usuario: 'antigocliente01', status_agendamento: 'NOVO', ...row },
          { id: 'antigovarios001', usuario: 'antigocliente01', status_agendamento: 'NOVO', ...row },
          { id: 'antigosemcaso01', usuario: 'antigocliente01', status_agendamento: 'NOVO', ...row },
        ],
        requerentes: [
          { id: 'antigoreq00001a', agendamento: 'antigoaprovado1', uf: 'RS', ...row },
          { id: 'antigoreq00002a', agendamento: 'antigovarios001', uf: 'RS', ...row },
          { id: 'antigoreq00002b', agendamento: 'antigovarios001', uf: 'MG', ...row },
        ],
        documentos: [
          {
            id: 'antigodoc00001a',
            agendamento: 'antigoaprovado1',
            requerente: 'antigoreq00001a',
            item: 'foto',
            status: 'aprovado',
            ...row,
          },
          {
            id: 'antigodoc00002a',
            agendamento: 'antigovarios001',
            requerente: 'antigoreq00002a',
            item: 'foto',
            status: 'recusado',
            ...row,
          },
        ],
      });
      const now = await startPocketBase({ port: await freePort(), dataDir });
      try {
        const su = new PocketBase(now.url);
        su.authStore.save(now.superuser.token);
        const summary = async (id: string) => {
          const b = await su.collection('agendamentos').getOne(id);
          return {
            consulado: b.consulado as string,
            documentacao: b.documentacao as string,
            updated: b.updated as string,
          };
        };
        expect(await summary('antigoaprovado1')).toEqual({
          consulado: 'porto_alegre',
          documentacao: 'aprovada',
          updated: at,
        });
        expect(await summary('antigovarios001')).toEqual({
          consulado: 'varios',
          documentacao: 'recusada',
          updated: at,
        });
        expect(await summary('antigosemcaso01')).toEqual({
          consulado: '',
          documentacao: 'pendente',
          updated: at,
        });
      } finally {
        await now.stop();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
