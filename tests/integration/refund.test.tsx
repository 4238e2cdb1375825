// Staff's refund on the booking page (features/bookings/refund-panel.tsx) against the demo double: nothing is sent
// before the confirmation, and an answer that does not say whether Asaas took it closes the dialog with a warning
// instead of inviting the same refund again.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/mocks/db';
import { demoAsaas } from '@/mocks/asaas';
import estornoComum from '../../pocketbase/pb_hooks/lib/estorno_comum.js';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { formatBRL } from '@/lib/money';
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

async function openPanel(booking = refundableBooking()) {
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

  it('shows a refund Asaas never answered; the next refund finds it made, counts it and asks nothing again', async () => {
    const booking = refundableBooking();
    const payment = getDb().pagamentos.find((p) => p.id === booking?.pagamento);
    if (!payment) throw new Error('no refundable order in the seed');
    const askedAt = Date.now() - 60_000;
    // Its call came back with a 503: the mark stays, no longer in flight.
    Object.assign(payment, estornoComum.marcaDoIncerto(100, 0, askedAt), estornoComum.SEM_RESPOSTA);
    // Asaas made it: the payment lists the refund (docs.asaas.com/docs/refunds).
    const saoPaulo = new Date(askedAt + 1000 - 3 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const held = demoAsaas().store({
      id: payment.asaas_id_pagamento,
      status: 'CONFIRMED',
      value: payment.preco_servico,
      installment: null,
      refunds: [{ dateCreated: saoPaulo, status: 'DONE', value: 100, description: 'Cortesia' }],
    });
    const incerto = estornoComum.incertoDe(payment);
    if (!incerto) throw new Error('the mark does not read back');
    const { user, panel, dialog } = await openPanel(booking);
    expect(
      within(panel).getByText(estornoComum.textoDoIncerto(regras.estorno.incertoAviso, incerto, formatBRL)),
    ).toHaveTextContent(
      /^Um estorno de R\$ 100,00 foi pedido ao Asaas em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar estorno' }));
    expect(
      await within(panel).findByText(
        estornoComum.textoDoIncerto(regras.estorno.incertoConfirmado, incerto, formatBRL),
      ),
    ).toBeInTheDocument();
    expect(held.refunds).toHaveLength(1);
    expect(payment).toMatchObject({ valor_estornado: 100, estorno_incerto_valor: 0 });
    await waitFor(() => expect(within(panel).queryByText(/foi pedido ao Asaas em/)).not.toBeInTheDocument());
    expect(within(panel).getByText(/Já estornado: R\$ 100,00/)).toBeInTheDocument();
  });
});
