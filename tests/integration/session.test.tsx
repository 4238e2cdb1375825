import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { MENU_TYPEAHEAD_RESET_MS } from '@/config/constants';
import { paymentQueries } from '@/lib/api/payments';
import { readSession, saveSession } from '@/lib/session';
import { makeToken } from '@/mocks/jwt';
import { DEMO_ACCOUNTS } from '../../demo-seed/seed';
import { renderApp } from '../helpers/render';
import { server } from '../helpers/server';

describe('header user menu', () => {
  it("greets the customer and offers 'Agendamentos' only with payments", async () => {
    const { user } = renderApp({ route: '/', session: 'agendado' });
    const button = await screen.findByRole('button', {
      name: `Olá, ${DEMO_ACCOUNTS.agendado.nome_completo}`,
    });
    await waitFor(async () => {
      await user.click(button);
      expect(screen.getByRole('menuitem', { name: 'Agendamentos' })).toHaveAttribute('href', '/tracking');
    });
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toBeInTheDocument();
  });

  it("has no 'Agendamentos' for a customer without payments", async () => {
    const { user, queryClient } = renderApp({ route: '/', session: 'cliente' });
    const button = await screen.findByRole('button', { name: /Olá, Maria/ });
    await waitFor(() =>
      expect(
        queryClient.getQueryState(paymentQueries.mine(DEMO_ACCOUNTS.cliente.id, false).queryKey)?.status,
      ).toBe('success'),
    );
    await user.click(button);
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Agendamentos' })).not.toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Minha conta', 'Sair']);
  });

  it('works with the keyboard: arrows, type-ahead, Escape', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, queryClient } = renderApp({ route: '/', session: 'agendado' });
    const button = await screen.findByRole('button', { name: /Olá, João/ });
    await waitFor(() =>
      expect(
        queryClient.getQueryData(paymentQueries.mine(DEMO_ACCOUNTS.agendado.id, false).queryKey),
      ).toHaveLength(1),
    );
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Agendamentos' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Minha conta' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Agendamentos' })).toHaveFocus();
    await user.keyboard('s');
    expect(screen.getByRole('menuitem', { name: 'Sair' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS)); // the type-ahead clears
    await user.keyboard('m');
    expect(screen.getByRole('menuitem', { name: 'Minha conta' })).toHaveFocus();
    act(() => vi.advanceTimersByTime(MENU_TYPEAHEAD_RESET_MS));
    await user.keyboard('a');
    expect(screen.getByRole('menuitem', { name: 'Agendamentos' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes when focus leaves it by any way, and Escape on its button closes it too', async () => {
    const { user } = renderApp({ route: '/', session: 'agendado' });
    const button = await screen.findByRole('button', { name: /Olá, João/ });
    await user.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    // A screen reader or a script moves focus elsewhere: no key reaches the menu.
    act(() => screen.getByRole('link', { name: /página inicial/ }).focus());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    act(() => button.focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("'Sair' clears every session key and the cached data, and goes home", async () => {
    const { user, router, queryClient } = renderApp({ route: '/tracking', session: 'agendado' });
    expect(await screen.findByRole('heading', { name: 'Consultar andamento' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Olá, João/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('guards', () => {
  it.each(['/tracking', '/dashboard', '/booking-details/abc'])(
    'a visitor opening %s goes to /',
    async (route) => {
      const { router } = renderApp({ route });
      await waitFor(() => expect(router.location.pathname).toBe('/'));
    },
  );

  it('a customer with a payment opening the staff screens goes to /tracking', async () => {
    const { router } = renderApp({ route: '/dashboard', session: 'agendado' });
    await waitFor(() => expect(router.location.pathname).toBe('/tracking'));
  });

  it('a customer without payments opening the staff screens goes to /', async () => {
    const { router } = renderApp({ route: '/booking-details/demobooking0001', session: 'cliente' });
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('an expired token counts as no session', async () => {
    saveSession(makeToken(DEMO_ACCOUNTS.agendado.id, -1), DEMO_ACCOUNTS.agendado);
    const { router } = renderApp({ route: '/tracking' });
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('a 401 from the API ends the session and opens the login modal', async () => {
    server.use(
      http.get('*/api/collections/pagamentos/records', () =>
        HttpResponse.json({ status: 401, message: 'x', data: {} }, { status: 401 }),
      ),
    );
    const { router } = renderApp({ route: '/tracking', session: 'agendado' });
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(readSession()).toBeNull();
    // After logging in again the customer is back on the page they were reading.
    expect(router.location.search).toBe('?mode=login&next=%2Ftracking');
  });

  it('scrolls to the top on every route change', async () => {
    const { router } = renderApp({ route: '/' });
    await screen.findByRole('heading', { name: 'Como funciona' });
    const before = (window.scrollTo as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    await act(() => router.navigate('/services/familiar'));
    await screen.findByRole('heading', { name: 'Agendamento familiar' });
    // The scroll is an effect of the new route: it runs just after the page shows, so wait for it.
    const calls = () => (window.scrollTo as unknown as { mock: { calls: unknown[][] } }).mock.calls;
    await waitFor(() => expect(calls().length).toBeGreaterThan(before));
    expect(calls().at(-1)).toEqual([0, 0]);
  });
});

describe('session end on a public page', () => {
  it('a 401 on a public page keeps the page and opens the login modal', async () => {
    server.use(
      http.get('*/api/collections/pagamentos/records', () =>
        HttpResponse.json({ status: 401, message: 'x', data: {} }, { status: 401 }),
      ),
    );
    const { router } = renderApp({ route: '/services/familiar', session: 'agendado' });
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/services/familiar');
  });
});
