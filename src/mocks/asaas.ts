/** The demo's Asaas behind the proxy: the same test cards as scripts/asaas-stand-in.mjs, its charges, its Pix. */
import { installmentPlan } from '@/lib/installments';
import type { ChargeRecord } from '@/lib/types';
import regras from '../../pocketbase/pb_hooks/lib/regras.json';
import { getDb } from './db';
import type { AsaasCharge } from './schema';
import { newId, parsePbDate } from './util';
import { processarEvento } from './webhook';

export type AsaasIssue = { code: string; description: string };
/** Today in America/Sao_Paulo (UTC-3). */
export const todaySaoPaulo = (): string => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

/** Card numbers with a fixed outcome, as scripts/asaas-stand-in.mjs answers them; any other valid card is approved. */
export const DEMO_TEST_CARDS = regras.cartoesTeste;

/** Asaas's refusal of a test card, when it has one. */
function refusal(number: string): AsaasIssue | null {
  const names = ['declined', 'insufficientFunds', 'wrongCvv'] as const;
  const name = names.find((n) => ([] as string[]).concat(DEMO_TEST_CARDS[n]).includes(number));
  return name ? { code: 'invalid_creditCard', description: regras.recusasTeste[name] } : null;
}

/** What the demo's Asaas does with a card: the stand-in's test cards, anything else approved. */
export function asaasCardOutcome(
  number: string,
): { status: string } | { issue: AsaasIssue } | { unknown: true } {
  const issue = refusal(number);
  if (issue) return { issue };
  const { noAnswer, serverError, serverErrorNoCharge } = DEMO_TEST_CARDS;
  if ([noAnswer, serverError, serverErrorNoCharge].includes(number)) return { unknown: true };
  if (number === DEMO_TEST_CARDS.riskAnalysis) return { status: 'AWAITING_RISK_ANALYSIS' };
  if (number === DEMO_TEST_CARDS.pending) return { status: 'PENDING' };
  return { status: 'CONFIRMED' };
}

export function recordAsaasCharge(
  charge: ChargeRecord,
  customer: string,
  status: string,
  last4: string | null,
): void {
  const plan = installmentPlan(charge.valor, charge.parcelas);
  charge.asaas_id = `pay_${newId(12)}`;
  getDb().asaasCharges.push({
    id: charge.asaas_id,
    installment: charge.parcelas > 1 ? `ins_${newId(12)}` : null,
    customer,
    billingType: charge.metodo === 'pix' ? 'PIX' : 'CREDIT_CARD',
    status,
    externalReference: charge.tentativa,
    value: plan.value,
    totalValue: charge.valor,
    netValue: Math.round(plan.value * 97.01 - 49) / 100,
    installmentCount: charge.parcelas,
    dueDate: todaySaoPaulo(),
    description: `Agendamento ${charge.tipo_servico}${charge.flex ? ' + Flex' : ''}`,
    creditCardLast4: last4,
    remoteIp: last4 ? '127.0.0.1' : null,
    dateCreated: todaySaoPaulo(),
  });
}

/** A "Pix copia e cola" string in the EMV layout (id, 2-digit length, value); the CRC is fake. */
export function pixPayload(charge: AsaasCharge): string {
  const field = (id: string, value: string): string =>
    `${id}${String(value.length).padStart(2, '0')}${value}`;
  const account = field('00', 'br.gov.bcb.pix') + field('25', `pix.demo.invalid/qr/v2/${charge.id}`);
  return [
    field('00', '01'),
    field('26', account),
    field('52', '0000'),
    field('53', '986'),
    field('54', charge.value.toFixed(2)),
    field('58', 'BR'),
    field('59', 'PASSAPORTE ITALIANO DEMO'),
    field('60', 'SAO PAULO'),
    field('62', field('05', '***')),
    '6304DE00',
  ].join('');
}

/** A QR-code-like picture (made by scripts/asaas-stand-in.mjs): the demo's Pix has no real bank behind it. */
export const PIX_QR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAANgAAADYCAAAAACsS3IxAAAB30lEQVR4nO3VMW4DMQwEQP//00mXwrGyS9lGcNawPIjkDpu7fX1o3f47wLsK7GoFdrUCu1r9wG6bdd//a0H5btW3nQcMDAwM7EhYWrgLaQ+yejfNAwYGBgZ2NmwaaBpgd199IDAwMDAwsMmg8D4d5Nn5YGBgYGBgzwx6VR8YGBgYGNgrYKmmsGeh0zxgYGBgYGfCprV7gLZvNw8YGBgY2NmwNlh63x4i7U/fwcDAwMDOhk1rGiT1twet34GBgYGBHQWbBpl+b8EtJM0DAwMDAzsLliCrBW2QKaCtZT4wMDAwsKNgqwfTQNODpAOlXMvvYGBgYGBHwaaAaV86QNtfHwYMDAwM7EhY3RgWtv1/n2W9J+4FAwMDAzsKtgKlAGlRC5tC4zswMDAwsKNg2wPKauem9/XBwcDAwMDA3vgDXfVtQ+776odgYA/7wFLe+iEY2MO+t8HGA54M0vbff097wMDAwMDOgqXGtlrIKvj0kMt9YGBgYGBHwlJDWjgF785NucHAwMDAzoa1A9tFCTCFp71gYGBgYGATWL1wAUpz2n4wMDAwMLAJLAVM36dAMDAwMDCwBpaqXTCdv4KNoWBgYGBgR8J2awqbQtM7MDAwMLCzYZ9WYFcrsKsV2NXqY2HfURycKF+MA8AAAAAASUVORK5CYII=';

/** The demo pays a Pix a few seconds after it was made, as if the customer's bank had sent it. */
const DEMO_PIX_PAID_AFTER_MS = import.meta.env.MODE === 'test' ? 0 : 6000;
export function pagarPixDemo(): void {
  const now = Date.now();
  for (const charge of getDb().cobrancas) {
    if (charge.metodo !== 'pix' || charge.status !== 'PENDING') continue;
    const made = parsePbDate(charge.created)?.getTime() ?? now;
    if (DEMO_PIX_PAID_AFTER_MS > 0 && now - made >= DEMO_PIX_PAID_AFTER_MS) {
      const asaas = getDb().asaasCharges.find((c) => c.id === charge.asaas_id);
      if (asaas) {
        asaas.status = 'RECEIVED';
        processarEvento('PAYMENT_RECEIVED', asaas.id);
      }
    }
  }
}

/** The demo's Asaas refunds a payment at once and delivers the event, as Asaas does after a refund. */
export function refundPayment(paymentId: string, full: boolean): void {
  const asaas = getDb().asaasCharges.find((c) => c.id === paymentId);
  if (!asaas) return;
  asaas.status = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  processarEvento(full ? 'PAYMENT_REFUNDED' : 'PAYMENT_PARTIALLY_REFUNDED', paymentId);
}
