import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '@/app/app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-seed/seed';

// The real root (BrowserRouter, and the QueryClient that arrives with the first screen that can query),
// where the other tests give each test its own client and a memory router.
describe('the app root', () => {
  it('signs in from the login modal and queries through the QueryClient loaded with it', async () => {
    window.history.replaceState(null, '', '/?mode=login');
    const user = userEvent.setup();
    render(<App />);
    const dialog = await screen.findByRole('dialog', { name: 'Entrar' });
    expect(dialog).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNTS.agendado.email);
    await user.type(screen.getByLabelText('Senha'), DEMO_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const menu = await screen.findByRole('button', { name: `Olá, ${DEMO_ACCOUNTS.agendado.nome_completo}` });
    // 'Agendamentos' is offered once the payments query has answered.
    await waitFor(async () => {
      await user.click(menu);
      expect(screen.getByRole('menuitem', { name: 'Agendamentos' })).toHaveAttribute('href', '/tracking');
    });
    await user.click(screen.getByRole('menuitem', { name: 'Agendamentos' }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/tracking');
  });
});
