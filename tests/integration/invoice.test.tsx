// Service invoices (NFS-e) in the app against the demo double (src/mocks/notas.ts): the customer's PDF link once
// issued; staff read an error and send the invoice again.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/mocks/db';
import { renderApp } from '../helpers/render';

describe('service invoice', () => {
  it('the customer with an issued invoice gets its PDF from tracking', async () => {
    renderApp({ route: '/tracking', session: 'agendado' });
    // The route's code loads on first use: slow on a busy machine.
    await screen.findByRole('heading', { name: 'Consultar andamento' }, { timeout: 20_000 });
    const link = await screen.findByRole('link', { name: /Baixar nota fiscal nº 1001 \(PDF\)/ });
    expect(link).toHaveAttribute('href', '/demo/nfse-exemplo.pdf');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('staff read Asaas’s description of an error and send the invoice again', async () => {
    const failed = getDb().pagamentos.find((p) => p.nota_status === 'ERROR');
    const booking = getDb().agendamentos.find((b) => b.pagamento === failed?.id);
    const { user } = renderApp({ route: `/booking-details/${booking?.id}`, session: 'admin' });
    const panel = await screen.findByRole('region', { name: 'Nota fiscal (NFS-e)' }, { timeout: 20_000 });
    expect(within(panel).getByText('Com erro')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Erro informado pelo Asaas: Falha na emissão: a prefeitura recusou');
    await user.click(within(panel).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(panel).findByText('Emitida')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Abrir PDF da nota/ })).toHaveAttribute(
      'href',
      '/demo/nfse-exemplo.pdf',
    );
  });
});
