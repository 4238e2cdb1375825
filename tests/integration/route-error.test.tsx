import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../helpers/render';

// A screen whose code cannot be loaded (a deploy replaced its chunk, the connection dropped).
vi.mock('@/features/auth/confirm-verification-page', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a page that fails', () => {
  it('shows a way out instead of a blank screen, and moving to another page tries again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = renderApp({ route: '/confirm_verification?token=x' });
    expect(
      await screen.findByRole('heading', { name: 'Algo deu errado ao abrir esta página.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    act(() => {
      void router.navigate('/');
    });
    expect(await screen.findByRole('heading', { name: 'Como funciona' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(router.location.search).toBe('?mode=login');
    logged.mockRestore();
  });
});
