// Staff's refund on the booking page (features/bookings/refund-panel.tsx) against the demo double: nothing is sent
// before the confirmation, and an answer that does not say whether Asaas took it closes the dialog with a warning
// instead of inviting the same refund again.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/mocks/db';
import { renderApp } from '../helpers/render';
import { server } from '../helpers/server';

/** A booking paid and not refunded, with no documents (jsdom's Blob cannot carry a file's bytes to the page). */
function refundableBooking() {
  const db = getDb();
  return db.agendamentos.find((b) => {
    const payment = db.pagamentos.find((p) => p.id === b.pagamento);
    return (
      payment?.status_asaas === 'CONFIRMED' &&
      !payment.valor_estornado &&
      !db.documentos.some((d) => d.agendamento === b.id)
    );
  });
}

async function openPanel() {
  const booking = refundableBooking();
  const view = renderApp({ route: `/booking-details/${booking?.id}`, session: 'admin' });
  const panel = await screen.findByRole('region', { name: 'Estornar pagamento' }, { timeout: 20_000 });
  await view.user.click(within(panel).getByLabelText('Parcial'));
  await view.user.type(within(panel).getByLabelText('Valor a estornar (R$)'), '100,00');
  await view.user.type(within(panel).getByLabelText('Motivo'), 'Cortesia');
  await view.user.click(within(panel).getByRole('button', { name: 'Solicitar estorno' }));
  return { ...view, panel, dialog: await screen.findByRole('dialog', { name: 'Confirmar estorno' }) };
}

describe('staff refund', () => {
  it('sends nothing until confirmed, and Voltar keeps the form', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/payments/estorno', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { user, panel, dialog } = await openPanel();
    expect(dialog).toHaveTextContent('Será estornado R$ 100,00 de R$');
    expect(within(dialog).getByRole('button', { name: 'Voltar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Valor a estornar (R$)')).toHaveValue('100,00');
    expect(sent).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Solicitar estorno' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar estorno' }),
    );
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Estorno de R$ 100,00 solicitado ao Asaas.',
    );
    expect(sent).toEqual([expect.objectContaining({ valor: 100, motivo: 'Cortesia' })]);
  });

  it('an answer that does not say whether Asaas took it closes the dialog and warns before any retry', async () => {
    server.use(
      http.post('*/payments/estorno', () =>
        HttpResponse.json(
          {
            status: 503,
            message: 'Não foi possível solicitar o estorno agora. Tente novamente em alguns minutos.',
            data: {},
          },
          { status: 503 },
        ),
      ),
    );
    const { user, panel, dialog } = await openPanel();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar estorno' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'O Asaas não confirmou o estorno: ele pode ter sido feito ou não.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Solicitar estorno' })).toHaveFocus();
  });

  it('a refusal by Asaas stays in the dialog, in its words', async () => {
    server.use(
      http.post('*/payments/estorno', () =>
        HttpResponse.json(
          { status: 400, message: 'Saldo insuficiente para estorno.', data: {} },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar estorno' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Saldo insuficiente para estorno.');
  });
});
