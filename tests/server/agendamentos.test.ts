// A staff member's day on the real server (issue #11): finding a customer by anything they say on the phone.
import { createRequire } from 'node:module';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  asaasCustomer,
  cardRequest,
  failure,
  newCustomer,
  payByCard,
  superuser,
  type Customer,
  type RegisterInput,
} from './helpers';

// The query the app sends is normalized the way the server fills the column (pocketbase/pb_hooks/lib/busca.js).
const { termoBusca } = createRequire(import.meta.url)('../../pocketbase/pb_hooks/lib/busca.js') as {
  termoBusca: (q: string) => string;
};

const run = Date.now().toString(36);
/** Letters only (names must be letters), unique to this run. */
const marker = (n: number) =>
  (run + n.toString(36))
    .replace(/\d/g, (d) => 'qwxyzkjhgf'[Number(d)] ?? 'q')
    .replace(/^./, (c) => c.toUpperCase());
let phoneCounter = Math.floor(Math.random() * 90_000_000);
const nextPhone = () => `(21) 9${String(10_000_000 + phoneCounter++).slice(-8)}`.replace(/(\d{4})$/, '-$1');

/** A customer who bought the individual service: the server wrote their NOVO booking. */
async function bookedCustomer(overrides: Partial<RegisterInput> = {}) {
  const customer = await newCustomer({ celular: nextPhone(), ...overrides });
  await payByCard(customer, cardRequest(await asaasCustomer(customer), customer));
  const booking = await customer.pb.collection('agendamentos').getFirstListItem(`usuario = "${customer.id}"`);
  return { customer, booking };
}

let staff: Customer;
beforeAll(async () => {
  staff = await newCustomer({ admin: true, nome_completo: 'Beatriz Atendente Gonçalves' });
});

describe('search by name, CPF, e-mail and phone', () => {
  let lucia: Customer;
  let booking: RecordModel;
  const surname = marker(1);
  const find = (q: string, pb: PocketBase = staff.pb) =>
    pb
      .collection('agendamentos')
      .getFullList({ filter: pb.filter('usuario.busca ~ {:q}', { q: termoBusca(q) }) })
      .then((list) => list.map((b) => b.id));

  beforeAll(async () => {
    ({ customer: lucia, booking } = await bookedCustomer({
      nome_completo: `Lúcia ${surname} Araújo`,
      email: `lucia.${run}@teste.passaporte.test`,
    }));
  });

  it('finds by CPF with and without the mask, and by a part of it', async () => {
    const cpf = lucia.input.cpf;
    expect(cpf).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(await find(cpf)).toEqual([booking.id]);
    expect(await find(cpf.replace(/\D/g, ''))).toEqual([booking.id]);
    expect(await find(cpf.slice(0, 11))).toContain(booking.id);
  });

  it('finds by e-mail, whole or in part, in any case', async () => {
    expect(await find(`lucia.${run}@teste.passaporte.test`)).toEqual([booking.id]);
    expect(await find(`LUCIA.${run.toUpperCase()}`)).toEqual([booking.id]);
  });

  it('finds by phone with and without the mask', async () => {
    const phone = lucia.input.celular;
    expect(phone).toMatch(/^\(21\) 9\d{4}-\d{4}$/);
    expect(await find(phone)).toEqual([booking.id]);
    expect(await find(phone.replace(/\D/g, ''))).toEqual([booking.id]);
  });

  it('finds by name with or without accents, in any case', async () => {
    expect(await find(`Lúcia ${surname}`)).toEqual([booking.id]);
    expect(await find(`lucia ${surname.toLowerCase()} araujo`)).toEqual([booking.id]);
    expect(await find(`LÚCIA   ${surname.toUpperCase()}`)).toEqual([booking.id]);
    expect(await find(`${surname} ARAUJO`)).toEqual([booking.id]);
  });

  it('quotes, backslashes and markup in the query are text, not filter syntax', async () => {
    for (const q of [`" || id != "`, `' || 1=1 || '`, '\\', `<script>alert(1)</script>`, `${surname}"`]) {
      expect(await find(q)).toEqual([]);
    }
  });

  it('follows the customer changing their phone', async () => {
    const old = lucia.input.celular;
    const phone = nextPhone();
    await lucia.pb.collection('usuarios').update(lucia.id, { celular: phone });
    expect(await find(phone)).toEqual([booking.id]);
    expect(await find(old)).toEqual([]);
    lucia.input.celular = phone;
  });

  it('is never in an answer: not to staff through expand, not to the owner', async () => {
    const staffView = await staff.pb.collection('agendamentos').getOne(booking.id, { expand: 'usuario' });
    expect(staffView.expand?.usuario?.cpf).toBe(lucia.input.cpf);
    expect(staffView.expand?.usuario).not.toHaveProperty('busca');
    const staffList = await staff.pb.collection('usuarios').getList(1, 5, { filter: `id = "${lucia.id}"` });
    expect(staffList.items[0]).not.toHaveProperty('busca');
    expect(await lucia.pb.collection('usuarios').getOne(lucia.id)).not.toHaveProperty('busca');
  });

  it('a customer cannot write it, nor use it to find anyone else', async () => {
    const other = await bookedCustomer();
    expect(await find(lucia.input.cpf, other.customer.pb)).toEqual([]);
    expect(await find(`lucia ${surname}`, other.customer.pb)).toEqual([]);
    expect(
      await other.customer.pb
        .collection('usuarios')
        .getFullList({ filter: other.customer.pb.filter('busca ~ {:q}', { q: surname.toLowerCase() }) }),
    ).toEqual([]);
    // Their own booking answers to their own data, as it did before.
    expect(await find(other.customer.input.cpf, other.customer.pb)).toEqual([other.booking.id]);

    const update = await failure(
      other.customer.pb.collection('usuarios').update(other.customer.id, { busca: 'lucia' }),
    );
    expect(update.status).toBe(400);
    expect(update.response.data).toMatchObject({ busca: { code: 'validation_forbidden' } });
    const stored = await (await superuser()).collection('usuarios').getOne(other.customer.id);
    expect(stored.busca).toContain(other.customer.input.cpf.replace(/\D/g, ''));
  });
});
