import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_AGENDADO_BOOKING } from '../../demo-seed/seed';
import { renderApp, type DemoAccountName } from '../helpers/render';
import { server } from '../helpers/server';

/**
 * Staff reads: the staff list (paged) or one booking by id. A customer's own list is a full list (the SDK's
 * getFullList, with skipTotal), unfiltered for a customer since the list rule keeps it to their rows.
 */
function trackStaffReads(): string[] {
  const staff: string[] = [];
  const onStart = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/collections/agendamentos/records')) return;
    const ownOnly =
      url.searchParams.get('skipTotal') === '1' ||
      (url.searchParams.get('filter') ?? '').startsWith('usuario = ');
    if (!ownOnly || url.pathname !== '/api/collections/agendamentos/records')
      staff.push(`${request.method} ${url}`);
  };
  server.events.on('request:start', onStart);
  onTestFinished(() => {
    server.events.removeListener('request:start', onStart);
  });
  return staff;
}

const STAFF_ROUTES = ['/dashboard', `/booking-details/${DEMO_AGENDADO_BOOKING.id}`];

describe('staff screens are for admins only', () => {
  it.each(STAFF_ROUTES)('a visitor opening %s goes to /', async (route) => {
    const staff = trackStaffReads();
    const { router } = renderApp({ route });
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Agendamentos' })).not.toBeInTheDocument();
    expect(staff).toEqual([]);
  });

  it.each<[string, DemoAccountName, string]>([
    [STAFF_ROUTES[0] as string, 'cliente', '/'],
    [STAFF_ROUTES[1] as string, 'cliente', '/'],
    [STAFF_ROUTES[0] as string, 'agendado', '/tracking'],
    [STAFF_ROUTES[1] as string, 'agendado', '/tracking'],
  ])('a customer opening %s (%s) goes to %s', async (route, session, target) => {
    const staff = trackStaffReads();
    const { router } = renderApp({ route, session });
    await waitFor(() => expect(router.location.pathname).toBe(target));
    expect(screen.queryByRole('heading', { name: 'Agendamentos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Atualizar' })).not.toBeInTheDocument();
    expect(staff).toEqual([]);
  });

  it.each(STAFF_ROUTES)('an admin may open %s', async (route) => {
    const { router } = renderApp({ route, session: 'admin' });
    await screen.findByRole('heading', { level: 1 });
    expect(router.location.pathname).toBe(route);
  });
});
