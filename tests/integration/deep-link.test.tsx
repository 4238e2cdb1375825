// A link from an e-mail opened without a session (/tracking, /prontidao, /processo, /minha-conta): the visitor goes
// to / (seed §5) and is told to log in, and the login ends on the page asked for (app/guards.tsx,
// features/auth/return-to.ts). Only this site's paths are ever followed.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';
import { LOGIN_TO_CONTINUE } from '@/app/guards';
import { renderApp } from '../helpers/render';

type Account = keyof typeof DEMO_ACCOUNTS;

/** Logs in through the modal: opened from the header's 'Login' (`open`), or already open from the address. */
async function logIn(app: ReturnType<typeof renderApp>, account: Account, open = false) {
  if (open) await app.user.click(await screen.findByRole('button', { name: 'Login' }));
  const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
  await app.user.type(within(dialog).getByLabelText('Email'), DEMO_ACCOUNTS[account].email);
  await app.user.type(within(dialog).getByLabelText('Senha'), DEMO_PASSWORD);
  await app.user.click(within(dialog).getByRole('button', { name: 'Entrar' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Entrar' })).not.toBeInTheDocument());
}

describe('a deep link opened signed out', () => {
  it.each<[string, Account, string]>([
    ['/tracking', 'agendado', 'Consultar andamento'],
    ['/prontidao', 'diaPronto', ''],
    ['/processo', 'processoVazio', ''],
    ['/minha-conta', 'cliente', 'Minha conta'],
  ])(
    '%s goes to / saying to log in and, after the login, opens the page asked for',
    async (route, account, heading) => {
      const app = renderApp({ route });
      expect(await screen.findByText(LOGIN_TO_CONTINUE)).toBeInTheDocument();
      expect([app.router.location.pathname, app.router.location.search]).toEqual(['/', '']);
      await logIn(app, account, true);
      await waitFor(() => expect(app.router.location.pathname).toBe(route));
      expect(new URLSearchParams(app.router.location.search).has('mode')).toBe(false);
      if (heading)
        expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    },
  );

  it('keeps the query and the fragment of the page asked for', async () => {
    const app = renderApp({ route: '/tracking?origem=email#documentos' });
    await logIn(app, 'agendado', true);
    await waitFor(() => expect(app.router.location.pathname).toBe('/tracking'));
    expect(app.router.location.search).toBe('?origem=email');
    expect(app.router.location.hash).toBe('#documentos');
  });

  it('staff land on /dashboard from a customer page, and on the staff page they asked for', async () => {
    const customerPage = renderApp({ route: '/tracking' });
    await logIn(customerPage, 'admin', true);
    await waitFor(() => expect(customerPage.router.location.pathname).toBe('/dashboard'));
    customerPage.unmount();
    sessionStorage.clear();
    const staffPage = renderApp({ route: '/booking-details/demobooking0001' });
    await logIn(staffPage, 'admin', true);
    await waitFor(() => expect(staffPage.router.location.pathname).toBe('/booking-details/demobooking0001'));
  });

  it.each([
    '//evil.example/tracking',
    '/\\evil.example/tracking',
    'https://evil.example/tracking',
    'javascript:alert(1)',
    '/\t/evil.example',
  ])('never follows next=%s off the site: the login stays on the page', async (next) => {
    const app = renderApp({ route: `/?mode=login&next=${encodeURIComponent(next)}` });
    await logIn(app, 'agendado');
    // The modal's `mode` leaves the address once it has closed (a moment on a busy machine); the page stays.
    await waitFor(() => expect(new URLSearchParams(app.router.location.search).has('mode')).toBe(false));
    expect(app.router.location.pathname).toBe('/');
  });

  it('closing the modal forgets the page asked for', async () => {
    const app = renderApp({ route: '/tracking' });
    await app.user.click(await screen.findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await logIn(app, 'agendado', true);
    expect([app.router.location.pathname, app.router.location.search]).toEqual(['/', '']);
  });

  it('a session the server ended opens the login modal with the page asked for in the address', async () => {
    const app = renderApp({ route: '/?mode=login&next=%2Ftracking' });
    await logIn(app, 'agendado');
    await waitFor(() => expect(app.router.location.pathname).toBe('/tracking'));
  });
});
