// The confirmation dialogs (components/ui/confirm-modal.tsx) send their request once however fast the clicks
// come: react-query's isPending reaches the button a render late, so the dialog keeps its own guard until the
// request it started settles.
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/mocks/db';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { renderApp } from '../helpers/render';
import { server } from '../helpers/server';

const { agendado } = DEMO_ACCOUNTS;

/**
 * Two clicks before React renders again: what a quick double click does on a phone, where the render after the
 * first click comes late (user-event's dblClick lets React render in between).
 */
function clickTwiceAtOnce(button: HTMLElement) {
  act(() => {
    button.click();
    button.click();
  });
}

/** Counts the calls that reach the handler, then lets the double answer. */
function countCalls(method: 'post', path: string) {
  const calls = { count: 0 };
  server.use(
    http[method](path, async () => {
      calls.count += 1;
      await delay(50);
      return undefined;
    }),
  );
  return calls;
}

describe('a confirmation double-clicked', () => {
  it("'Confirmar desistência' sends one POST /payments/desistencia", async () => {
    const payment = getDb().pagamentos.find((p) => p.usuario === agendado.id);
    if (!payment) throw new Error('the seed has a payment for agendado');
    // Paid a moment ago: within the 7 days in which the customer may withdraw.
    payment.pago_em = new Date().toISOString().replace('T', ' ');
    const calls = countCalls('post', '*/payments/desistencia');
    const { user } = renderApp({ route: '/tracking', session: 'agendado' });
    const section = await screen.findByRole('region', { name: 'Desistir da compra' });
    await user.click(within(section).getByRole('button', { name: 'Desistir da compra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desistir da compra' });
    clickTwiceAtOnce(within(dialog).getByRole('button', { name: 'Confirmar desistência' }));
    expect(await screen.findByText('Pedido de desistência enviado')).toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  it("'Confirmar exclusão' records one deletion request", async () => {
    const calls = countCalls('post', '*/api/collections/solicitacoes_exclusao/records');
    const { user } = renderApp({ route: '/minha-conta', session: 'cliente' });
    const section = await screen.findByRole('region', { name: 'Excluir minha conta' });
    await user.click(within(section).getByRole('button', { name: 'Excluir minha conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir minha conta' });
    clickTwiceAtOnce(within(dialog).getByRole('button', { name: 'Confirmar exclusão' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.count).toBe(1);
  });

  it('a failed request lets the customer confirm again', async () => {
    const payment = getDb().pagamentos.find((p) => p.usuario === agendado.id);
    if (!payment) throw new Error('the seed has a payment for agendado');
    payment.pago_em = new Date().toISOString().replace('T', ' ');
    let calls = 0;
    server.use(
      http.post('*/payments/desistencia', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.json({ message: 'x' }, { status: 503 }) : undefined;
      }),
    );
    const { user } = renderApp({ route: '/tracking', session: 'agendado' });
    const section = await screen.findByRole('region', { name: 'Desistir da compra' });
    await user.click(within(section).getByRole('button', { name: 'Desistir da compra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desistir da compra' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desistência' }));
    expect(await within(dialog).findByText(/Não foi possível registrar a desistência/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar desistência' }));
    expect(await screen.findByText('Pedido de desistência enviado')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
