import type { ChargeRecord } from '@/lib/types';

/** The title of a card charge that ended unpaid after the customer was told to wait (charges.endedAfterWaiting). */
export const ENDED_CHARGE_TITLE = 'Seu pagamento não foi concluído';

/**
 * What ended it, and that paying again is safe: the page that said "não pague de novo" (checkout, tracking)
 * says this once the server knows, on any device.
 */
export function EndedChargeText({ charge }: { charge: Pick<ChargeRecord, 'status'> }) {
  return (
    <>
      <p>
        {charge.status === 'NAO_CRIADA'
          ? 'A operadora confirmou que a cobrança não foi feita.'
          : 'A operadora do cartão recusou o pagamento na análise.'}{' '}
        <strong>Nada foi cobrado.</strong>
      </p>
      <p>Você pode contratar de novo, com outro cartão ou por Pix.</p>
    </>
  );
}
