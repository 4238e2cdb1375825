import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientResponseError } from 'pocketbase';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { Field, FormAlert, TextAreaField } from '@/components/ui/field';
import { formatBRL } from '@/lib/money';
import type { BookingRecord } from '@/lib/types';
import estornoComum from '../../../pocketbase/pb_hooks/lib/estorno_comum.js';
import regras from '../../../pocketbase/pb_hooks/lib/regras.json';
import { bookingQueries } from './api/bookings';
import { requestRefund } from './api/refund';

const MAX_REASON = 500;

/** '123,45' or '123.45' as reais; NaN when it is not a number. */
function parseReais(text: string): number {
  const clean = text.trim().replace(/\s|R\$/g, '');
  const normal = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean;
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** Asaas refused the refund (a 4xx, in its words): nothing left, and the same request may be fixed and sent. */
function refusalMessage(error: unknown): string | null {
  if (error instanceof ClientResponseError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return null;
}

/**
 * No answer, or one that does not say whether Asaas took the refund (the server's 503, a dropped connection): it
 * may have gone through, and a second partial refund would pay the customer twice.
 */
const UNCERTAIN =
  'O Asaas não confirmou o estorno: ele pode ter sido feito ou não. O próximo estorno confere isso com o Asaas antes: se ele foi feito, é contado e não é pedido de novo.';

/** A refund checked by the form, waiting for staff to confirm it: money leaves for good once Asaas has it. */
interface Pending {
  kind: 'integral' | 'parcial';
  amount: number;
  reason: string;
}

/**
 * Staff refund a payment from the booking page, in full or in part, with a reason (the server records it).
 * The form checks the value and the reason; a dialog then says what will be refunded before anything is sent.
 */
export function RefundPanel({ booking }: { booking: BookingRecord }) {
  const payment = booking.expand?.pagamento;
  const queryClient = useQueryClient();
  const headingId = useId();
  const [kind, setKind] = useState<'integral' | 'parcial'>('integral');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ valor?: string; motivo?: string }>({});
  const [serverError, setServerError] = useState('');
  const [done, setDone] = useState('');
  const [uncertain, setUncertain] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const refund = useMutation({
    mutationFn: requestRefund,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingQueries.details() }),
  });
  if (!payment || payment.status_asaas === 'REFUNDED') return null;
  const total = payment.preco_servico;
  const refunded = payment.valor_estornado ?? 0;
  // After a partial refund only what remains can be refunded (the server refuses more).
  const remaining = Math.round((total - refunded) * 100) / 100;
  if (remaining <= 0) return null;
  // A refund Asaas never answered, recorded by the server until the next refund settles it with Asaas.
  const unconfirmed = estornoComum.incertoDe(payment);

  function submit(event: FormEvent) {
    event.preventDefault();
    setServerError('');
    setDone('');
    setUncertain(false);
    const next: { valor?: string; motivo?: string } = {};
    const amount = parseReais(value);
    if (kind === 'parcial' && !(amount > 0 && Math.round(amount * 100) <= Math.round(remaining * 100)))
      next.valor =
        refunded > 0
          ? `Informe um valor entre R$ 0,01 e ${formatBRL(remaining)}, o que resta a estornar.`
          : `Informe um valor entre R$ 0,01 e ${formatBRL(total)}.`;
    if (!reason.trim()) next.motivo = 'Informe o motivo do estorno.';
    setErrors(next);
    if (next.valor || next.motivo) return;
    setPending({ kind, amount: kind === 'parcial' ? amount : remaining, reason: reason.trim() });
  }

  async function confirm(confirmed: Pending) {
    setServerError('');
    try {
      const outcome = await refund.mutateAsync({
        agendamento: booking.id,
        motivo: confirmed.reason,
        ...(confirmed.kind === 'parcial' ? { valor: confirmed.amount } : {}),
      });
      setPending(null);
      setDone(
        outcome.resultado === 'confirmado'
          ? outcome.mensagem
          : confirmed.kind === 'parcial'
            ? `Estorno de ${formatBRL(confirmed.amount)} solicitado ao Asaas. A situação do pagamento muda quando o Asaas confirmar.`
            : `${refunded > 0 ? `Estorno do restante (${formatBRL(remaining)})` : 'Estorno integral'} solicitado ao Asaas. A situação do pagamento muda quando o Asaas confirmar.`,
      );
      setValue('');
      setReason('');
    } catch (error) {
      const refused = refusalMessage(error);
      if (refused) {
        setServerError(refused);
        return;
      }
      // The dialog closes so the same refund is not confirmed again at once; the page reloads the payment.
      setPending(null);
      setUncertain(true);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-gray-200 p-5">
      <h2 id={headingId} className="text-lg font-bold text-ink-900">
        Estornar pagamento
      </h2>
      {refunded > 0 ? (
        <p className="mt-2 text-ink-700">
          Já estornado: {formatBRL(refunded)} de {formatBRL(total)}. Resta {formatBRL(remaining)}.
        </p>
      ) : null}
      {unconfirmed ? (
        <div className="mt-3 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-ink-900">
          <p className="font-semibold">Estorno sem confirmação do Asaas</p>
          <p>{estornoComum.textoDoIncerto(regras.estorno.incertoAviso, unconfirmed, formatBRL)}</p>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-3 space-y-4">
        <FormAlert>{uncertain ? UNCERTAIN : ''}</FormAlert>
        <fieldset>
          <legend className="font-semibold text-ink-900">Valor do estorno</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                [
                  'integral',
                  refunded > 0 ? `O restante (${formatBRL(remaining)})` : `Integral (${formatBRL(total)})`,
                ],
                ['parcial', 'Parcial'],
              ] as const
            ).map(([option, label]) => (
              <label key={option} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="tipo-estorno"
                  checked={kind === option}
                  onChange={() => setKind(option)}
                  className="size-5"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'parcial' ? (
          <Field
            label="Valor a estornar (R$)"
            inputMode="decimal"
            value={value}
            error={errors.valor}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : null}
        <TextAreaField
          label="Motivo"
          hint={`Fica no histórico do agendamento. Até ${MAX_REASON} caracteres.`}
          maxLength={MAX_REASON}
          value={reason}
          error={errors.motivo}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" variant="danger">
          Solicitar estorno
        </Button>
        {done ? (
          <p role="status" className="rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-900">
            {done}
          </p>
        ) : null}
      </form>
      {pending ? (
        <ConfirmModal
          title="Confirmar estorno"
          formError={serverError}
          pending={refund.isPending}
          variant="danger"
          confirmText="Confirmar estorno"
          pendingText="Solicitando..."
          onConfirm={() => confirm(pending)}
          onClose={() => setPending(null)}
        >
          <p>
            Será estornado <strong>{formatBRL(pending.amount)}</strong>
            {pending.amount < total ? ` de ${formatBRL(total)}` : ''}, pela mesma forma de pagamento. O
            estorno não pode ser desfeito.
          </p>
          <p className="break-words">Motivo: {pending.reason}</p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
