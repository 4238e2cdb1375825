import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import diaComum from '../../pocketbase/pb_hooks/lib/dia_comum.js';
import { getDb } from '@/mocks/db';
import { handlingOf } from '@/mocks/dia-store';
import { DIA_SEED } from '../../demo-seed/processo-seed';
import { pbDate } from '@/mocks/util';
import { renderApp } from '../helpers/render';
import { recordRequests } from '../helpers/requests';
import { server } from '../helpers/server';

const networkDown = () => HttpResponse.error();

function goOffline() {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event('offline'));
}

function goOnline() {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  window.dispatchEvent(new Event('online'));
}

describe('standby page (/prontidao)', () => {
  const requests = recordRequests();

  it('says it could not load, with a retry, when the API fails; never "nothing scheduled"', async () => {
    server.use(http.get('*/api/collections/agendamentos/records', networkDown));
    const { user } = renderApp({ route: '/prontidao', session: 'diaPronto' });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Não foi possível carregar a sua prontidão.');
    expect(screen.queryByText(/Não há tentativa de agendamento marcada/)).not.toBeInTheDocument();

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Você está pronto. Aguarde nesta página.')).toBeInTheDocument();
  }, 20_000);

  it('warns while offline that the code cannot arrive, and stops when the connection is back', async () => {
    renderApp({ route: '/prontidao', session: 'diaPronto' });
    expect(await screen.findByText('Você está pronto. Aguarde nesta página.')).toBeInTheDocument();
    act(goOffline);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sem conexão com a internet. O pedido da equipe e o campo do código não chegam até você',
    );
    expect(screen.queryByText('Você está pronto. Aguarde nesta página.')).not.toBeInTheDocument();
    act(goOnline);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Você está pronto. Aguarde nesta página.')).toBeInTheDocument();
  });

  it.each([
    ['gone (404)', 404, "The requested resource wasn't found."],
    ['no longer asked for (400)', 400, 'Failed to create record.'],
  ])(
    'a code typed after the request ended (%s): pt-BR under the field, never PocketBase’s English',
    async (_, status, message) => {
      server.use(
        http.post('*/api/collections/retransmissoes/records', () =>
          HttpResponse.json({ status, message, data: {} }, { status }),
        ),
      );
      const { user } = renderApp({ route: '/prontidao', session: 'diaCodigo' });
      await user.type(await screen.findByLabelText('Código (6 números)'), '1');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        'A equipe não está mais pedindo este valor. Se ela pedir de novo, o campo aparece aqui.',
      );
      expect(alert).not.toHaveTextContent(message);
    },
  );

  it('the server’s own pt-BR refusal of a value is shown as it is', async () => {
    const own = 'O código do Prenot@mi tem só números.';
    server.use(
      http.post('*/api/collections/retransmissoes/records', () =>
        HttpResponse.json(
          { status: 400, message: 'Failed to create record.', data: { valor: { code: 'x', message: own } } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp({ route: '/prontidao', session: 'diaCodigo' });
    await user.type(await screen.findByLabelText('Código (6 números)'), '1');
    expect(await screen.findByRole('alert')).toHaveTextContent(own);
  });

  it('the Prenot@mi password reaches staff only with Enviar or Enter, never while it is typed', async () => {
    const handling = handlingOf(DIA_SEED.codigo.booking);
    if (!handling) throw new Error('the seed has dia.codigo’s handling');
    handling.pedido = 'senha';
    const { user } = renderApp({ route: '/prontidao', session: 'diaCodigo' });
    const field = await screen.findByLabelText('Senha do Prenot@mi');
    await user.type(field, 'Segredo1');
    expect(await requests.to('POST', '/api/collections/retransmissoes/records')).toEqual([]);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/^Recebido pela equipe às/)).toBeInTheDocument();
    const sent = await requests.to('POST', '/api/collections/retransmissoes/records');
    expect(sent.map((r) => r.body)).toMatchObject([{ tipo: 'senha', valor: 'Segredo1', enviar: true }]);
    // Typed again, it is not received until it is sent again.
    await user.type(field, '2');
    expect(screen.queryByText(/^Recebido pela equipe às/)).not.toBeInTheDocument();
  });

  it('a code staff record as wrong or expired is said at once, in place of the field, until staff ask again', async () => {
    const { user } = renderApp({ route: '/prontidao', session: 'diaCodigo' });
    await user.type(await screen.findByLabelText('Código (6 números)'), '482913');
    expect(await screen.findByText(/^Recebido pela equipe às/)).toBeInTheDocument();
    const handling = handlingOf(DIA_SEED.codigo.booking);
    if (!handling) throw new Error('the seed has dia.codigo’s handling');
    // Staff record 'Código errado ou expirado' (the double's createAttempt, as lib/dia.js registrarTentativa).
    const later = (s: number) => pbDate(new Date(Date.now() + s * 1000));
    Object.assign(handling, diaComum.tentativaNoAtendimento('codigo_errado', later(1)));
    const refused = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(refused).toHaveTextContent('O código não funcionou: estava errado ou expirou.');
    expect(refused).toHaveTextContent('Fique nesta página: a equipe vai pedir um novo código');
    expect(screen.queryByText(/^Recebido pela equipe às/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Código (6 números)')).not.toBeInTheDocument();
    // Staff ask again: the field, empty, and nothing said about the code before.
    Object.assign(handling, { pedido: 'codigo', pedido_em: later(2) });
    const field = await screen.findByLabelText('Código (6 números)', {}, { timeout: 5000 });
    expect(field).toHaveValue('');
    expect(screen.queryByText(/O código não funcionou/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Recebido pela equipe às/)).not.toBeInTheDocument();
  });

  it('once staff book the appointment, the page says so without a reload, not "Fique de prontidão"', async () => {
    renderApp({ route: '/prontidao', session: 'diaCodigo' });
    expect(await screen.findByLabelText('Código (6 números)')).toBeInTheDocument();
    const booking = getDb().agendamentos.find((b) => b.id === DIA_SEED.codigo.booking);
    if (!booking) throw new Error('the seed has dia.codigo’s booking');
    booking.status_agendamento = 'AGENDADO';
    expect(
      await screen.findByRole('heading', { name: 'Seu agendamento foi feito' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver a data, o horário e o que levar' })).toHaveAttribute(
      'href',
      '/tracking',
    );
    expect(screen.queryByText(/Fique de prontidão/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Código (6 números)')).not.toBeInTheDocument();
  });
});

describe('opening day (/dia)', () => {
  it('says each list did not load, with a retry, instead of empty lists', async () => {
    server.use(
      http.get('*/api/collections/consulados/records', networkDown),
      http.get('*/api/collections/agendamentos/records', networkDown),
      http.get('*/api/confirmacoes/pendentes', networkDown),
    );
    const { user } = renderApp({ route: '/dia?consulado=sao_paulo', session: 'admin' });
    for (const what of ['os consulados', 'os casos prontos para agendar', 'as confirmações pendentes']) {
      const alert = await screen.findByText(`Não foi possível carregar ${what}.`, {}, { timeout: 10_000 });
      expect(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button')).toHaveTextContent(
        'Tentar novamente',
      );
    }
    expect(screen.queryByText('Nenhum caso em "Análise OK" neste consulado.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /\(0\)/ })).not.toBeInTheDocument();

    server.resetHandlers();
    const retry = screen
      .getByText('Não foi possível carregar os casos prontos para agendar.')
      .closest('[role="alert"]') as HTMLElement;
    await user.click(within(retry).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Chiara Ricci Almeida')).toBeInTheDocument();
  }, 30_000);
});
