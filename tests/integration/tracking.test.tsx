import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHARGE_POLL_MS } from '@/lib/api/charges';
import { getDb } from '@/mocks/db';
import { DEMO_ACCOUNTS, DEMO_AGENDADO_BOOKING } from '../../demo-seed/seed';
import { pbDate } from '@/mocks/util';
import { renderApp } from '../helpers/render';

function setStatus(
  status: string,
  fields: Partial<
    Record<
      'data_agendamento' | 'hora_agendamento' | 'local_agendamento' | 'nota_cliente' | 'formulario',
      string
    >
  > = {},
) {
  const booking = getDb().agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id);
  if (!booking) throw new Error('seed changed');
  Object.assign(booking, { status_agendamento: status, ...fields });
}

async function openTracking() {
  const app = renderApp({ route: '/tracking', session: 'agendado' });
  await screen.findByRole('heading', { name: 'Consultar andamento' });
  return app;
}

/** A card charge held for analysis, without an order, on the customer's /tracking (open on it). */
async function openHeldCharge() {
  const [template] = getDb().cobrancas;
  if (!template) throw new Error('the seed has charges');
  const charge = {
    ...template,
    id: 'cobrancaanalise',
    usuario: DEMO_ACCOUNTS.cliente.id,
    status: 'AWAITING_RISK_ANALYSIS',
    ativa: true,
    tentativa: 'analise-2',
  };
  getDb().cobrancas.push(charge);
  const { router } = renderApp({ route: '/tracking', session: 'cliente' });
  expect(await screen.findByRole('heading', { name: 'Pagamento em análise' })).toBeInTheDocument();
  return { charge, router };
}

describe('tracking page', () => {
  it('redirects to / when the customer has no payments', async () => {
    const { router } = renderApp({ route: '/tracking', session: 'cliente' });
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('shows the service, the payment date, the method and the total', async () => {
    await openTracking();
    const step1 = screen.getByRole('heading', { name: /Serviço escolhido/ }).parentElement as HTMLElement;
    expect(within(step1).getByText('Individual')).toBeInTheDocument();
    expect(within(step1).getByText(/Contratado em \d{2}\/\d{2}\/\d{4}/)).toBeInTheDocument();
    const step2 = screen.getByRole('heading', { name: /Pagamento confirmado/ }).parentElement as HTMLElement;
    expect(within(step2).getByText('Forma de pagamento: Cartão de Crédito')).toBeInTheDocument();
    expect(within(step2).getByText('R$ 699,00')).toBeInTheDocument();
    // the page ends with the disclaimer (the footer repeats it)
    expect(
      within(screen.getByRole('main')).getByText(/Não temos nenhum vínculo com o Governo da Itália/),
    ).toBeInTheDocument();
  });

  it.each([
    ['pix', 'Pix'],
    ['boleto', 'N/A'],
  ])('names the method %s as %s', async (method, label) => {
    const payment = getDb().pagamentos.find((p) => p.usuario === DEMO_ACCOUNTS.agendado.id);
    if (payment) payment.metodo_pagamento = method;
    await openTracking();
    expect(screen.getByText(`Forma de pagamento: ${label}`)).toBeInTheDocument();
  });

  it('NOVO: asks for the form and files, with Enviar arquivos opening the case file in the product', async () => {
    setStatus('NOVO', { data_agendamento: '', hora_agendamento: '', local_agendamento: '' });
    const { user, router } = await openTracking();
    expect(
      screen.getByText('Novo - Seu formulário foi recebido e está aguardando análise.'),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Enviar arquivos' });
    expect(link).not.toHaveAttribute('target');
    expect(link).toHaveAttribute('href', '/processo');
    // Below the seed's status words, what is still missing: not a contradiction of them.
    expect(screen.getByText('Pedido e pagamento recebidos')).toBeInTheDocument();
    expect(screen.getByText('Falta: o formulário preenchido e os seus arquivos.')).toBeInTheDocument();
    expect(screen.queryByText('Formulário recebido')).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.location.pathname).toBe('/processo'));
    expect(await screen.findByRole('heading', { name: 'Dados e documentos', level: 1 })).toBeInTheDocument();
  });

  it('NOVO with the form received: says so, and asks for nothing more', async () => {
    setStatus('NOVO', { data_agendamento: '', formulario: 'Nome: Maria\nPassaporte anterior: sim' });
    await openTracking();
    expect(
      screen.getByText('Novo - Seu formulário foi recebido e está aguardando análise.'),
    ).toBeInTheDocument();
    const step3 = screen.getByRole('heading', { name: 'Documentos para verificação' })
      .parentElement as HTMLElement;
    expect(within(step3).getByText('Formulário recebido')).toBeInTheDocument();
    expect(within(step3).getByText(/Estamos analisando seus dados e documentos/)).toBeInTheDocument();
    expect(screen.queryByText(/Preencha o formulário/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Enviar arquivos/ })).not.toBeInTheDocument();
  });

  it.each(['NOVO', 'ANALISE_OK', 'AGENDADO', 'FINALIZADO'])(
    '%s: the staff note is shown as the message from the team',
    async (status) => {
      setStatus(status, { nota_cliente: 'Leve o RG original.\nChegue cedo.' });
      await openTracking();
      const message = screen.getByRole('region', { name: 'Mensagem da equipe' });
      expect(message).toHaveTextContent('Leve o RG original. Chegue cedo.');
    },
  );

  it('ANALISE_ERRO: points to the e-mail with the details', async () => {
    setStatus('ANALISE_ERRO');
    await openTracking();
    expect(
      screen.getByText('Análise com Erro - Encontramos inconsistências nos seus dados.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Enviamos um e-mail com os detalhes/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Enviar arquivos/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mensagem da equipe' })).not.toBeInTheDocument();
  });

  it('ANALISE_OK: ticks the documents and says the booking is being made', async () => {
    setStatus('ANALISE_OK');
    await openTracking();
    expect(
      screen.getByText('Análise OK - Seus documentos foram validados. Estamos agendando seu atendimento.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Formulário preenchido e enviado')).toBeInTheDocument();
    expect(screen.getByText('Documentação verificada')).toBeInTheDocument();
    expect(screen.getByText(/Você será avisado por e-mail/)).toBeInTheDocument();
  });

  it('ANALISE_OK with the guarantee on: says how many of its windows are left', async () => {
    // The standby case was tried in one earlier window of São Paulo (demo-seed/dia.ts): 2 of the demo's 3 left.
    renderApp({ route: '/tracking', session: 'diaPronto' });
    expect(await screen.findByTestId('garantia')).toHaveTextContent(
      'Garantia: faltam 2 janelas de liberação de vagas, das 3 da garantia.',
    );
  });

  it.each([
    ['AGENDADO', 'Agendado - Seu agendamento foi concluído.'],
    ['FINALIZADO', 'Finalizado - Agendamento realizado com sucesso. Processo encerrado.'],
  ])('%s: shows date, time, place, documents and the arrival advice', async (status, wording) => {
    setStatus(status, {
      data_agendamento: '2026-12-10 03:00:00.000Z',
      hora_agendamento: '09:15',
      local_agendamento: 'Rua Exemplo, 123',
    });
    await openTracking();
    expect(screen.getByText(wording)).toBeInTheDocument();
    if (status === 'AGENDADO') expect(screen.getByText('Agendamento concluído.')).toBeInTheDocument();
    const step4 = screen.getByRole('heading', { name: /Agendamento$/ }).parentElement as HTMLElement;
    expect(within(step4).getByText('10/12/2026')).toBeInTheDocument();
    expect(step4).toHaveTextContent('10/12/2026 às 09:15h');
    expect(within(step4).getByText('Rua Exemplo, 123')).toBeInTheDocument();
    expect(within(step4).getByText('Documentos necessários')).toBeInTheDocument();
    expect(within(step4).getByText('Chegar com 30 minutos de antecedência!')).toBeInTheDocument();
  });

  it.each([
    ['AWAITING_RISK_ANALYSIS', 'Pagamento em análise'],
    ['PENDING', 'Pagamento em análise'],
    ['INDETERMINADA', 'Não conseguimos confirmar o seu pagamento'],
  ])(
    'a card charge held by the server (%s) without an order yet shows "%s", not the home page',
    async (status, title) => {
      const [template] = getDb().cobrancas;
      if (!template) throw new Error('the seed has charges');
      getDb().cobrancas.push({
        ...template,
        id: 'cobrancaanalise',
        usuario: DEMO_ACCOUNTS.cliente.id,
        status,
        tentativa: 'analise-1',
        // just recorded: an unknown charge that Asaas does not know ends only after a while
        updated: pbDate(new Date()),
      });
      renderApp({ route: '/tracking', session: 'cliente' });
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(/Não pague de novo/)).toBeInTheDocument();
    },
  );

  it('a held charge turns into the order by itself once the server has settled it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const db = getDb();
    const payment = db.pagamentos.find((p) => p.usuario === DEMO_ACCOUNTS.agendado.id);
    const booking = db.agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id);
    if (!payment || !booking) throw new Error('the seed has payments and bookings');
    const { charge } = await openHeldCharge();

    // Asaas approves it: the server writes the order. Nobody reloads the page.
    charge.status = 'CONFIRMED';
    db.pagamentos.push({ ...payment, id: 'pagamentoaprov', usuario: DEMO_ACCOUNTS.cliente.id });
    db.agendamentos.push({
      ...booking,
      id: 'agendamentoaprv',
      usuario: DEMO_ACCOUNTS.cliente.id,
      status_agendamento: 'NOVO',
    });
    await act(() => vi.advanceTimersByTimeAsync(CHARGE_POLL_MS));
    expect(
      await screen.findByText('Novo - Seu formulário foi recebido e está aguardando análise.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pagamento em análise' })).not.toBeInTheDocument();
  });

  it('a held charge the card refuses in the analysis: the page says so and that nothing was charged', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { charge, router } = await openHeldCharge();
    // Asaas refuses it (the webhook): the charge ends, no order. Nobody reloads the page.
    Object.assign(charge, { status: 'REPROVED_BY_RISK_ANALYSIS', ativa: false, updated: pbDate(new Date()) });
    await act(() => vi.advanceTimersByTimeAsync(CHARGE_POLL_MS));
    expect(
      await screen.findByRole('heading', { name: 'Seu pagamento não foi concluído' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Nada foi cobrado.')).toBeInTheDocument();
    expect(screen.queryByText(/Não pague de novo/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contratar de novo' })).toHaveAttribute(
      'href',
      `/services/${charge.tipo_servico}`,
    );
    expect(router.location.pathname).toBe('/tracking');
  });

  it('an appointment whose day has passed offers no new date ("Não pode ir na data marcada?")', async () => {
    const booking = getDb().agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id);
    if (!booking) throw new Error('the seed has the agendado booking');
    booking.data_agendamento = '2026-12-30 00:00:00.000Z';
    const { unmount } = await openTracking();
    expect(await screen.findByText('Não pode ir na data marcada?')).toBeInTheDocument();
    unmount();
    booking.data_agendamento = '2020-01-10 00:00:00.000Z';
    await openTracking();
    expect(screen.getByText('10/01/2020', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Não pode ir na data marcada?')).not.toBeInTheDocument();
  });

  it('says whether Flex was bought, as the server recorded it', async () => {
    await openTracking();
    expect(screen.getByText('Sem Flex (remarcação)')).toBeInTheDocument();
  });

  it('shows the owner name from the expanded user', async () => {
    await openTracking();
    expect(screen.getByText(DEMO_ACCOUNTS.agendado.nome_completo, { selector: 'p' })).toBeInTheDocument();
  });
});
