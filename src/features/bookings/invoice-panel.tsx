import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { invoicePdf, invoiceStatusLabel } from '@/config/payment-labels';
import type { BookingRecord } from '@/lib/types';
import { bookingQueries } from './api/bookings';
import { retryInvoice } from './api/invoice';
import { Panel, Row } from './booking-panels';

const BADGE: Record<string, string> = {
  AUTHORIZED: 'bg-green-100 text-green-900',
  ERROR: 'bg-red-100 text-red-900',
  CANCELED: 'bg-gray-100 text-ink-900',
};

function failureMessage(error: unknown): string {
  if (error instanceof ClientResponseError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return 'Não foi possível reenviar a nota fiscal agora. Tente novamente em alguns minutos.';
}

/**
 * The order's service invoice (NFS-e) for staff: its state and number, the PDF once authorized, Asaas's
 * description of an error with "Tentar de novo" (the server sends it again: pocketbase/pb_hooks/lib/notas.js),
 * and what needs staff's eye (a partial refund, a cancellation Asaas refused).
 */
export function InvoicePanel({ booking }: { booking: BookingRecord }) {
  const payment = booking.expand?.pagamento;
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState('');
  const retry = useMutation({
    mutationFn: () => retryInvoice(booking.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingQueries.details() }),
  });
  const status = payment?.nota_status ?? '';
  if (!payment || !status) return null;
  const pdf = invoicePdf(payment);
  return (
    <Panel title="Nota fiscal (NFS-e)">
      <dl>
        <Row term="Situação">
          <Badge className={BADGE[status] ?? 'bg-amber-100 text-amber-950'}>
            {invoiceStatusLabel(status)}
          </Badge>
        </Row>
        <Row term="Número">{payment.nota_numero || '—'}</Row>
      </dl>
      {pdf ? (
        <a
          href={pdf}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Abrir PDF da nota<span className="sr-only"> (abre em nova aba)</span>
        </a>
      ) : null}
      {payment.nota_alerta ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-950">{payment.nota_alerta}</p>
      ) : null}
      {status === 'ERROR' ? (
        <div className="mt-3 space-y-3">
          <p className="rounded-lg bg-red-50 px-3 py-2 text-red-900">
            <strong>Erro informado pelo Asaas:</strong> {payment.nota_erro || 'sem descrição.'}
          </p>
          <FormAlert>{serverError}</FormAlert>
          <Button
            variant="secondary"
            loading={retry.isPending}
            loadingText="Reenviando..."
            onClick={() => {
              setServerError('');
              retry.mutate(undefined, { onError: (error) => setServerError(failureMessage(error)) });
            }}
          >
            Tentar de novo
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}
