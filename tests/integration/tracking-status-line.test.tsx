// Tracking's status line wears its status's colour, the staff list badge's (seed §4): an error is never shown
// in the brand's green.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusLine } from '@/lib/status-mail';
import type { BookingStatus } from '@/lib/types';
import { getDb } from '@/mocks/db';
import { DEMO_AGENDADO_BOOKING } from '../../demo-seed/seed';
import { renderApp } from '../helpers/render';

describe('tracking status line', () => {
  it.each<[BookingStatus, string]>([
    ['NOVO', 'bg-blue-50'],
    ['ANALISE_ERRO', 'bg-red-50'],
    ['ANALISE_OK', 'bg-orange-50'],
    ['AGENDADO', 'bg-green-50'],
    ['FINALIZADO', 'bg-gray-100'],
  ])('%s: the seed text, as a status, in its colour', async (status, background) => {
    const booking = getDb().agendamentos.find((b) => b.id === DEMO_AGENDADO_BOOKING.id);
    if (!booking) throw new Error('seed changed');
    booking.status_agendamento = status;
    renderApp({ route: '/tracking', session: 'agendado' });
    await screen.findByRole('heading', { name: 'Consultar andamento' });
    const line = screen.getByText(statusLine(status));
    expect(line).toHaveAttribute('role', 'status');
    expect(line).toHaveClass(background);
    expect(line.className).not.toMatch(/\bbrand-/);
  });
});
