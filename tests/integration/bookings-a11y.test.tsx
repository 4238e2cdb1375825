import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { buildSeed, DEMO_AGENDADO_BOOKING } from '../../demo-seed/seed';
import { renderApp } from '../helpers/render';

/**
 * axe on the page's main content. jsdom has no layout, so colour contrast is left to the browser
 * tests; labels, names, ARIA use and structure are checked here.
 */
async function violations(): Promise<string[]> {
  const main = document.querySelector('main');
  if (!main) throw new Error('no <main>');
  const result = await axe.run(main, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('staff screens pass axe', () => {
  it('the list', async () => {
    renderApp({ route: '/dashboard?perPage=10', session: 'admin' });
    await screen.findByText(`Total: ${buildSeed().agendamentos.length}`);
    expect(await violations()).toEqual([]);
  });

  it('the list with no results', async () => {
    renderApp({ route: '/dashboard?search=ninguem-com-este-nome', session: 'admin' });
    await screen.findByText('Nenhum agendamento encontrado.');
    expect(await violations()).toEqual([]);
  });

  it('the editor, with the calendar and the time list open', async () => {
    const { user } = renderApp({ route: `/booking-details/${DEMO_AGENDADO_BOOKING.id}`, session: 'admin' });
    await screen.findByRole('heading', { level: 1, name: "João Pedro D'Ávila" });
    // The whole page, its history loaded too, as staff see it.
    await screen.findByText('Agendamento criado com status NOVO');
    expect(await violations()).toEqual([]);
    await user.click(screen.getByLabelText('Data do Agendamento'));
    await screen.findAllByRole('gridcell');
    expect(await violations()).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByLabelText('Hora do Agendamento'));
    await screen.findByRole('listbox', { name: 'Hora' });
    expect(await violations()).toEqual([]);
  });

  it('the not-found state', async () => {
    renderApp({ route: '/booking-details/naoexiste00000', session: 'admin' });
    await screen.findByText('Agendamento não encontrado.');
    expect(await violations()).toEqual([]);
  });
});
