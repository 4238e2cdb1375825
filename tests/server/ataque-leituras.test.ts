// A signed-in customer probing the API from the console: what held when it was probed (sec-audit), kept so it
// keeps holding. Filters through relations obey the related collection's rules, hidden fields are out of reach
// for filters, sorts, `fields` and writes, PocketBase's batch and OTP routes are off, an uploaded page is served
// as the PDF it claims to be and sandboxed, a demoted staff member's open stream hears nothing more, and
// applicants sent at once never exceed what the order paid for.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { subscribeRealtime } from '../../scripts/backend/realtime-client.mjs';
import { DADOS_CURITIBA } from '../../scripts/fixtures/processo-fixture.mjs';
import { PB_URL, client, failure, newCustomer, paidCustomer, superuser, type Customer } from './helpers';

let owner: Customer;
let holder: Customer;
let bookingId: string;
let holderCpf: string;

beforeAll(async () => {
  owner = (await paidCustomer({ tipo: 'familiar' })).customer;
  holder = await newCustomer({ admin: true });
  bookingId = (await owner.pb.collection('agendamentos').getFirstListItem('')).id;
  await owner.pb
    .collection('requerentes')
    .create({ agendamento: bookingId, ...DADOS_CURITIBA, nome: 'Ana', sobrenome: 'Rossi' });
  const su = await superuser();
  await su.collection('agendamentos').update(bookingId, { status_agendamento: 'ANALISE_OK' });
  await owner.pb.send(`/api/dia/${bookingId}/pronto`, { method: 'POST' });
  await holder.pb.send(`/api/dia/${bookingId}/assumir`, { method: 'POST' });
  holderCpf = String((await su.collection('usuarios').getOne(holder.id)).cpf);
});

describe('filters', () => {
  it("through a relation obey the related collection's rules: the owner learns nothing of the reviewer's account", async () => {
    // A case of its own, its document reviewed by the holder.
    const { customer } = await paidCustomer();
    const ownBooking = (await customer.pb.collection('agendamentos').getFirstListItem('')).id;
    const applicant = await customer.pb
      .collection('requerentes')
      .create({ agendamento: ownBooking, nome: 'Luca', sobrenome: 'Rossi' });
    const page = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const doc = await customer.pb.collection('documentos').create({
      agendamento: ownBooking,
      requerente: applicant.id,
      item: 'foto',
      arquivos: [new File([page], 'foto.pdf', { type: 'application/pdf' })],
    });
    await holder.pb.collection('documentos').update(doc.id, { status: 'aprovado' });
    const list = (filter: string) =>
      customer.pb.collection('documentos').getFullList({ filter, fields: 'id' });
    // The join itself works (the document has a reviewer)…
    expect(await list('revisado_por != ""')).toHaveLength(1);
    // …but the reviewer's account is staff's: its fields match nothing for the owner, right or wrong.
    for (const filter of [
      `revisado_por.cpf = "${holderCpf}"`,
      `revisado_por.email = "${holder.email}"`,
      'revisado_por.admin = true',
    ]) {
      expect(await list(filter)).toEqual([]);
    }
    expect(
      await customer.pb
        .collection('documentos')
        .getFullList({ expand: 'revisado_por', fields: 'id,expand' })
        .then((rows) => rows.map((r) => r.expand ?? {})),
    ).toEqual([{}]);
    // Through a back-relation, not even asked: refused (lib/consulta_comum.js).
    expect(
      (
        await failure(
          customer.pb.collection('agendamentos').getFullList({
            filter: `documentos_via_agendamento.revisado_por.cpf ?= "${holderCpf}"`,
          }),
        )
      ).status,
    ).toBe(400);
    // The case's holder is a hidden field (ataque-equipe.test.ts): not even joined for the owner.
    for (const filter of ['responsavel != ""', `responsavel.cpf = "${holderCpf}"`]) {
      expect((await failure(owner.pb.collection('atendimentos').getFullList({ filter }))).status).toBe(400);
    }
  });

  it('@collection joins are for superusers only', async () => {
    for (const filter of [
      '@collection.usuarios.cpf ?~ "1"',
      '@collection.requerentes.nome ?= "Ana"',
      '@collection.retransmissoes.valor ?~ "1"',
    ]) {
      expect((await failure(owner.pb.collection('consulados').getFullList({ filter }))).status).toBe(403);
    }
  });

  it('hidden fields cannot be filtered, sorted or selected, through a relation neither', async () => {
    const users = owner.pb.collection('usuarios');
    for (const filter of ['password != ""', 'tokenKey != ""']) {
      expect((await failure(users.getFullList({ filter }))).status).toBe(400);
    }
    expect((await failure(users.getFullList({ sort: 'password' }))).status).toBe(400);
    expect(
      (await failure(owner.pb.collection('agendamentos').getFullList({ sort: 'usuario.tokenKey' }))).status,
    ).toBe(400);
    expect(
      (
        await failure(
          owner.pb.collection('atendimentos').getFullList({ filter: 'responsavel.password != ""' }),
        )
      ).status,
    ).toBe(400);
    const [own] = await users.getFullList({ fields: 'id,password,tokenKey' });
    expect(own).toEqual({ id: owner.id });
  });
});

describe('writes and routes', () => {
  it('a hidden field in a write is ignored: tokenKey sent by the owner changes nothing', async () => {
    const customer = await newCustomer();
    await customer.pb
      .collection('usuarios')
      .update(customer.id, { tokenKey: 'chave-escolhida-pelo-cliente' });
    // The token signed with the account's key still works: the key did not change.
    expect((await customer.pb.collection('usuarios').authRefresh()).record.id).toBe(customer.id);
  });

  it("PocketBase's batch and one-time-code routes are off", async () => {
    const batch = await fetch(`${PB_URL}/api/batch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: owner.pb.authStore.token },
      body: JSON.stringify({
        requests: [{ method: 'PATCH', url: `/api/collections/usuarios/records/${owner.id}`, body: {} }],
      }),
    });
    expect(batch.status).toBe(403);
    expect((await failure(client().collection('usuarios').requestOTP(owner.email))).status).toBe(403);
  });

  it('an uploaded page dressed as a PDF: refused under an .html name; under .pdf, served as a PDF, sandboxed', async () => {
    const { customer } = await paidCustomer();
    const booking = await customer.pb.collection('agendamentos').getFirstListItem('');
    const applicant = await customer.pb
      .collection('requerentes')
      .create({ agendamento: booking.id, nome: 'Luca', sobrenome: 'Rossi' });
    const page = new TextEncoder().encode('%PDF-1.4\n<html><script>alert(1)</script></html>\n');
    const upload = (name: string) =>
      customer.pb.collection('documentos').create({
        agendamento: booking.id,
        requerente: applicant.id,
        item: 'foto',
        arquivos: [new File([page], name, { type: 'text/html' })],
      });
    // Staff would download it as pagina.html and open it as a page.
    const refused = await upload('pagina.html').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 400,
      response: { data: { arquivos: { code: 'validation_invalid_extension' } } },
    });
    expect(await customer.pb.collection('documentos').getFullList()).toHaveLength(0);
    const doc = await upload('pagina.pdf');
    const name = (doc.arquivos as string[])[0] ?? '';
    const token = await customer.pb.files.getToken();
    const served = await fetch(`${PB_URL}/api/files/documentos/${doc.id}/${name}?token=${token}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('applicants sent at once never exceed the order: an Individual one keeps one', async () => {
    const { customer } = await paidCustomer();
    const booking = await customer.pb.collection('agendamentos').getFirstListItem('');
    const sent = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        customer.pb
          .collection('requerentes')
          .create({ agendamento: booking.id, nome: `Pessoa ${'ABCDEF'.charAt(i)}`, sobrenome: 'Rossi' }),
      ),
    );
    expect(sent.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(await customer.pb.collection('requerentes').getFullList()).toHaveLength(1);
  });
});

describe('realtime', () => {
  it("a demoted staff member's open stream hears nothing more", async () => {
    const su = await superuser();
    const former = await newCustomer({ admin: true });
    const events: { name: string; data: { record: RecordModel | Record<string, unknown> } }[] = [];
    const stream = await subscribeRealtime(
      PB_URL,
      former.pb.authStore.token,
      ['agendamentos/*', 'requerentes/*'],
      (event) => events.push(event),
    );
    // Staff still on the team, as the witness that the change was broadcast.
    const witnessed: unknown[] = [];
    const witness = await subscribeRealtime(PB_URL, holder.pb.authStore.token, 'agendamentos/*', (event) =>
      witnessed.push(event),
    );
    try {
      await su.collection('agendamentos').update(bookingId, { nota_cliente: 'Antes' });
      await expect.poll(() => events.length).toBeGreaterThan(0);
      await su.collection('usuarios').update(former.id, { admin: false });
      const heard = events.length;
      await expect.poll(() => witnessed.length).toBeGreaterThan(0);
      const seen = witnessed.length;
      await su.collection('agendamentos').update(bookingId, { nota_cliente: 'Depois' });
      await expect.poll(() => witnessed.length).toBeGreaterThan(seen);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events.slice(heard)).toEqual([]);
      expect(await former.pb.collection('agendamentos').getFullList()).toEqual([]);
    } finally {
      stream.close();
      witness.close();
    }
  });
});
