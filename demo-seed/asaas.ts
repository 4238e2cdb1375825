/** The seed's paid charges as Asaas holds them (the double's Asaas, src/mocks/asaas.ts, and the real server's stand-in). */
import type { AsaasPayment } from '../fake-asaas/fake-asaas.mjs';
import comum from '../pocketbase/pb_hooks/lib/comum.js';
import proxyComum from '../pocketbase/pb_hooks/lib/proxy_comum.js';
import type { ChargeRecord } from '@/lib/types';

/**
 * How Asaas holds a charge of the seed's orders, made before the demo started (the demo's Asaas learns it at its first
 * call; `npm run backend` gives the stand-in the same: scripts/backend/seed.mjs).
 */
export function pagamentoDoSeed(charge: ChargeRecord): AsaasPayment {
  return {
    id: charge.asaas_id,
    installment: null,
    status: charge.status,
    value: comum.parcelamento(charge.valor, charge.parcelas).valor,
    billingType: proxyComum.tipoDeCobranca(charge.metodo),
    externalReference: charge.tentativa,
    dateCreated: charge.created.slice(0, 10),
    refunds: null,
    chargeback: null,
  };
}
