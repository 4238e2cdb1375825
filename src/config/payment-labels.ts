/** How a payment reads in Portuguese, on the customer's tracking page and on the staff booking page. */
import { services } from '@/config/content';
import { asaas, notaFiscal } from '../../pocketbase/pb_hooks/lib/regras.json';

export const methodLabel = (method: string): string =>
  method === 'cartao_credito' ? 'Cartão de Crédito' : method === 'pix' ? 'Pix' : 'N/A';

export const serviceName = (type: string): string =>
  type in services ? services[type as keyof typeof services].name : type;

/** Asaas's payment statuses (pagamentos.status_asaas); an unknown one is shown as Asaas wrote it. */
const PAYMENT_STATUS: Record<string, string> = {
  CONFIRMED: 'Confirmado',
  RECEIVED: 'Recebido',
  RECEIVED_IN_CASH: 'Recebido em dinheiro',
  PENDING: 'Pendente',
  AWAITING_RISK_ANALYSIS: 'Em análise de risco',
  OVERDUE: 'Vencido',
  REFUND_REQUESTED: 'Estorno solicitado',
  REFUND_IN_PROGRESS: 'Estorno em andamento',
  REFUNDED: 'Estornado',
  PARTIALLY_REFUNDED: 'Estornado em parte',
  VALOR_DIVERGENTE: 'Valor abaixo do preço',
  CHARGEBACK_REQUESTED: 'Contestação aberta pelo cliente',
  CHARGEBACK_DISPUTE: 'Contestação em disputa',
  AWAITING_CHARGEBACK_REVERSAL: 'Contestação revertida, aguardando repasse',
};

export const paymentStatusLabel = (status: string): string =>
  PAYMENT_STATUS[status] ?? (status || 'Desconhecido');

/** A payment whose money is kept: paid (regras.json asaas.pago). Anything else deserves staff's attention. */
export const paymentCleared = (status: string): boolean => asaas.pago.includes(status);

/** The order's service invoice (NFS-e) as staff and the customer read its state (regras.json notaFiscal). */
export function invoiceStatusLabel(status: string): string {
  return (notaFiscal.status as Record<string, string>)[status] ?? status;
}

/** The invoice's PDF, once the city authorized it (an http(s) address from Asaas, or the demo's own), else null. */
export function invoicePdf(payment: { nota_status?: string; nota_pdf?: string }): string | null {
  const url = payment.nota_pdf ?? '';
  return payment.nota_status === 'AUTHORIZED' && /^(https?:\/\/|\/[^/])/.test(url) ? url : null;
}
