import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../helpers/render';
import { server } from '../helpers/server';

describe('/processo when the API fails', () => {
  it('says it could not load, with a retry that brings the case file back', async () => {
    server.use(http.get('*/api/collections/agendamentos/records', () => HttpResponse.error()));
    const { user } = renderApp({ route: '/processo', session: 'processoVazio' });
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(
      within(alert).getByRole('heading', { name: 'Não foi possível carregar o processo.' }),
    ).toBeVisible();

    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Dados e documentos' })).toBeInTheDocument();
  }, 20_000);
});
