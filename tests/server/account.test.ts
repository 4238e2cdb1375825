// The customer's own data on the real server: the export holds only their rows, the deletion request is
// theirs alone, its status is the server's, and staff see every request.
import { describe, expect, it } from 'vitest';
import { client, digits, failure, newCustomer, paidCustomer } from './helpers';

describe('export (GET /api/conta/exportar)', () => {
  it('is everything the server holds about the customer, and nobody else’s', async () => {
    const { customer, charge } = await paidCustomer({ tipo: 'familiar' });
    const other = await paidCustomer();
    const data = await customer.pb.send<Record<string, unknown[] | Record<string, unknown> | string>>(
      '/api/conta/exportar',
      {},
    );
    expect(data.conta).toMatchObject({
      id: customer.id,
      email: customer.email,
      cpf: digits(customer.input.cpf),
    });
    expect(data.conta).not.toHaveProperty('password');
    expect(data.conta).not.toHaveProperty('tokenKey');
    expect(data.pagamentos).toMatchObject([{ asaas_id_pagamento: charge.id, preco_servico: 999 }]);
    expect(data.cobrancas).toMatchObject([{ asaas_id: charge.id, status: 'CONFIRMED' }]);
    expect(data.agendamentos).toMatchObject([{ status_agendamento: 'NOVO' }]);
    expect(data.solicitacoes_exclusao).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(other.customer.id);
    expect(JSON.stringify(data)).not.toContain('4111111111111111');
  });

  it('needs a session', async () => {
    expect((await failure(client().send('/api/conta/exportar', {}))).status).toBe(401);
  });
});

describe('deletion request (solicitacoes_exclusao)', () => {
  it('a customer with a booking in progress is told it waits; the status in the body is ignored', async () => {
    const { customer } = await paidCustomer();
    const request = await customer.pb
      .collection('solicitacoes_exclusao')
      .create({ usuario: customer.id, status: 'CONCLUIDA', motivo: 'Não preciso mais.' });
    expect(request).toMatchObject({ status: 'AGUARDANDO_ATENDIMENTO', motivo: 'Não preciso mais.' });
  });

  it('without a booking it is pending; a second request is refused as not unique', async () => {
    const customer = await newCustomer();
    const request = await customer.pb.collection('solicitacoes_exclusao').create({ usuario: customer.id });
    expect(request.status).toBe('PENDENTE');
    const again = await failure(
      customer.pb.collection('solicitacoes_exclusao').create({ usuario: customer.id }),
    );
    expect(again.status).toBe(400);
    expect(again.response.data).toMatchObject({ usuario: { code: 'validation_not_unique' } });
  });

  it('nobody asks for someone else, changes or withdraws a request; only the owner and staff read it', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const staff = await newCustomer({ admin: true });
    expect(
      (await failure(other.pb.collection('solicitacoes_exclusao').create({ usuario: owner.id }))).status,
    ).toBe(400);
    expect(
      (await failure(client().collection('solicitacoes_exclusao').create({ usuario: owner.id }))).status,
    ).toBe(400);
    const request = await owner.pb.collection('solicitacoes_exclusao').create({ usuario: owner.id });
    expect(
      (
        await failure(
          owner.pb.collection('solicitacoes_exclusao').update(request.id, { status: 'CONCLUIDA' }),
        )
      ).status,
    ).toBe(403);
    expect((await failure(owner.pb.collection('solicitacoes_exclusao').delete(request.id))).status).toBe(403);
    expect((await failure(other.pb.collection('solicitacoes_exclusao').getOne(request.id))).status).toBe(404);
    expect(await other.pb.collection('solicitacoes_exclusao').getFullList()).toEqual([]);
    expect((await staff.pb.collection('solicitacoes_exclusao').getOne(request.id)).usuario).toBe(owner.id);
  });

  it('the phone is the only account field a customer edits, and it is checked', async () => {
    const customer = await newCustomer();
    const updated = await customer.pb
      .collection('usuarios')
      .update(customer.id, { celular: '(21) 99876-5432' });
    expect(updated.celular).toBe('21998765432');
    const bad = await failure(customer.pb.collection('usuarios').update(customer.id, { celular: '123' }));
    expect(bad.response.data).toMatchObject({ celular: { code: 'validation_invalid_celular' } });
  });
});
