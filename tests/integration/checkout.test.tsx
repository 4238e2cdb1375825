import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_TIMEOUTS_MS } from '@/features/checkout/api/asaas';
import { todayIso } from '@/lib/dates';
import { getDb } from '@/mocks/db';
import { DEMO_ACCOUNTS } from '@/mocks/seed';
import { renderApp } from '../helpers/render';
import { recordRequests } from '../helpers/requests';
import { server } from '../helpers/server';

const requests = recordRequests();
const customer = DEMO_ACCOUNTS.cliente;

type User = ReturnType<typeof renderApp>['user'];

async function openPurchase(service = 'individual') {
  const app = renderApp({ route: `/services/${service}`, session: 'cliente' });
  await app.user.click(await screen.findByRole('button', { name: 'Contratar' }));
  await screen.findByRole('heading', { name: 'Finalizar contratação' });
  return app;
}

async function fillCard(
  user: User,
  card: Partial<Record<'name' | 'number' | 'expiry' | 'cvv' | 'installments', string>> = {},
) {
  const v = {
    name: 'Maria C Souza',
    number: '4111111111111111',
    expiry: '12/30',
    cvv: '123',
    installments: '3x',
    ...card,
  };
  if (v.name) await user.type(screen.getByLabelText('Nome do titular'), v.name);
  if (v.number) await user.type(screen.getByLabelText('Número do cartão'), v.number);
  if (v.expiry) await user.type(screen.getByLabelText('Validade (MM/AA)'), v.expiry);
  if (v.cvv) await user.type(screen.getByLabelText('CVV'), v.cvv);
  if (v.installments) {
    const select = screen.getByLabelText('Parcelas') as HTMLSelectElement;
    const option = Array.from(select.options).find((o) => o.value === v.installments);
    await user.selectOptions(select, option?.value ?? '');
  }
}

const pay = (user: User) => user.click(screen.getByRole('button', { name: /^Pagar/ }));

describe('purchase area', () => {
  it('shows Flex, summary and terms; the card form only after the terms are accepted', async () => {
    const { user } = await openPurchase();
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
    const summary = screen.getByLabelText('Resumo');
    expect(within(summary).getByText('R$ 699,00', { selector: 'dd[aria-live]' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Adicionar Flex por R$ 199,00'));
    expect(within(summary).getByText('R$ 898,00', { selector: 'dd[aria-live]' })).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Li e aceito os termos de serviço/));
    expect(screen.getByLabelText('Número do cartão')).toBeInTheDocument();
    const options = Array.from((screen.getByLabelText('Parcelas') as HTMLSelectElement).options).map(
      (o) => o.textContent,
    );
    expect(options).toEqual([
      'Selecione',
      '1x R$ 898,00',
      '2x R$ 449,00',
      '3x R$ 299,33',
      '4x R$ 224,50',
      '5x R$ 179,60',
      '6x R$ 149,66',
    ]);
    await user.click(screen.getByLabelText('Adicionar Flex por R$ 199,00'));
    expect(screen.getByRole('button', { name: 'Pagar R$ 699,00' })).toBeInTheDocument();
  });

  it('shows every card-form message of seed §5', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await pay(user);
    for (const m of [
      'Nome do titular obrigatório',
      'Número do cartão obrigatório',
      'Data de validade obrigatória',
      'CVV obrigatório',
      'Escolha o número de parcelas',
    ]) {
      expect(await screen.findByText(m)).toBeInTheDocument();
    }
    await fillCard(user, { number: '4111111111111112', expiry: '13/30', cvv: '12', installments: '' });
    await pay(user);
    expect(await screen.findByText('Número do cartão inválido')).toBeInTheDocument();
    expect(screen.getByText('Data de validade inválida')).toBeInTheDocument();
    expect(screen.getByText('CVV inválido')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Validade (MM/AA)'));
    await user.type(screen.getByLabelText('Validade (MM/AA)'), '01/20');
    await pay(user);
    expect(await screen.findByText('Data de validade expirada')).toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(0);
  });

  it('masks the card fields and keeps only letters in the holder name', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, {
      name: 'Maria <script>"1',
      number: '4111 1111-1111 11119999',
      expiry: '1230',
      cvv: '12345',
    });
    expect(screen.getByLabelText('Nome do titular')).toHaveValue('Maria script');
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4111 1111 1111 1111');
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue('12/30');
    expect(screen.getByLabelText('CVV')).toHaveValue('1234');
    expect(screen.getByLabelText('Número do cartão')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Número do cartão')).toHaveAttribute('autocomplete', 'cc-number');
  });

  it('sends a customer who already paid to /tracking as soon as the service page loads', async () => {
    const { router } = renderApp({ route: '/services/familiar', session: 'agendado' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tracking'));
  });

  it('sends the session token as a bearer token', async () => {
    await openPurchase();
    const [list] = await requests.to('GET', '/api/collections/pagamentos/records');
    expect(list?.headers.get('authorization')).toBe(`Bearer ${sessionStorage.getItem('token')}`);
    expect(list?.search.get('filter')).toBe(`usuario = "${customer.id}"`);
  });
});

describe('payment', () => {
  it.each([
    { flex: true, installments: 3, total: 898, value: 299.33 },
    { flex: false, installments: 1, total: 699, value: 699 },
    { flex: true, installments: 6, total: 898, value: 149.66 },
  ])(
    'sends the six calls in order with the exact payloads (flex $flex, $installments x)',
    async ({ flex, installments, total, value }) => {
      const { user } = await openPurchase();
      if (flex) await user.click(screen.getByLabelText('Adicionar Flex por R$ 199,00'));
      await user.click(screen.getByLabelText(/Li e aceito/));
      await fillCard(user, { installments: `${installments}x` });
      await pay(user);
      const dialog = await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
      expect(within(dialog).getByRole('link', { name: 'Enviar documentos' })).toHaveAttribute(
        'href',
        '/tracking',
      );
      expect(within(dialog).queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();

      const all = (await requests.all()).filter((r) => r.method === 'POST' || r.host === 'api.ipify.org');
      expect(all.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /',
        'POST /payments/asaas/customer',
        'POST /payments/asaas/installment',
        'POST /api/collections/pagamentos/records',
        'POST /api/collections/agendamentos/records',
      ]);
      expect(all[1]?.body).toEqual({
        name: customer.nome_completo,
        cpfCnpj: customer.cpf.replace(/\D/g, ''),
        email: customer.email,
      });
      const customerId = getDb().asaasCustomers.at(-1)?.id;
      expect(all[2]?.body).toEqual({
        installmentCount: installments,
        customer: customerId,
        value,
        totalValue: total,
        billingType: 'CREDIT_CARD',
        dueDate: todayIso(),
        creditCard: {
          holderName: 'Maria C Souza',
          number: '4111111111111111',
          expiryMonth: '12',
          expiryYear: '2030',
          ccv: '123',
        },
        creditCardHolderInfo: {
          name: customer.nome_completo,
          email: customer.email,
          cpfCnpj: customer.cpf.replace(/\D/g, ''),
          postalCode: '01310100',
          addressNumber: '1000',
          phone: customer.celular.replace(/\D/g, ''),
        },
        remoteIp: '203.0.113.10',
      });
      const chargeId = getDb().asaasCharges.at(-1)?.id;
      expect(all[3]?.body).toEqual({
        usuario: customer.id,
        tipo_servico: 'individual',
        preco_servico: total,
        metodo_pagamento: 'cartao_credito',
        numero_parcelas: installments,
        asaas_id_pagamento: chargeId,
      });
      expect(all[4]?.body).toEqual({
        usuario: customer.id,
        data_agendamento: '',
        hora_agendamento: '',
        status_agendamento: 'NOVO',
        local_agendamento: '',
      });
    },
  );

  it('a declined card shows Falha no pagamento; Tentar novamente closes it and a good card then succeeds', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, { number: '5184019740373151' });
    await pay(user);
    const failure = await screen.findByRole('dialog', { name: 'Falha no pagamento' });
    expect(within(failure).getByText('Algo deu errado ao processar seu pagamento.')).toBeInTheDocument();
    await user.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the form keeps what was typed: only the number changes
    const number = screen.getByLabelText('Número do cartão');
    await user.clear(number);
    await user.type(number, '5555555555554444');
    await pay(user);
    expect(await screen.findByRole('dialog', { name: 'Pagamento confirmado' })).toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(2);
    expect(getDb().asaasCharges).toHaveLength(1);
  });

  it.each([
    [
      'customer creation fails (500)',
      '*/payments/asaas/customer',
      () => HttpResponse.json({}, { status: 500 }),
    ],
    ['customer creation has no network', '*/payments/asaas/customer', () => HttpResponse.error()],
  ])('when %s nothing is charged and the customer may try again', async (_label, path, resolver) => {
    server.use(http.post(path, resolver));
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    expect(await screen.findByRole('dialog', { name: 'Falha no pagamento' })).toBeInTheDocument();
    expect(await requests.to('POST', '/api/collections/pagamentos/records')).toHaveLength(0);
  });

  it('a charge answer without an id counts as unknown: it may have gone through', async () => {
    server.use(http.post('*/payments/asaas/installment', () => HttpResponse.json({ status: 'CONFIRMED' })));
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    expect(
      await screen.findByRole('dialog', { name: 'Não conseguimos confirmar o pagamento' }),
    ).toBeInTheDocument();
  });

  it.each(['charging', 'uncertain'])(
    'after a reload with a charge %s, the page shows the notice instead of the form',
    async (state) => {
      sessionStorage.setItem(`payment_state:${customer.id}`, JSON.stringify({ state }));
      const { user } = renderApp({ route: '/services/individual', session: 'cliente' });
      await user.click(await screen.findByRole('button', { name: 'Contratar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Não conseguimos confirmar o seu pagamento');
      expect(screen.queryByLabelText(/Li e aceito/)).not.toBeInTheDocument();
    },
  );

  it('checks the server for a payment made meanwhile (another tab) right before charging', async () => {
    const { user, router } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    const [template] = getDb().pagamentos;
    if (!template) throw new Error('the seed has payments');
    getDb().pagamentos.push({ ...template, id: 'outraaba0000001', usuario: customer.id });
    await pay(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tracking'));
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(0);
  });

  it('a failed IP lookup still reaches the charge with an empty remoteIp; a refusal charges nothing', async () => {
    server.use(http.get('https://api.ipify.org', () => HttpResponse.error()));
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    // the stand-in, like Asaas, refuses a card charge without the buyer's IP: a safe failure
    expect(await screen.findByRole('dialog', { name: 'Falha no pagamento' })).toBeInTheDocument();
    const [charge] = await requests.to('POST', '/payments/asaas/installment');
    expect(charge?.body).toMatchObject({ remoteIp: '' });
    expect(getDb().asaasCharges).toHaveLength(0);
  });

  it('a charge that times out or answers 500 is never repeated blindly', async () => {
    server.use(http.post('*/payments/asaas/installment', () => HttpResponse.json({}, { status: 502 })));
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Não conseguimos confirmar o pagamento' });
    expect(within(dialog).getByText(/Não pague de novo agora/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    // the form does not come back: the page says what to do instead
    expect(await screen.findByRole('alert')).toHaveTextContent('Não conseguimos confirmar o seu pagamento');
    expect(screen.queryByRole('button', { name: /^Pagar/ })).not.toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(1);
  });

  it('a charge that hangs ends as unknown after its time limit, not as a failure to retry', async () => {
    const limit = PAYMENT_TIMEOUTS_MS.charge;
    PAYMENT_TIMEOUTS_MS.charge = 300;
    try {
      server.use(http.post('*/payments/asaas/installment', () => delay('infinite')));
      const { user } = await openPurchase();
      await user.click(screen.getByLabelText(/Li e aceito/));
      await fillCard(user);
      await pay(user);
      expect(screen.getByRole('dialog', { name: 'Processando pagamento...' })).toBeInTheDocument();
      expect(
        await screen.findByRole('dialog', { name: 'Não conseguimos confirmar o pagamento' }),
      ).toBeInTheDocument();
    } finally {
      PAYMENT_TIMEOUTS_MS.charge = limit;
    }
  });

  it('double-clicking Pagar charges once', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await user.dblClick(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(1);
  });

  it('retries the record save after the charge, without charging again', async () => {
    let failures = 1;
    server.use(
      http.post('*/api/collections/pagamentos/records', () => {
        if (failures-- > 0) return HttpResponse.error();
        return undefined;
      }),
    );
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    expect(await screen.findByRole('dialog', { name: 'Pagamento confirmado' })).toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(1);
    expect(getDb().pagamentos.filter((p) => p.usuario === customer.id)).toHaveLength(1);
    expect(getDb().agendamentos.filter((b) => b.usuario === customer.id)).toHaveLength(1);
  });

  it('when the save keeps failing it says the payment went through, and finishes on the next visit', async () => {
    server.use(
      http.post('*/api/collections/pagamentos/records', () =>
        HttpResponse.json({ status: 500, message: 'x', data: {} }, { status: 500 }),
      ),
    );
    const first = await openPurchase();
    await first.user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(first.user);
    await pay(first.user);
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento aprovado' });
    const chargeId = getDb().asaasCharges.at(-1)?.id ?? '';
    expect(within(dialog).getByText(chargeId)).toBeInTheDocument();
    expect(within(dialog).getByText(/Não pague de novo/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    expect(JSON.stringify(localStorage)).not.toContain('4111');
    first.unmount();

    server.resetHandlers();
    const second = renderApp({ route: '/services/individual', session: 'cliente' });
    await second.user.click(await screen.findByRole('button', { name: 'Contratar' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/tracking'));
    expect(getDb().asaasCharges).toHaveLength(1);
    const saved = getDb().pagamentos.filter((p) => p.usuario === customer.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.asaas_id_pagamento).toBe(chargeId);
    expect(getDb().agendamentos.filter((b) => b.usuario === customer.id)).toHaveLength(1);
  });

  it('never writes card data to storage, the URL or the console', async () => {
    const log = vi.spyOn(console, 'log');
    const info = vi.spyOn(console, 'info');
    const { user, router } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
    const stored = JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage });
    expect(stored).not.toContain('4111');
    expect(router.state.location.search).not.toContain('4111');
    const printed = JSON.stringify([...log.mock.calls, ...info.mock.calls]);
    expect(printed).not.toContain('4111111111111111');
  });

  it('a session without an id is no session: nothing to buy, nothing sent', async () => {
    const { user } = await openPurchase();
    sessionStorage.setItem('id', '');
    window.dispatchEvent(new StorageEvent('storage', { key: 'id' }));
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/customer')).toHaveLength(0);
  });
});
