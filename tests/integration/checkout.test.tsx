import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_TIMEOUTS_MS } from '@/features/checkout/api/asaas';
import { CHARGE_POLL_MS } from '@/lib/api/charges';
import { FIELD_MESSAGES } from '@/lib/field-messages';
import { getDb } from '@/mocks/db';
import { asaasEvent } from '@/mocks/asaas';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { pbDate } from '@/mocks/util';
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
  card: Partial<
    Record<'name' | 'number' | 'expiry' | 'cvv' | 'cep' | 'addressNumber' | 'installments', string>
  > = {},
) {
  const v = {
    name: 'Maria C Souza',
    number: '4111111111111111',
    expiry: '12/30',
    cvv: '123',
    cep: '01310100',
    addressNumber: '1000',
    installments: '3x',
    ...card,
  };
  if (v.name) await user.type(screen.getByLabelText('Nome do titular'), v.name);
  if (v.number) await user.type(screen.getByLabelText('Número do cartão'), v.number);
  if (v.expiry) await user.type(screen.getByLabelText('Validade (MM/AA)'), v.expiry);
  if (v.cvv) await user.type(screen.getByLabelText('CVV'), v.cvv);
  if (v.cep) await user.type(screen.getByLabelText('CEP do titular'), v.cep);
  if (v.addressNumber) await user.type(screen.getByLabelText('Número do endereço'), v.addressNumber);
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
      '3x R$ 299,33 (última R$ 299,34)',
      '4x R$ 224,50',
      '5x R$ 179,60',
      '6x R$ 149,66 (última R$ 149,70)',
    ]);
    await user.click(screen.getByLabelText('Adicionar Flex por R$ 199,00'));
    expect(screen.getByRole('button', { name: 'Pagar R$ 699,00' })).toBeInTheDocument();
  });

  it('shows the contract’s summary before Pagar: service, Flex, total, installments, withdrawal, terms', async () => {
    const { user } = await openPurchase('familiar');
    await user.click(screen.getByLabelText('Adicionar Flex por R$ 199,00'));
    await user.click(screen.getByLabelText(/Li e aceito/));
    const summary = screen.getByRole('region', { name: 'Resumo da contratação' });
    expect(within(summary).getByText('Agendamento Familiar')).toBeInTheDocument();
    expect(within(summary).getByText('Incluído: R$ 199,00')).toBeInTheDocument();
    expect(within(summary).getByText('R$ 1.198,00')).toBeInTheDocument();
    expect(within(summary).getByText(/desistir da compra em até 7 dias/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Parcelas'), '6x');
    expect(
      within(summary).getByText('6x no cartão de crédito: 5 de R$ 199,66 e 1 de R$ 199,70'),
    ).toBeInTheDocument();
    const terms = screen.getByRole('link', { name: /Leia os termos de serviço/ });
    expect(terms).toHaveAttribute('href', '/termos');
    expect(terms).toHaveAttribute('target', '_blank');
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
    // Visa takes 19 digits: the extra ones stay, grouped in fours.
    expect(screen.getByLabelText('Número do cartão')).toHaveValue('4111 1111 1111 1111 999');
    expect(screen.getByLabelText('Validade (MM/AA)')).toHaveValue('12/30');
    expect(screen.getByLabelText('CVV')).toHaveValue('1234');
    expect(screen.getByLabelText('Número do cartão')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Número do cartão')).toHaveAttribute('autocomplete', 'cc-number');
  });

  it('keeps every digit of a number, CEP or CVV pasted with spaces or words around it', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    const pasted: [string, string, string][] = [
      ['Número do cartão', ' 4111-1111-1111-1111 ', '4111 1111 1111 1111'],
      ['Validade (MM/AA)', 'Validade 12/2030', '12/30'],
      ['CVV', 'CVV: 123', '123'],
      ['CEP do titular', ' 01310-100', '01310-100'],
    ];
    for (const [label, text, shown] of pasted) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
      expect(screen.getByLabelText(label)).toHaveValue(shown);
    }
  });

  it('recognises the brand, takes Amex’s 15 digits and 4-digit CVV, and reads an autofilled MM/YYYY', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    const number = screen.getByLabelText('Número do cartão');
    await user.type(number, '378282246310005');
    expect(number).toHaveValue('3782 822463 10005');
    expect(screen.getByText('Bandeira: American Express')).toBeInTheDocument();
    const expiry = screen.getByLabelText('Validade (MM/AA)');
    // A phone's autofill writes the whole value at once, often as MM/YYYY.
    await user.click(expiry);
    await user.paste('12/2030');
    expect(expiry).toHaveValue('12/30');
    await fillCard(user, { number: '', expiry: '', cvv: '123', installments: '1x' });
    await pay(user);
    expect(await screen.findByText('CVV inválido')).toBeInTheDocument();
    await user.type(screen.getByLabelText('CVV'), '4');
    await pay(user);
    expect(await screen.findByRole('dialog', { name: 'Pagamento confirmado' })).toBeInTheDocument();
    const [charge] = await requests.to('POST', '/payments/asaas/installment');
    expect(charge?.body).toMatchObject({
      creditCard: { number: '378282246310005', ccv: '1234', expiryMonth: '12', expiryYear: '2030' },
    });
  });

  it("asks for the holder's CEP and number; 'O cartão é de outra pessoa' asks for their name, CPF and phone", async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, { cep: '0131', addressNumber: '' });
    await pay(user);
    expect(await screen.findByText('CEP inválido')).toBeInTheDocument();
    expect(screen.getByText('Número do endereço obrigatório')).toBeInTheDocument();
    expect(screen.queryByLabelText('CPF do titular')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('CEP do titular'), '0100');
    expect(screen.getByLabelText('CEP do titular')).toHaveValue('01310-100');
    await user.type(screen.getByLabelText('Número do endereço'), '77B');
    await user.click(screen.getByLabelText('O cartão é de outra pessoa'));
    await user.type(screen.getByLabelText('CPF do titular'), '11111111111');
    await pay(user);
    expect(await screen.findByText('Informe o nome completo do titular')).toBeInTheDocument();
    expect(screen.getByText('CPF inválido')).toBeInTheDocument();
    expect(screen.getByText('Celular inválido')).toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(0);
    await user.type(screen.getByLabelText('Nome completo do titular'), 'Giuseppe Rossi');
    await user.clear(screen.getByLabelText('CPF do titular'));
    await user.type(screen.getByLabelText('CPF do titular'), '52998224725');
    await user.type(screen.getByLabelText('Celular do titular'), '21998765432');
    await pay(user);
    await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
    const [charge] = await requests.to('POST', '/payments/asaas/installment');
    expect(charge?.body).toMatchObject({
      creditCardHolderInfo: {
        name: 'Giuseppe Rossi',
        cpfCnpj: '52998224725',
        postalCode: '01310100',
        addressNumber: '77B',
        phone: '21998765432',
      },
    });
  });

  it('editing a digit in the middle of the card number keeps the caret where it was', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    const number = screen.getByLabelText<HTMLInputElement>('Número do cartão');
    await user.type(number, '4111111111111111');
    // Put the caret after '4111 1' and type a digit: it lands there, and the caret stays after it.
    number.setSelectionRange(6, 6);
    await user.keyboard('9');
    expect(number).toHaveValue('4111 1911 1111 1111 1');
    expect(number.selectionStart).toBe(7);
  });

  it('sends a customer who already paid to /tracking as soon as the service page loads', async () => {
    const { router } = renderApp({ route: '/services/familiar', session: 'agendado' });
    await waitFor(() => expect(router.location.pathname).toBe('/tracking'));
  });

  it('a customer whose only order was fully refunded may buy again: the form, not /tracking', async () => {
    const refunded = getDb().pagamentos.filter((p) => p.usuario === DEMO_ACCOUNTS.agendado.id);
    expect(refunded).toHaveLength(1);
    for (const p of refunded) p.status_asaas = 'REFUNDED';
    // As the server leaves it: the refunded charge is no longer live.
    for (const c of getDb().cobrancas.filter((c) => c.usuario === DEMO_ACCOUNTS.agendado.id))
      Object.assign(c, { status: 'REFUNDED', ativa: false });
    const { router, user } = renderApp({ route: '/services/familiar', session: 'agendado' });
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    await screen.findByRole('heading', { name: 'Finalizar contratação' });
    expect(router.location.pathname).toBe('/services/familiar');
  });

  it('sends the session token as a bearer token', async () => {
    await openPurchase();
    const [list] = await requests.to('GET', '/api/collections/pagamentos/records');
    // The token as stored when the list was asked for (the session check on start may renew it later).
    expect(list?.headers.get('authorization')).toMatch(/^Bearer eyJ[\w-]*\.[\w-]+\.[\w-]+$/);
    // The list rule keeps a customer's list to their own rows: no filter, so an empty answer is not delayed.
    expect(list?.search.get('filter')).toBeNull();
  });
});

describe('payment', () => {
  const chargesOf = (userId: string) => getDb().cobrancas.filter((c) => c.usuario === userId);

  it.each([
    { flex: true, installments: 3, total: 898, value: 299.33 },
    { flex: false, installments: 1, total: 699, value: 699 },
    { flex: true, installments: 6, total: 898, value: 149.66 },
  ])(
    'sends the two proxy calls with the exact payloads; the server writes the order (flex $flex, $installments x)',
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

      const posts = (await requests.all()).filter(
        (r) => r.method === 'POST' && r.path.startsWith('/payments/'),
      );
      // The browser no longer writes the payment or the booking, nor asks a third party for its IP.
      expect(posts.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /payments/asaas/customer',
        'POST /payments/asaas/installment',
      ]);
      expect((await requests.all()).some((r) => r.host === 'api.ipify.org')).toBe(false);
      const customerId = getDb().asaas_clientes.find((c) => c.usuario === customer.id)?.asaas_id;
      const body = posts[1]?.body as Record<string, unknown>;
      expect(body).toEqual({
        installmentCount: installments,
        customer: customerId,
        value,
        totalValue: total,
        billingType: 'CREDIT_CARD',
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
        tipo_servico: 'individual',
        flex,
        externalReference: expect.stringMatching(/^tentativa-[0-9a-f]{24}$/),
      });
      const [payment] = getDb().pagamentos.filter((p) => p.usuario === customer.id);
      expect(payment).toMatchObject({
        tipo_servico: 'individual',
        preco_servico: total,
        flex,
        metodo_pagamento: 'cartao_credito',
        numero_parcelas: installments,
        // Asaas makes one payment per installment; the order keeps the first's id.
        asaas_id_pagamento: getDb().asaasCharges.at(-installments)?.id,
      });
      expect(getDb().agendamentos.filter((b) => b.usuario === customer.id)).toMatchObject([
        { status_agendamento: 'NOVO', pagamento: payment?.id },
      ]);
    },
  );

  it('a declined card shows Asaas’s reason; Tentar novamente closes it and a good card then succeeds, as a new attempt', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, { number: '4000000000000036' });
    await pay(user);
    const failure = await screen.findByRole('dialog', { name: 'Falha no pagamento' });
    expect(within(failure).getByText('Algo deu errado ao processar seu pagamento.')).toBeInTheDocument();
    expect(within(failure).getByText('Transação não autorizada. Saldo insuficiente.')).toBeInTheDocument();
    await user.click(within(failure).getByRole('button', { name: 'Tentar novamente' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the form keeps what was typed: only the number changes
    const number = screen.getByLabelText('Número do cartão');
    await user.clear(number);
    await user.type(number, '5555555555554444');
    await pay(user);
    expect(await screen.findByRole('dialog', { name: 'Pagamento confirmado' })).toBeInTheDocument();
    const charges = await requests.to('POST', '/payments/asaas/installment');
    expect(charges).toHaveLength(2);
    const [first, second] = charges.map((r) => (r.body as { externalReference: string }).externalReference);
    expect(first).not.toBe(second);
    // Only the second attempt made a charge at Asaas (one payment per installment).
    expect(new Set(getDb().asaasCharges.map((c) => c.externalReference))).toEqual(new Set([second]));
  });

  it.each([
    [
      'customer creation fails (500)',
      () => HttpResponse.json({ status: 500, message: 'x', data: {} }, { status: 500 }),
    ],
    ['customer creation has no network', () => HttpResponse.error()],
  ])('when %s nothing is charged and the customer may try again', async (_label, resolver) => {
    server.use(http.post('*/payments/asaas/customer', resolver));
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    expect(await screen.findByRole('dialog', { name: 'Falha no pagamento' })).toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(0);
  });

  it('a charge held for risk analysis says so, keeps the order and offers no second payment', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, { number: '4000000000000010' });
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento em análise' });
    expect(within(dialog).getByText(/Não pague de novo/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(await screen.findByRole('heading', { name: 'Pagamento em análise' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pagar/ })).not.toBeInTheDocument();
    expect(getDb().pagamentos.filter((p) => p.usuario === customer.id)).toEqual([]);
    expect(chargesOf(customer.id)).toMatchObject([{ status: 'AWAITING_RISK_ANALYSIS', ativa: true }]);
  });

  it.each([
    ['AWAITING_RISK_ANALYSIS', 'Pagamento em análise'],
    ['INDETERMINADA', 'Não conseguimos confirmar o seu pagamento'],
  ])(
    'on any device, a live charge (%s) on the server shows its notice instead of the form',
    async (status, title) => {
      const [template] = getDb().cobrancas;
      if (!template) throw new Error('the seed has charges');
      getDb().cobrancas.push({
        ...template,
        id: 'outroaparelho01',
        usuario: customer.id,
        status,
        tentativa: 'outro-aparelho-1',
        // just recorded: an unknown charge that Asaas does not know ends only after a while
        updated: pbDate(new Date()),
      });
      const { user } = renderApp({ route: '/services/individual', session: 'cliente' });
      const scrolled = vi.mocked(Element.prototype.scrollIntoView);
      scrolled.mockClear();
      await user.click(await screen.findByRole('button', { name: 'Contratar' }));
      const heading = await screen.findByRole('heading', { name: title });
      expect(screen.queryByLabelText(/Li e aceito/)).not.toBeInTheDocument();
      // 'Contratar' changes nothing else here: it brings the notice into view and moves focus to it.
      expect(document.activeElement?.contains(heading)).toBe(true);
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    },
  );

  it('a charge of unknown outcome that Asaas never made: the notice gives way to the form, saying nothing was charged', async () => {
    const [template] = getDb().cobrancas;
    if (!template) throw new Error('the seed has charges');
    // recorded long ago, and the demo's Asaas lists nothing for its attempt: the server ends it as never made
    getDb().cobrancas.push({
      ...template,
      id: 'outroaparelho02',
      usuario: customer.id,
      status: 'INDETERMINADA',
      ativa: true,
      asaas_id: '',
      tentativa: 'nunca-criada-1',
      created: '2026-11-01 12:00:00.000Z',
      updated: '2026-11-01 12:00:00.000Z',
    });
    const { user } = renderApp({ route: '/services/individual', session: 'cliente' });
    expect(
      await screen.findByRole('heading', { name: 'Seu pagamento não foi concluído' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/A operadora confirmou que a cobrança não foi feita/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Contratar' }));
    const form = await screen.findByRole('region', { name: 'Finalizar contratação' });
    expect(within(form).getByText('Nada foi cobrado.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Li e aceito/)).toBeInTheDocument();
    expect(chargesOf(customer.id)).toMatchObject([{ status: 'NAO_CRIADA', ativa: false }]);
  });

  it("'Contratar' moves focus to the purchase form it opened, so the keyboard goes on from there", async () => {
    await openPurchase();
    const form = screen.getByRole('heading', { name: 'Finalizar contratação' });
    expect(document.activeElement?.contains(form)).toBe(true);
    expect(document.activeElement?.contains(screen.getByRole('button', { name: 'Contratar' }))).toBe(false);
  });

  it('a payment made meanwhile on another device: the server refuses the charge and the page goes to tracking', async () => {
    const { user, router } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    const [template] = getDb().pagamentos;
    if (!template) throw new Error('the seed has payments');
    getDb().pagamentos.push({ ...template, id: 'outraaba0000001', usuario: customer.id });
    await pay(user);
    await waitFor(() => expect(router.location.pathname).toBe('/tracking'));
    expect(getDb().asaasCharges).toHaveLength(0);
  });

  it('a charge without an answer is never repeated blindly', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, { number: '4000000000000044' });
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Não conseguimos confirmar o pagamento' });
    expect(within(dialog).getByText(/Não pague de novo agora/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    // the form does not come back: the server holds the charge, and the page says what to do instead
    expect(
      await screen.findByRole('heading', { name: 'Não conseguimos confirmar o seu pagamento' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pagar/ })).not.toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(1);
  });

  it('closing the unknown outcome with Escape leaves focus on what replaced the form, not on the page body', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, { number: '4000000000000044' });
    await pay(user);
    await screen.findByRole('dialog', { name: 'Não conseguimos confirmar o pagamento' });
    await user.keyboard('{Escape}');
    const heading = await screen.findByRole('heading', { name: 'Não conseguimos confirmar o seu pagamento' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).not.toBe(document.body);
    expect(heading.parentElement).toHaveFocus();
  });

  it('a charge that answers 502 but went through: the server asks Asaas and the order is there', async () => {
    const { user, router } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user, { number: '4000000000000051' });
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
    await user.click(within(dialog).getByRole('link', { name: 'Enviar documentos' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tracking'));
    expect(getDb().pagamentos.filter((p) => p.usuario === customer.id)).toHaveLength(1);
    expect(chargesOf(customer.id)).toMatchObject([{ status: 'CONFIRMED' }]);
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

  it('too many attempts: the server’s 429 message is shown and nothing is charged', async () => {
    getDb().tentativas_cartao.push(
      ...Array.from({ length: 5 }, (_, i) => ({
        id: `tentativa${i}`,
        usuario: customer.id,
        ip: '127.0.0.1',
        created: pbDate(new Date()),
      })),
    );
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await pay(user);
    const dialog = await screen.findByRole('dialog', { name: 'Falha no pagamento' });
    expect(
      within(dialog).getByText(
        'Muitas tentativas de pagamento em pouco tempo. Aguarde alguns minutos e tente novamente.',
      ),
    ).toBeInTheDocument();
    expect(getDb().asaasCharges).toHaveLength(0);
  });

  it.each(['customer', 'installment'])(
    "PocketBase's own rate limit on /payments/asaas/%s: the modal says it in pt-BR, never 'Too Many Requests.'",
    async (route) => {
      server.use(
        http.post(`*/payments/asaas/${route}`, () =>
          HttpResponse.json({ status: 429, message: 'Too Many Requests.', data: {} }, { status: 429 }),
        ),
      );
      const { user } = await openPurchase();
      await user.click(screen.getByLabelText(/Li e aceito/));
      await fillCard(user);
      await pay(user);
      const dialog = await screen.findByRole('dialog', { name: 'Falha no pagamento' });
      expect(within(dialog).getByText(FIELD_MESSAGES.muitasTentativas)).toBeInTheDocument();
      expect(dialog).not.toHaveTextContent('Too Many');
    },
  );

  it('double-clicking Pagar charges once', async () => {
    const { user } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await fillCard(user);
    await user.dblClick(screen.getByRole('button', { name: /^Pagar/ }));
    await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
    expect(await requests.to('POST', '/payments/asaas/installment')).toHaveLength(1);
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
    expect(router.location.search).not.toContain('4111');
    const printed = JSON.stringify([...log.mock.calls, ...info.mock.calls]);
    expect(printed).not.toContain('4111111111111111');
  });

  it('a session without an id is no session: nothing to buy, nothing sent', async () => {
    const { user } = await openPurchase();
    act(() => {
      sessionStorage.setItem('id', '');
      window.dispatchEvent(new StorageEvent('storage', { key: 'id' }));
    });
    // The page shows the visitor's header once the session is gone.
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Contratar' }));
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(await requests.to('POST', '/payments/asaas/customer')).toHaveLength(0);
  });
});

describe('Pix', () => {
  it('shows the QR code, the copy-and-paste code and its expiry, and confirms by itself once the server has the payment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = await openPurchase();
    await user.click(screen.getByLabelText(/Li e aceito/));
    await user.click(screen.getByRole('radio', { name: 'Pix' }));
    expect(screen.queryByLabelText('Número do cartão')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gerar Pix de R$ 699,00' }));
    expect(await screen.findByRole('img', { name: 'QR code do Pix' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    const code = screen.getByLabelText<HTMLTextAreaElement>('Código Pix copia e cola');
    expect(code.value).toContain('br.gov.bcb.pix');
    expect(screen.getByText(/^Pague até \d{2}\/\d{2}\/\d{4} 23:59\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(await screen.findByText('Código copiado.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(code.value);
    const [sent] = await requests.to('POST', '/payments/asaas/pix');
    expect(sent?.body).toMatchObject({ value: 699, tipo_servico: 'individual', flex: false });

    // The bank pays; the webhook records it on the server; the page notices by itself.
    const charge = getDb().cobrancas.find((c) => c.usuario === customer.id && c.metodo === 'pix');
    if (!charge) throw new Error('no Pix charge');
    // The demo server e-mails the receipt as it records the payment: a toast on this page.
    act(() => asaasEvent(charge.asaas_id, 'PAYMENT_RECEIVED'));
    await act(() => vi.advanceTimersByTimeAsync(CHARGE_POLL_MS));
    const confirmed = await screen.findByRole('dialog', { name: 'Pagamento confirmado' });
    await user.click(within(confirmed).getByRole('link', { name: 'Enviar documentos' }));
    await waitFor(() => expect(router.location.pathname).toBe('/tracking'));
    expect(await screen.findByText('Forma de pagamento: Pix')).toBeInTheDocument();
    expect(await screen.findByText(/Comprovante da compra enviado para/)).toBeInTheDocument();
  });

  it('a Pix made on another device is shown again instead of the form, and a Pix paid meanwhile is an order', async () => {
    const first = await openPurchase('familiar');
    await first.user.click(screen.getByLabelText(/Li e aceito/));
    await first.user.click(screen.getByRole('radio', { name: 'Pix' }));
    await first.user.click(screen.getByRole('button', { name: 'Gerar Pix de R$ 999,00' }));
    await screen.findByRole('img', { name: 'QR code do Pix' });
    first.unmount();

    const second = renderApp({ route: '/services/familiar', session: 'cliente' });
    expect(await screen.findByRole('img', { name: 'QR code do Pix' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pague R$ 999,00 com Pix' })).toBeInTheDocument();
    second.unmount();

    const charge = getDb().cobrancas.find((c) => c.usuario === customer.id && c.metodo === 'pix');
    if (!charge) throw new Error('no Pix charge');
    asaasEvent(charge.asaas_id, 'PAYMENT_RECEIVED');
    const third = renderApp({ route: '/services/familiar', session: 'cliente' });
    await waitFor(() => expect(third.router.location.pathname).toBe('/tracking'));
    expect(getDb().asaasCharges.filter((c) => c.billingType === 'PIX')).toHaveLength(1);
  });
});
